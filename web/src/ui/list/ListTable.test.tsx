import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/utils';
import { ListTable } from './ListTable';

const texts = { loading: 'Loading', errorTitle: 'Not loaded', errorText: 'Server down', retry: 'Retry', empty: 'None yet' };

function table(query: { isPending: boolean; isError: boolean; data: string[] | undefined; refetch: () => unknown }) {
  renderWithProviders(
    <ListTable
      query={query}
      minWidth={400}
      testId="names"
      texts={texts}
      columns={['Name', 'Actions']}
      row={(name) => (
        <Table.Tr key={name} data-testid="name-row">
          <Table.Td>{name}</Table.Td>
          <Table.Td>—</Table.Td>
        </Table.Tr>
      )}
    />,
  );
}

describe('ListTable', () => {
  it('shows every row under the headers', () => {
    table({ isPending: false, isError: false, data: ['Ana', 'Bo', 'Cy'], refetch: vi.fn() });
    const t = screen.getByTestId('names-table');
    expect(within(t).getAllByTestId('name-row').map((r) => r.firstChild?.textContent)).toEqual(['Ana', 'Bo', 'Cy']);
    expect(within(t).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Actions']);
  });

  it('shows the loading spinner while the list loads', () => {
    table({ isPending: true, isError: false, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('retries a failed load', async () => {
    const refetch = vi.fn();
    table({ isPending: false, isError: true, data: undefined, refetch });
    expect(screen.getByTestId('names-error')).toHaveTextContent('Server down');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('says so when the list is empty', () => {
    table({ isPending: false, isError: false, data: [], refetch: vi.fn() });
    expect(screen.getByTestId('names-empty')).toHaveTextContent('None yet');
    expect(screen.queryByTestId('names-table')).toBeNull();
  });
});
