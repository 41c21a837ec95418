import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminFestivalsApi, type AdminFestivalFilter, type Festival, adminFestivalsKey } from '../../api/festivals';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { formatDateRange, formatTimestamp, useLanguage } from '../../lib/dates';
import { StatusBadge } from '../../ui/FestivalStatus';
import { RevisionChanges } from '../../ui/RevisionChanges';
import { notify } from '../../lib/notify';
import { ListFilter, ListState } from '../../ui/list/ListState';
import { PageHeading } from '../../ui/page/PageHeading';
import { useListParams } from '../../lib/useListParams';
import { ListPagination } from '../../ui/list/ListPagination';
import { StackedTable } from '../../ui/list/StackedTable';
import { RejectModal } from './RejectModal';

const filters: AdminFestivalFilter[] = ['pending', 'revision', 'approved', 'rejected', 'all'];

/**
 * /admin/festivals: the review queue. Admins approve a festival (it becomes
 * public) or reject it with a reason its organiser sees; Pending / Approved /
 * Rejected / All, 20 a page, newest first. "Changes" lists approved festivals
 * whose organisers changed public facts: each with the diff, to approve
 * (published at once) or reject with a reason.
 */
export default function AdminFestivalsPage() {
  const { t } = useTranslation('festivals');
  const { t: tr } = useTranslation('revision');
  const { tag } = useLanguage();
  usePageMeta(t('admin.meta.title'), t('admin.meta.description'));
  const { status, page, setStatus, setPage } = useListParams<AdminFestivalFilter>(filters, 'pending');
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<Festival | null>(null);
  const [rejectingRevision, setRejectingRevision] = useState<Festival | null>(null);

  const list = useQuery({ queryKey: adminFestivalsKey(status, page), queryFn: () => adminFestivalsApi.list(status, page) });
  const perPage = list.data?.perPage || 20;
  const totalPages = Math.max(1, Math.ceil((list.data?.total ?? 0) / perPage));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'festivals'] });
  const approve = useMutation({
    mutationFn: (f: Festival) => adminFestivalsApi.approve(f.id),
    onSuccess: (f) => {
      void notify('green', t('admin.approved', { name: f.name }));
      void refresh();
    },
    onError: (err) => void notify('red', t('admin.actionFailed', { message: apiErrorText(err, 'festivals') })),
  });
  const approveRevision = useMutation({
    mutationFn: (f: Festival) => adminFestivalsApi.approveRevision(f.id, f.revision?.id ?? 0),
    onSuccess: (f) => {
      void notify('green', tr('admin.approved', { name: f.name }));
      void refresh();
    },
    onError: (err) => {
      void notify('red', t('admin.actionFailed', { message: apiErrorText(err, 'festivals') }));
      void refresh();
    },
  });
  const filterLabel = (s: AdminFestivalFilter) => (s === 'revision' ? tr('admin.filter') : t(`admin.filter.${s}`));

  return (
    <Stack gap="lg">
      <PageHeading title={t('admin.title')} subtitle={t('admin.subtitle')} />

      <ListFilter
        label={t('admin.filterLabel')}
        value={status}
        onChange={setStatus}
        options={filters.map((s) => ({ value: s, label: filterLabel(s) }))}
        total={list.data && t('admin.total', { count: list.data.total })}
        totalTestId="festivals-total"
      />

      <ListState
        query={list}
        isEmpty={(data) => data.items.length === 0}
        loadingLabel={t('admin.loading')}
        errorTitle={t('admin.loadError')}
        errorText={apiErrorText(list.error, 'festivals')}
        retryLabel={t('admin.retry')}
        errorTestId="admin-festivals-error"
        emptyText={status === 'revision' ? tr('admin.empty') : t(`admin.empty.${status}`)}
        emptyTestId="admin-festivals-empty"
      >
        {(data) => (
          <StackedTable minWidth={820}>
            <Table striped highlightOnHover withTableBorder verticalSpacing="sm" data-testid="admin-festivals">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.columns.name')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.location')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.dates')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.submitted')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((f) => (
                  <Table.Tr key={f.id} data-testid="admin-festival-row">
                    <Table.Th scope="row" fw={600} style={{ overflowWrap: 'anywhere' }}>
                      <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(f.slug)}`} c="indigo.9" inherit>
                        {f.name}
                      </Anchor>
                      {f.status === 'rejected' && f.rejectionReason && (
                        <Text size="xs" c="gray.7" fw={400} style={{ whiteSpace: 'pre-line' }}>
                          {t('admin.reasonShown', { reason: f.rejectionReason })}
                        </Text>
                      )}
                      {f.revision?.status === 'pending' && (
                        <Stack gap={6} mt={6} fw={400}>
                          <Badge color="yellow.3" c="gray.9" variant="filled" size="sm" data-testid="revision-badge">
                            {tr('admin.badge')}
                          </Badge>
                          <RevisionChanges changes={f.revision.changes} />
                        </Stack>
                      )}
                    </Table.Th>
                    <Table.Td>{f.location}</Table.Td>
                    <Table.Td>
                      <time dateTime={f.startDate}>{formatDateRange(f.startDate, f.endDate, tag)}</time>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={f.status} />
                    </Table.Td>
                    <Table.Td>
                      <time dateTime={f.createdAt}>{formatTimestamp(f.createdAt, tag)}</time>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {f.revision?.status === 'pending' && (
                          <>
                            <Button
                              size="xs"
                              color="teal.9"
                              onClick={() => approveRevision.mutate(f)}
                              loading={approveRevision.isPending && approveRevision.variables?.id === f.id}
                              aria-label={tr('admin.approveNamed', { name: f.name })}
                            >
                              {tr('admin.approve')}
                            </Button>
                            <Button
                              size="xs"
                              variant="outline"
                              color="red.9"
                              onClick={() => setRejectingRevision(f)}
                              aria-label={tr('admin.rejectNamed', { name: f.name })}
                            >
                              {tr('admin.reject')}
                            </Button>
                          </>
                        )}
                        {f.status !== 'approved' && (
                          <Button
                            size="xs"
                            color="teal.9"
                            onClick={() => approve.mutate(f)}
                            loading={approve.isPending && approve.variables?.id === f.id}
                            aria-label={t('admin.approveNamed', { name: f.name })}
                          >
                            {t('admin.approve')}
                          </Button>
                        )}
                        {f.status !== 'rejected' && (
                          <Button
                            size="xs"
                            variant="outline"
                            color="red.9"
                            onClick={() => setRejecting(f)}
                            aria-label={t('admin.rejectNamed', { name: f.name })}
                          >
                            {t('admin.reject')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
        )}
      </ListState>

      <ListPagination
        total={totalPages}
        value={page}
        onChange={setPage}
        label={t('admin.pagination')}
      />

      <RejectModal
        festival={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={(f) => {
          setRejecting(null);
          void notify('green', t('admin.rejected', { name: f.name }));
          void refresh();
        }}
      />
      <RejectModal
        festival={rejectingRevision}
        title={tr('admin.rejectTitle', { name: rejectingRevision?.name ?? '' })}
        rejectWith={(f, reason) => adminFestivalsApi.rejectRevision(f.id, f.revision?.id ?? 0, reason)}
        onClose={() => setRejectingRevision(null)}
        onRejected={(f) => {
          setRejectingRevision(null);
          void notify('green', tr('admin.rejected', { name: f.name }));
          void refresh();
        }}
      />
    </Stack>
  );
}
