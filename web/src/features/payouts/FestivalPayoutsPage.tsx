import { Anchor, Container, Pagination, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pageCount } from '../../api/client';
import { payoutsApi } from '../../api/payouts';
import { usePageMeta } from '../../content/usePageMeta';
import { PayoutAccountCard } from './PayoutAccountCard';
import { PayoutList } from './PayoutList';

const ns = 'payouts';

/** /manage/festivals/:slug/payouts: the festival's payout account and its payouts (organiser or admin). */
export default function FestivalPayoutsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('page.title'), t('page.description'));
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: ['festival-payouts', slug, page], queryFn: () => payoutsApi.festivalPayouts(slug, page) });
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}`} size="sm" c="indigo.9">
          {t('page.back')}
        </Anchor>
        <Title order={1}>{t('page.title')}</Title>
        <PayoutAccountCard slug={slug} />
        <Title order={2} size="h3">
          {t('list.title')}
        </Title>
        {list.isPending && <Text c="dimmed">{t('loading')}</Text>}
        {list.isError && (
          <Text c="red.8" role="alert">
            {list.error.message}
          </Text>
        )}
        {list.data && <PayoutList items={list.data.items} />}
        {pageCount(list.data) > 1 && <Pagination total={pageCount(list.data)} value={page} onChange={setPage} />}
      </Stack>
    </Container>
  );
}
