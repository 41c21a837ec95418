import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListState } from './ListState';

/** The texts of a ListTable, in the caller's words. */
export interface ListTableTexts {
  loading: string;
  errorTitle: string;
  /** The load error in words (apiErrorText of the query's error). */
  errorText: string;
  retry: string;
  empty: string;
}

/**
 * ListTable is a whole list from the API (an array, not paged; PagedTable
 * is the paged one): its loading spinner, load error with a retry, or
 * empty text (ListState); else the rows in a table that scrolls sideways
 * under minWidth, under the columns' headers. Test ids: `<testId>-table`,
 * `-error` and `-empty`.
 */
export function ListTable<T>({
  query,
  columns,
  row,
  minWidth,
  texts,
  testId,
  spacing = 'sm',
}: {
  query: { isPending: boolean; isError: boolean; data: T[] | undefined; refetch: () => unknown };
  columns: string[];
  /** row renders one item as a <Table.Tr> with its key. */
  row: (item: T) => ReactNode;
  minWidth: number;
  texts: ListTableTexts;
  testId: string;
  spacing?: 'xs' | 'sm';
}) {
  return (
    <ListState
      query={query}
      isEmpty={(items) => items.length === 0}
      loadingLabel={texts.loading}
      errorTitle={texts.errorTitle}
      errorText={texts.errorText}
      retryLabel={texts.retry}
      errorTestId={`${testId}-error`}
      emptyText={texts.empty}
      emptyTestId={`${testId}-empty`}
    >
      {(items) => (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table verticalSpacing={spacing} data-testid={`${testId}-table`}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c, i) => (
                  <Table.Th key={i} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{items.map((item) => row(item))}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListState>
  );
}
