import { Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { Title } from '../Title';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Notice } from '../Notice';

/**
 * useAdminListParams reads an admin list's status filter and page from the
 * URL (`?status=&page=`); the default filter and page 1 stay out of the URL.
 * With `replace`, a filter change replaces the history entry instead of
 * adding one.
 */
export function useAdminListParams<T extends string>(filters: readonly T[], fallback: T, { replace = false } = {}) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = filters.includes(raw as T) ? (raw as T) : fallback;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setStatus = (value: T) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value === fallback) next.delete('status');
    else next.set('status', value);
    setParams(next, { replace });
  };
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
  };
  return { status, page, setStatus, setPage };
}

/** AdminPageHeading is an admin page's title and one-line explanation. */
export function AdminPageHeading({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <Stack gap={4}>
      <Title order={1}>{title}</Title>
      <Text c="gray.7">{subtitle}</Text>
    </Stack>
  );
}

/** AdminListFilter is the status filter of an admin list, with the list's total beside it once known. */
export function AdminListFilter<T extends string>({
  label,
  value,
  options,
  onChange,
  total,
  testId,
  totalTestId,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  /** The total, already worded ("12 festivals"); nothing is shown while unknown. */
  total?: string;
  testId?: string;
  totalTestId: string;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <SegmentedControl
        aria-label={label}
        value={value}
        onChange={(v) => onChange(v as T)}
        data={options}
        data-testid={testId}
      />
      {total !== undefined && (
        <Text size="sm" c="gray.7" data-testid={totalTestId}>
          {total}
        </Text>
      )}
    </Group>
  );
}

/**
 * AdminListState shows an admin list's loading spinner, its load error with
 * a retry button, or its empty state; once there are items it renders
 * children with the loaded data.
 */
export function AdminListState<D>({
  query,
  isEmpty,
  loadingLabel,
  errorTitle,
  errorText,
  retryLabel,
  errorTestId,
  emptyText,
  emptyTestId,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: D | undefined; refetch: () => unknown };
  isEmpty: (data: D) => boolean;
  loadingLabel: string;
  errorTitle: string;
  errorText: string;
  retryLabel: string;
  errorTestId: string;
  emptyText: string;
  emptyTestId: string;
  children: (data: D) => ReactNode;
}) {
  if (query.isPending || (!query.isError && query.data === undefined)) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Notice color="red" role="alert" title={errorTitle} data-testid={errorTestId}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="gray.9">
            {errorText}
          </Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {retryLabel}
          </Button>
        </Stack>
      </Notice>
    );
  }
  if (query.data === undefined || isEmpty(query.data)) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid={emptyTestId}>
        <Text ta="center" c="gray.7">
          {emptyText}
        </Text>
      </Paper>
    );
  }
  return <>{children(query.data)}</>;
}
