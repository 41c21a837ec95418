import { Button, Center, Group, Loader, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Notice } from '../Notice';

/** ListFilter is the status filter of a list, with the list's total beside it once known. */
export function ListFilter<T extends string>({
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
 * ListState shows a list's loading spinner, its load error with
 * a retry button, or its empty state; once there are items it renders
 * children with the loaded data.
 */
export function ListState<D>({
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
