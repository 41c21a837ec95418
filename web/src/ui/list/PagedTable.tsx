import { Table, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageCount, type Page } from '../../api/client';
import { ListPagination } from './ListPagination';
import { ListState } from './ListState';
import { StackedTable } from './StackedTable';

/** One column of a PagedTable: its header, optionally read out only (an actions column), or right-aligned. */
export interface Column {
  label: string;
  hidden?: boolean;
  align?: 'right';
}

/** The texts of a PagedTable, in the caller's words. */
export interface PagedTableTexts {
  loading: string;
  errorTitle: string;
  /** The load error in words (apiErrorText of the query's error). */
  errorText: string;
  retry: string;
  empty: string;
  /** The accessible name of the page navigation. */
  pagination: string;
}

/**
 * PagedTable is one page of a list from the API (Page<T>): its loading
 * spinner, load error with a retry, or empty text (ListState); the rows in
 * a StackedTable under the columns' headers; and the pager. Test ids:
 * `<testId>-table`, `-error` and `-empty`.
 */
export function PagedTable<T>({
  query,
  columns,
  row,
  page,
  onPage,
  minWidth,
  texts,
  testId,
  highlightOnHover = false,
}: {
  query: { isPending: boolean; isError: boolean; data: Page<T> | undefined; refetch: () => unknown; isPlaceholderData?: boolean };
  columns: Column[];
  /** row renders one item as a <Table.Tr>. */
  row: (item: T) => ReactNode;
  page: number;
  onPage: (page: number) => void;
  minWidth: number;
  texts: PagedTableTexts;
  testId: string;
  highlightOnHover?: boolean;
}) {
  return (
    <>
      <ListState
        query={query}
        isEmpty={(data) => data.items.length === 0}
        loadingLabel={texts.loading}
        errorTitle={texts.errorTitle}
        errorText={texts.errorText}
        retryLabel={texts.retry}
        errorTestId={`${testId}-error`}
        emptyText={texts.empty}
        emptyTestId={`${testId}-empty`}
      >
        {(data) => (
          <StackedTable minWidth={minWidth}>
            <Table
              striped
              highlightOnHover={highlightOnHover}
              verticalSpacing="sm"
              bg="white"
              data-testid={`${testId}-table`}
              aria-busy={query.isPlaceholderData || undefined}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c, i) => (
                    <Table.Th key={i} scope="col" ta={c.align}>
                      {c.hidden ? <VisuallyHidden>{c.label}</VisuallyHidden> : c.label}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{data.items.map(row)}</Table.Tbody>
            </Table>
          </StackedTable>
        )}
      </ListState>
      <ListPagination total={pageCount(query.data)} value={page} onChange={onPage} label={texts.pagination} />
    </>
  );
}
