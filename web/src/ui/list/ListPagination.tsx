import { Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** ListPagination pages through a list; it renders nothing for a single page. */
export function ListPagination({
  total,
  value,
  onChange,
  label,
}: {
  /** Number of pages. */
  total: number;
  value: number;
  onChange: (page: number) => void;
  /** Accessible name of the page navigation. */
  label: string;
}) {
  const { t } = useTranslation();
  if (total <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
        getControlProps={(c) =>
          c === 'previous' || c === 'first'
            ? { 'aria-label': t('pagination.previousPage') }
            : { 'aria-label': t('pagination.nextPage') }
        }
        withEdges={false}
      />
    </nav>
  );
}
