import { Anchor, Badge, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../ui/list/ListPagination';
import { Link } from 'react-router';
import { adminUsersApi } from '../../api/adminUsers';
import { pageCount, type Role } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { count, shortDate } from './format';
import { StackedTable } from '../../ui/list/StackedTable';

const roles: Role[] = ['filmmaker', 'organiser', 'admin'];

/** AdminUsersPage: every account, searchable by name or email and filtered by role, 50 a page; each opens its page. */
export default function AdminUsersPage() {
  const { t, i18n } = useTranslation('admin');
  const { t: tu } = useTranslation('admin-users');
  usePageMeta(t('users.title'), t('users.description'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [role, setRole] = useState<Role | ''>('');

  const query = useQuery({
    queryKey: ['admin', 'users', { q, role, page }],
    queryFn: () => adminUsersApi.list({ q, role, page }),
    placeholderData: keepPreviousData,
  });
  const totalPages = pageCount(query.data);

  return (
    <Stack gap="lg">
      <Title order={1}>{t('users.title')}</Title>
      <Group justify="space-between" align="flex-end">
        <TextInput
          type="search"
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', xs: 320 }}
        />
        <Select
          label={tu('list.roleFilter')}
          data={[{ value: '', label: tu('list.allRoles') }, ...roles.map((r) => ({ value: r, label: t(`users.roles.${r}`) }))]}
          value={role}
          onChange={(v) => {
            setRole((v ?? '') as Role | '');
            setPage(1);
          }}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
          data-testid="users-role-filter"
        />
        {query.data && (
          <Text c="gray.7" size="sm" aria-live="polite" data-testid="users-total">
            {query.data.totalCapped
              ? t('users.totalCapped', { shown: count(query.data.total, language) })
              : t('users.total', { count: query.data.total })}
          </Text>
        )}
      </Group>
      {query.isError && (
        <Text c="red.8" role="alert">
          {t('users.error', { message: apiErrorText(query.error, 'common', t('users.failed')) })}
        </Text>
      )}
      {query.isPending && <Text>{t('dashboard.loading')}</Text>}
      {query.data && (
        <Paper withBorder radius="md">
          <StackedTable minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="sm" data-testid="users-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('users.name')}</Table.Th>
                  <Table.Th scope="col">{t('users.email')}</Table.Th>
                  <Table.Th scope="col">{t('users.role')}</Table.Th>
                  <Table.Th scope="col">{tu('list.credits')}</Table.Th>
                  <Table.Th scope="col">{t('users.joined')}</Table.Th>
                  <Table.Th scope="col">{tu('list.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="gray.7" ta="center" py="md">
                        {t('users.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  query.data.items.map((u) => (
                    <Table.Tr key={u.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/users/${u.id}`}>
                          {u.name || t('users.noName')}
                        </Anchor>
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.email}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={u.role === 'admin' ? 'indigo' : 'gray'}>
                          {t(`users.roles.${u.role}`, { defaultValue: u.role })}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{count(u.credits, language)}</Table.Td>
                      <Table.Td>{shortDate(u.createdAt, language)}</Table.Td>
                      <Table.Td>
                        <Badge variant="outline" color={u.disabledAt ? 'red.9' : 'teal.9'}>
                          {u.disabledAt ? tu('status.disabled') : tu('status.active')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </StackedTable>
        </Paper>
      )}
      <ListPagination total={totalPages} value={page} onChange={setPage} label={t('users.pagination')} />
    </Stack>
  );
}
