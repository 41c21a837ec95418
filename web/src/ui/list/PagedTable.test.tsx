import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Page } from '../../api/client';
import { renderWithProviders } from '../../test/utils';
import { PagedTable } from './PagedTable';

const texts = { loading: 'Loading', errorTitle: 'Not loaded', errorText: 'Server down', retry: 'Retry', empty: 'None yet', pagination: 'Pages' };

function table(query: { isPending: boolean; isError: boolean; data: Page<string> | undefined; refetch: () => unknown }, onPage = vi.fn()) {
  renderWithProviders(
    <PagedTable
      query={query}
      page={1}
      onPage={onPage}
      minWidth={400}
      testId="names"
      texts={texts}
      columns={[{ label: 'Name' }, { label: 'Actions', hidden: true }]}
      row={(name) => (
        <Table.Tr key={name} data-testid="name-row">
          <Table.Td>{name}</Table.Td>
          <Table.Td>—</Table.Td>
        </Table.Tr>
      )}
    />,
  );
  return onPage;
}

describe('PagedTable', () => {
  it('shows a page of rows under the headers and pages on', async () => {
    const onPage = table({ isPending: false, isError: false, data: { items: ['Ana', 'Bo'], total: 120, page: 1, perPage: 50 }, refetch: vi.fn() });
    const rows = within(screen.getByTestId('names-table')).getAllByTestId('name-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await userEvent.setup().click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 3' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });

  it('says when the list is empty, with no pager', async () => {
    table({ isPending: false, isError: false, data: { items: [], total: 0, page: 1, perPage: 50 }, refetch: vi.fn() });
    expect(screen.getByTestId('names-empty')).toHaveTextContent('None yet');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('offers a retry when the list did not load', async () => {
    const refetch = vi.fn();
    table({ isPending: false, isError: true, data: undefined, refetch });
    expect(screen.getByTestId('names-error')).toHaveTextContent('Server down');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });
});
