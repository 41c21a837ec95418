import { Anchor, Badge, Button, Container, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { promotionsApi, type PromotableFestival, type PromotionPrice } from '../../api/promotions';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { sessionKey } from '../../lib/useSession';

const ns = 'promotion';
export const overviewKey = ['promotion', 'overview'] as const;

/** newKey names one purchase: a retry or a double click sends the same key, and pays once. */
function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** PromotionPage: /manage/promotion, where an organiser features an approved festival for 7, 14 or 30 days. */
export default function PromotionPage() {
  const { t, i18n } = useTranslation(ns);
  usePageMeta(t('title'), t('description'));
  const query = useQuery({ queryKey: overviewKey, queryFn: promotionsApi.overview });
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="gray.7" mt={4}>
            {t('subtitle')}
          </Text>
        </div>
        {query.isPending && (
          <Text role="status" aria-label={t('loading')}>
            {t('loading')}
          </Text>
        )}
        {query.isError && (
          <Notice color="red" role="alert" title={t('loadError')}>
            <Text size="sm">{apiErrorText(query.error, ns)}</Text>
          </Notice>
        )}
        {query.data && (
          <>
            <Text data-testid="promotion-balance">{t('balance', { count: query.data.balance })}</Text>
            {query.data.festivals.length === 0 ? (
              <Notice color="indigo" title={t('none')}>
                <Button component={Link} to="/submit" size="xs" mt="xs">
                  {t('register')}
                </Button>
              </Notice>
            ) : (
              query.data.festivals.map((f) => (
                <FestivalPromotion key={f.id} festival={f} prices={query.data.prices} balance={query.data.balance} language={language} />
              ))
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

function FestivalPromotion({
  festival: f,
  prices,
  balance,
  language,
}: {
  festival: PromotableFestival;
  prices: PromotionPrice[];
  balance: number;
  language: string;
}) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(prices[0]?.days ?? 7));
  // Credits are spent only from the confirmation, as every other spend is.
  const [confirming, setConfirming] = useState(false);
  const key = useRef(newKey());
  const start = useMutation({
    mutationFn: () => promotionsApi.start(f.slug, Number(days), key.current),
    onSuccess: () => {
      key.current = newKey();
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: overviewKey });
      void queryClient.invalidateQueries({ queryKey: sessionKey });
      void queryClient.invalidateQueries({ queryKey: ['promotion', 'featured'] });
    },
  });
  const price = prices.find((p) => String(p.days) === days);
  const short = price ? price.credits > balance : false;
  const until = (iso: string) => new Date(iso).toLocaleDateString(language, { dateStyle: 'medium' });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={f.name} data-testid={`promote-${f.slug}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {f.name}
          </Title>
          {f.campaign ? (
            <Badge color="yellow.4" autoContrast>{t('featuredUntil', { date: until(f.campaign.endsAt) })}</Badge>
          ) : (
            f.status !== 'approved' && <Badge color="gray.7">{t(`status.${f.status}`)}</Badge>
          )}
        </Group>
        {f.status === 'approved' && !f.campaign && (
          <>
            <SegmentedControl
              aria-label={t('length')}
              value={days}
              onChange={setDays}
              data={prices.map((p) => ({ value: String(p.days), label: t('option', { days: p.days, credits: p.credits }) }))}
            />
            {short && (
              <Text size="sm" c="red.8">
                {t('short')}{' '}
                <Anchor component={Link} to="/pricing">
                  {t('buy')}
                </Anchor>
              </Text>
            )}
            <Group>
              <Button
                onClick={() => {
                  start.reset();
                  setConfirming(true);
                }}
                disabled={short || !price}
              >
                {t('promote', { days })}
              </Button>
              <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(f.slug)}/analytics`} size="sm">
                {t('analytics')}
              </Anchor>
            </Group>
          </>
        )}
        {f.campaign && (
          <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(f.slug)}/analytics`} size="sm">
            {t('analytics')}
          </Anchor>
        )}
        {f.status !== 'approved' && <Text size="sm" c="gray.7">{t('notApproved')}</Text>}
      </Stack>
      <ConfirmDialog
        opened={confirming && price !== undefined}
        title={t('confirmTitle', { name: f.name })}
        onClose={() => setConfirming(false)}
        onConfirm={() => start.mutate()}
        pending={start.isPending}
        error={start.isError ? apiErrorText(start.error, ns) : null}
        cancelLabel={t('cancel')}
        closeLabel={t('close')}
        confirmLabel={price ? t('pay', { count: price.credits }) : ''}
        confirmColor="indigo.8"
      >
        {price && (
          <Text size="sm" data-testid="promotion-confirm-text">
            {t('confirmText', { count: price.credits, days: price.days, balance, after: balance - price.credits })}
          </Text>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
