import { Anchor, Group, Paper, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { auditApi, type FestivalActivity } from '../../api/audit';
import { pageCount } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { languageFor } from '../../i18n/languages';
import { AuditChangeList } from '../../ui/AuditChangeList';
import { shortAuditValue } from '../../ui/auditChanges';
import { ListState } from '../../ui/list/ListState';
import { ListPagination } from '../../ui/list/ListPagination';
import { StackedTable } from '../../ui/list/StackedTable';
import { apiErrorText } from '../../lib/apiErrorText';
import { ManageFrame, sectionPath } from '../../ui/ManageFrame';

/** The organiser's submission pages' namespace: the activity shows their statuses and flags in their words. */
const manageNs = 'manage-submissions';

const ns = 'activity';

/** activityKey is the TanStack Query key of a page of a festival's activity. */
export const activityKey = (slug: string, page: number) => ['activity', slug, page] as const;

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * ActivityPage: /manage/festivals/:slug/activity, the festival's audit trail
 * for its organiser (and admins): who (by their part) changed what, newest
 * first, 50 a page. Read only.
 */
export default function ActivityPage() {
  const { slug = '' } = useParams();
  const { t, i18n } = useTranslation([ns, manageNs]);
  usePageMeta(t('title'), t('description'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: activityKey(slug, page),
    queryFn: () => auditApi.festivalActivity(slug, page),
    placeholderData: keepPreviousData,
  });
  const locale = languageFor(language).htmlLang;
  const dateTime = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  /** value renders one fact of an entry in words. */
  const value = (e: FestivalActivity, key: string, v: unknown): string => {
    if (v === undefined) return '';
    if (v === null || v === '') {
      return key === 'flag' ? t(`${manageNs}:flag.none`) : t('values.empty');
    }
    if (typeof v === 'boolean') return t(v ? 'values.yes' : 'values.no');
    if (key === 'status' && e.targetType === 'submission' && typeof v === 'string') {
      return t(`${manageNs}:status.${v}`, { defaultValue: v });
    }
    if (key === 'flag' && typeof v === 'string') return t(`${manageNs}:flag.${v}`, { defaultValue: v });
    if (key === 'refund' && e.action === 'festival.cancellation_policy' && typeof v === 'string') {
      return t(`refundRules.${v}`, { defaultValue: v });
    }
    if (typeof v === 'string' && isoTime.test(v)) return dateTime(v);
    if (typeof v === 'number') return new Intl.NumberFormat(locale).format(v);
    if (Array.isArray(v)) return v.map((x) => shortAuditValue(x)).join(', ');
    return shortAuditValue(v);
  };

  return (
    <ManageFrame slug={slug} current="activity" title={t('title')}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text c="gray.7">{t('intro')}</Text>
        {query.data && (
          <Text size="sm" c="gray.7" aria-live="polite" data-testid="activity-total">
            {query.data.totalCapped
              ? t('totalCapped', { shown: new Intl.NumberFormat(locale).format(query.data.total) })
              : t('total', { count: query.data.total })}
          </Text>
        )}
      </Group>
      <ListState
        query={query}
        isEmpty={(d) => d.items.length === 0}
        loadingLabel={t('loading')}
        errorTitle={t('loadError')}
        errorText={apiErrorText(query.error, ns)}
        retryLabel={t('retry')}
        errorTestId="activity-error"
        emptyText={t('empty')}
        emptyTestId="activity-empty"
      >
        {(d) => (
          <Paper withBorder radius="md">
            <StackedTable minWidth={760}>
              <Table striped verticalSpacing="sm" data-testid="activity-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('columns.time')}</Table.Th>
                    <Table.Th scope="col">{t('columns.actor')}</Table.Th>
                    <Table.Th scope="col">{t('columns.action')}</Table.Th>
                    <Table.Th scope="col">{t('columns.target')}</Table.Th>
                    <Table.Th scope="col">{t('columns.change')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td>{dateTime(e.createdAt)}</Table.Td>
                      <Table.Td>{t(`actors.${e.actor}`, { defaultValue: e.actor })}</Table.Td>
                      <Table.Td>{t(`actions.${e.action}`, { defaultValue: e.action })}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Target slug={slug} e={e} />
                      </Table.Td>
                      <Table.Td>
                        <AuditChangeList
                          entry={e}
                          label={(key) => t(`fields.${key}`, { defaultValue: key })}
                          value={(key, v) => value(e, key, v)}
                          removed={t('values.removed')}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </StackedTable>
          </Paper>
        )}
      </ListState>
      <ListPagination total={pageCount(query.data)} value={page} onChange={setPage} label={t('pagination')} />
    </ManageFrame>
  );
}

/** Target names an entry's target, linked to the organiser's page that shows it where there is one. */
function Target({ slug, e }: { slug: string; e: FestivalActivity }) {
  const { t } = useTranslation(ns);
  const label = t(`targets.${e.targetType}`, { id: e.targetId, defaultValue: `${e.targetType} ${e.targetId}` });
  const to =
    e.targetType === 'submission'
      ? `${sectionPath(slug, 'submissions')}/${encodeURIComponent(e.targetId)}`
      : e.targetType === 'screening'
        ? sectionPath(slug, 'screenings')
        : e.targetType === 'judge'
          ? sectionPath(slug, 'judges')
          : e.targetType === 'waiver'
            ? sectionPath(slug, 'settings')
            : e.targetType === 'festival'
              ? sectionPath(slug, 'festival')
              : e.targetType === 'promotion'
                ? '/manage/promotion'
                : '';
  if (!to) return <>{label}</>;
  return (
    <Anchor component={Link} to={to} size="sm">
      {label}
    </Anchor>
  );
}
