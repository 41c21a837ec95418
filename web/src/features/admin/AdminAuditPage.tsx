import { Anchor, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { auditActions, auditApi } from '../../api/audit';
import { pageCount } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuditChangeList } from '../../ui/AuditChangeList';
import { shortAuditValue as shortValue } from '../../ui/auditChanges';
import { apiErrorText } from '../../lib/apiErrorText';
import { ListState } from '../../ui/list/ListState';
import { PageHeading } from '../../ui/page/PageHeading';
import { ListPagination } from '../../ui/list/ListPagination';
import { StackedTable } from '../../ui/list/StackedTable';
import { count } from './format';

/** /admin/audit: the append-only audit log, newest first, filtered by actor, action, target and festival; 50 a page. */
export default function AdminAuditPage() {
  const { t, i18n } = useTranslation('admin-users');
  usePageMeta(t('audit.title'), t('audit.description'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  // A link may open the log filtered (the user page's: ?targetType=user&targetId=7; a festival's: ?festival=slug).
  const [params] = useSearchParams();
  const [actor, setActor] = useState(() => params.get('actor') ?? '');
  const [action, setAction] = useState(() => params.get('action') ?? '');
  const [targetType, setTargetType] = useState(() => params.get('targetType') ?? '');
  const [targetId, setTargetId] = useState(() => params.get('targetId') ?? '');
  const [festival, setFestival] = useState(() => params.get('festival') ?? '');
  const [page, setPage] = useState(1);
  // Debounced typing; the first render already holds the link's filters.
  const [filters] = useDebouncedValue(
    { actor: actor.trim(), targetType: targetType.trim(), targetId: targetId.trim(), festival: festival.trim() },
    300,
  );

  const query = useQuery({
    queryKey: ['admin', 'audit', { ...filters, action, page }],
    queryFn: () => auditApi.list({ ...filters, action, page }),
    placeholderData: keepPreviousData,
  });
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(1);
  };
  const actionLabel = (a: string) => t(`audit.actions.${a}`, { defaultValue: a });
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));

  return (
    <Stack gap="lg">
      <PageHeading title={t('audit.title')} subtitle={t('audit.subtitle')} />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          label={t('audit.actor')}
          placeholder={t('audit.actorPlaceholder')}
          value={actor}
          onChange={(e) => edit(setActor)(e.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label={t('audit.action')}
          data={[{ value: '', label: t('audit.allActions') }, ...auditActions.map((a) => ({ value: a, label: actionLabel(a) }))]}
          value={action}
          onChange={(v) => edit(setAction)(v ?? '')}
          allowDeselect={false}
          w={{ base: '100%', xs: 240 }}
          data-testid="audit-action-filter"
        />
        <TextInput
          label={t('audit.targetType')}
          placeholder={t('audit.targetTypePlaceholder')}
          value={targetType}
          onChange={(e) => edit(setTargetType)(e.currentTarget.value)}
          w={{ base: '100%', xs: 150 }}
        />
        <TextInput
          label={t('audit.targetId')}
          value={targetId}
          onChange={(e) => edit(setTargetId)(e.currentTarget.value)}
          w={{ base: '100%', xs: 150 }}
        />
        <TextInput
          label={t('audit.festival')}
          placeholder={t('audit.festivalPlaceholder')}
          value={festival}
          onChange={(e) => edit(setFestival)(e.currentTarget.value)}
          w={{ base: '100%', xs: 200 }}
          data-testid="audit-festival-filter"
        />
        {query.data && (
          <Text size="sm" c="gray.7" aria-live="polite" data-testid="audit-total">
            {query.data.totalCapped
              ? t('audit.totalCapped', { shown: count(query.data.total, language) })
              : t('audit.total', { count: query.data.total })}
          </Text>
        )}
      </Group>
      <ListState
        query={query}
        isEmpty={(d) => d.items.length === 0}
        loadingLabel={t('audit.loading')}
        errorTitle={t('audit.failed')}
        errorText={apiErrorText(query.error, 'admin-users')}
        retryLabel={t('audit.retry')}
        errorTestId="audit-error"
        emptyText={t('audit.empty')}
        emptyTestId="audit-empty"
      >
        {(d) => (
          <Paper withBorder radius="md">
            <StackedTable minWidth={900}>
              <Table striped verticalSpacing="sm" data-testid="audit-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('audit.time')}</Table.Th>
                    <Table.Th scope="col">{t('audit.actor')}</Table.Th>
                    <Table.Th scope="col">{t('audit.action')}</Table.Th>
                    <Table.Th scope="col">{t('audit.target')}</Table.Th>
                    <Table.Th scope="col">{t('audit.change')}</Table.Th>
                    <Table.Th scope="col">{t('audit.ip')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{dateTime(e.createdAt)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{e.actorEmail || t('audit.noActor')}</Table.Td>
                      <Table.Td>{actionLabel(e.action)}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {e.targetType} {e.targetId}
                        {e.festivalSlug && (
                          <Text size="xs" c="gray.7">
                            {t('audit.ofFestival')}{' '}
                            <Anchor
                              component="button"
                              type="button"
                              size="xs"
                              onClick={() => edit(setFestival)(e.festivalSlug)}
                              aria-label={t('audit.filterFestival', { slug: e.festivalSlug })}
                            >
                              {e.festivalSlug}
                            </Anchor>
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <AuditChangeList entry={e} label={(key) => key} value={(_, v) => shortValue(v)} removed="∅" />
                      </Table.Td>
                      <Table.Td>{e.ip}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </StackedTable>
          </Paper>
        )}
      </ListState>
      <ListPagination total={pageCount(query.data)} value={page} onChange={setPage} label={t('audit.pagination')} />
    </Stack>
  );
}
