import { Table } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackedTable } from './StackedTable';
import { renderWithProviders } from '../../test/utils';

describe('StackedTable', () => {
  it("labels every cell with its column's header for the phone layout", async () => {
    renderWithProviders(
      <StackedTable minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Joined</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Ana</Table.Td>
              <Table.Td>Admin</Table.Td>
              <Table.Td>Jan 2</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </StackedTable>,
    );
    expect(await screen.findByText('Role', { selector: 'th' })).toBeInTheDocument();
    expect(screen.getByText('Ana')).toHaveAttribute('data-label', 'Name');
    expect(screen.getByText('Admin')).toHaveAttribute('data-label', 'Role');
    expect(screen.getByText('Jan 2')).toHaveAttribute('data-label', 'Joined');

  });

  it('leaves a message spanning the columns unlabelled', async () => {
    renderWithProviders(
      <StackedTable minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Role</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={2}>No users</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </StackedTable>,
    );
    expect(await screen.findByText('No users')).not.toHaveAttribute('data-label');
  });
});
