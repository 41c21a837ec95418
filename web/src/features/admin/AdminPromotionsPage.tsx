import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../../api/client';
import { promotionsApi, type Promotion } from '../../api/promotions';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ListState } from '../../ui/list/ListState';
import { PageHeading } from '../../ui/page/PageHeading';
import { useListParams } from '../../lib/useListParams';
import { ListPagination } from '../../ui/list/ListPagination';
import { StackedTable } from '../../ui/list/StackedTable';
import { shortDate } from './format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const ns = 'promotion';
const filters = ['all'] as const;

/** /admin/promotions: every campaign, newest first; a running one can be ended with a pro rata refund. */
export default function AdminPromotionsPage() {
  const { t, i18n } = useTranslation(ns);
  usePageMeta(t('admin.title'), t('admin.subtitle'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { page, setPage } = useListParams(filters, 'all');
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState<Promotion | null>(null);
  const [ended, setEnded] = useState<Promotion | null>(null);
  const list = useQuery({ queryKey: ['admin', 'promotions', page], queryFn: () => promotionsApi.adminList(page) });
  const end = useMutation({
    mutationFn: (id: number) => promotionsApi.end(id),
    onSuccess: (p) => {
      setEnded(p);
      setEnding(null);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'promotions'] }),
  });
  return (
    <Stack gap="lg">
      <PageHeading title={t('admin.title')} subtitle={t('admin.subtitle')} />
      {ended && (
        <Notice color="teal" role="status" withCloseButton onClose={() => setEnded(null)} data-testid="promotion-ended">
          <Text size="sm">{t('admin.ended', { name: ended.festivalName, count: ended.refundedCredits })}</Text>
        </Notice>
      )}
      <ListState
        query={list}
        isEmpty={(d) => d.items.length === 0}
        loadingLabel={t('loading')}
        errorTitle={t('loadError')}
        errorText={apiErrorText(list.error, ns)}
        retryLabel={t('admin.retry')}
        errorTestId="promotions-error"
        emptyText={t('admin.empty')}
        emptyTestId="promotions-empty"
      >
        {(data) => (
          <StackedTable minWidth={760}>
            <Table striped verticalSpacing="sm" bg="white" data-testid="promotions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.columns.festival')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.organiser')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.period')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.credits')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.status')}</Table.Th>
                  <Table.Th scope="col">{t('admin.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.festivalName}</Table.Td>
                    <Table.Td>{p.organiserEmail || '—'}</Table.Td>
                    <Table.Td>
                      {shortDate(p.startsAt, language)} – {shortDate(p.endsAt, language)}
                    </Table.Td>
                    <Table.Td>
                      {p.refundedCredits > 0 ? t('admin.creditsRefunded', { credits: p.credits, refunded: p.refundedCredits }) : p.credits}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={p.status === 'active' ? 'teal.9' : 'gray.7'}>
                        {t(`admin.status.${p.status === 'active' ? 'active' : p.endReason || 'expired'}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {p.status === 'active' && (
                        <Button size="compact-sm" variant="light" color="red" onClick={() => setEnding(p)}>
                          {t('admin.end')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </StackedTable>
        )}
      </ListState>
      <ListPagination total={pageCount(list.data)} value={page} onChange={setPage} label={t('admin.pagination')} />
      <ConfirmDialog
        opened={ending !== null}
        title={t('admin.confirmTitle')}
        onClose={() => setEnding(null)}
        onConfirm={() => ending && end.mutate(ending.id)}
        pending={end.isPending}
        error={end.isError ? apiErrorText(end.error, ns) : null}
        cancelLabel={t('admin.cancel')}
        confirmLabel={t('admin.end')}
      >
        {ending && <Text size="sm">{t('admin.confirm', { name: ending.festivalName })}</Text>}
      </ConfirmDialog>
    </Stack>
  );
}
