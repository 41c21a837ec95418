import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { PagedTable } from '../../ui/list/PagedTable';
import { Title } from '../../ui/Title';

/**
 * PagedSection is one of the account page's lists (purchases, the credit
 * ledger): a section with its heading and intro, an action beside them, and
 * the list's pages in a PagedTable.
 */
export function PagedSection<T>({
  id,
  title,
  intro,
  action,
  ...table
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  intro: string;
  action?: ReactNode;
} & ComponentProps<typeof PagedTable<T>>) {
  return (
    <Paper withBorder shadow="xs" radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h3" id={id}>
              {title}
            </Title>
            <Text size="sm" c="gray.7">
              {intro}
            </Text>
          </div>
          {action}
        </Group>
        <PagedTable {...table} />
      </Stack>
    </Paper>
  );
}
