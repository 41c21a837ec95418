import { Anchor, Pagination, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pageCount } from '../../api/client';
import { payoutsApi } from '../../api/payouts';
import { usePageMeta } from '../../lib/usePageMeta';
import { ManageFrame } from '../../ui/ManageFrame';
import { PayoutList } from './PayoutList';

const ns = 'payouts';

/**
 * /manage/festivals/:slug/payouts: the festival's payouts (organiser or
 * admin), under Earnings in the organiser's frame; the payout account
 * itself is on the earnings page.
 */
export default function FestivalPayoutsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('page.title'), t('page.description'));
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['festival-payouts', slug, page], queryFn: () => payoutsApi.festivalPayouts(slug, page) });
  return (
    <ManageFrame slug={slug} current="earnings" title={t('page.title')}>
      <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/earnings`} size="sm" c="indigo.9">
        {t('page.back')}
      </Anchor>
      {list.isPending && <Text c="dimmed">{t('loading')}</Text>}
      {list.isError && (
        <Text c="red.8" role="alert">
          {list.error.message}
        </Text>
      )}
      {list.data && <PayoutList items={list.data.items} />}
      {pageCount(list.data) > 1 && <Pagination total={pageCount(list.data)} value={page} onChange={setPage} />}
    </ManageFrame>
  );
}
