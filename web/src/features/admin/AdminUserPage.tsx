import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { adminUsersApi, type UserDetail } from '../../api/adminUsers';
import { ApiError } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { ListState } from '../../ui/list/ListState';
import { StackedTable } from '../../ui/list/StackedTable';
import { count, dollars, shortDate } from './format';
import { UserActions } from './UserActions';

/** dateTime renders an ISO timestamp as date and time in the language's style. */
function dateTime(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** /admin/users/:id: one account, what hangs off it, and the admins' actions on it. */
export default function AdminUserPage() {
  const { t, i18n } = useTranslation('admin-users');
  const { t: ta } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: ['admin', 'user', id],
    queryFn: () => adminUsersApi.get(id),
    enabled: Number.isInteger(id) && id > 0,
  });
  usePageMeta(query.data ? t('detail.title', { name: query.data.user.name || query.data.user.email }) : t('detail.loadingTitle'), t('detail.description'));

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/users" size="sm">
        {t('detail.back')}
      </Anchor>
      <ListState
        query={query}
        isEmpty={() => false}
        loadingLabel={ta('dashboard.loading')}
        errorTitle={t('detail.failed')}
        errorText={query.error instanceof ApiError && query.error.status === 404 ? t('detail.notFound') : apiErrorText(query.error, 'admin-users')}
        retryLabel={t('detail.retry')}
        errorTestId="user-error"
        emptyText=""
        emptyTestId="user-empty"
      >
        {(d) => <UserDetailView detail={d} language={language} />}
      </ListState>
    </Stack>
  );
}

function UserDetailView({ detail, language }: { detail: UserDetail; language: string }) {
  const { t } = useTranslation('admin-users');
  const { t: ta } = useTranslation('admin');
  const u = detail.user;
  return (
    <Stack gap="lg">
      <Group gap="sm" align="center">
        <Title order={1}>{u.name || u.email}</Title>
        <Badge variant="light" color={u.role === 'admin' ? 'indigo' : 'gray'}>
          {ta(`users.roles.${u.role}`, { defaultValue: u.role })}
        </Badge>
        <Badge variant="outline" color={u.disabledAt ? 'red.9' : 'teal.9'} data-testid="user-status">
          {u.disabledAt ? t('status.disabled') : t('status.active')}
        </Badge>
      </Group>
      <Card withBorder radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Fact label={t('detail.email')}>{u.email}</Fact>
          <Fact label={t('detail.credits')} testId="user-credits">
            {count(u.credits, language)}
          </Fact>
          <Fact label={t('detail.joined')}>{shortDate(u.createdAt, language)}</Fact>
          <Fact label={t('detail.verified')}>{u.emailVerified ? t('detail.yes') : t('detail.no')}</Fact>
          {u.disabledAt && <Fact label={t('detail.disabledAt')}>{dateTime(u.disabledAt, language)}</Fact>}
        </SimpleGrid>
      </Card>
      <UserActions detail={detail} />
      <Anchor component={Link} to={`/admin/audit?targetType=user&targetId=${u.id}`} size="sm">
        {t('detail.auditLink')}
      </Anchor>
      <Section title={t('festivals.title')} empty={t('festivals.empty')} rows={detail.festivals.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('festivals.name')}</Table.Th>
              <Table.Th scope="col">{t('festivals.status')}</Table.Th>
              <Table.Th scope="col">{t('festivals.created')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.festivals.map((f) => (
              <Table.Tr key={f.id}>
                <Table.Td>{f.name}</Table.Td>
                <Table.Td>{t(`festivals.statuses.${f.status}`, { defaultValue: f.status })}</Table.Td>
                <Table.Td>{shortDate(f.createdAt, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t('purchases.title')} empty={t('purchases.empty')} rows={detail.purchases.length}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('purchases.date')}</Table.Th>
              <Table.Th scope="col">{t('purchases.package')}</Table.Th>
              <Table.Th scope="col">{t('purchases.amount')}</Table.Th>
              <Table.Th scope="col">{t('purchases.credits')}</Table.Th>
              <Table.Th scope="col">{t('purchases.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.purchases.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{shortDate(p.createdAt, language)}</Table.Td>
                <Table.Td>{p.packageName}</Table.Td>
                <Table.Td>{dollars(p.amountCents, language)}</Table.Td>
                <Table.Td>{count(p.credits, language)}</Table.Td>
                <Table.Td>{t(`purchases.statuses.${p.status}`, { defaultValue: p.status })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t('ledger.title')} empty={t('ledger.empty')} rows={detail.ledger.length} testId="user-ledger">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ledger.date')}</Table.Th>
              <Table.Th scope="col">{t('ledger.change')}</Table.Th>
              <Table.Th scope="col">{t('ledger.reason')}</Table.Th>
              <Table.Th scope="col">{t('ledger.note')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.ledger.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{dateTime(e.createdAt, language)}</Table.Td>
                <Table.Td>{e.delta > 0 ? `+${count(e.delta, language)}` : count(e.delta, language)}</Table.Td>
                <Table.Td>{t(`ledger.reasons.${e.reason}`, { defaultValue: e.reason })}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.note ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      <Section title={t('sessions.title')} empty={t('sessions.empty')} rows={detail.sessions.length} testId="user-sessions">
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('sessions.created')}</Table.Th>
              <Table.Th scope="col">{t('sessions.ip')}</Table.Th>
              <Table.Th scope="col">{t('sessions.agent')}</Table.Th>
              <Table.Th scope="col">{t('sessions.expires')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {detail.sessions.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>{dateTime(s.createdAt, language)}</Table.Td>
                <Table.Td>{s.ip}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.userAgent}</Table.Td>
                <Table.Td>{dateTime(s.expiresAt, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

function Section({ title, empty, rows, testId, children }: { title: string; empty: string; rows: number; testId?: string; children: ReactNode }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {rows === 0 ? (
        <Text c="gray.7">{empty}</Text>
      ) : (
        <Card withBorder radius="md" p={0}>
          <StackedTable minWidth={560}>{children}</StackedTable>
        </Card>
      )}
    </Stack>
  );
}
