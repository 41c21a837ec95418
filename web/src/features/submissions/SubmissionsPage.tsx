import {
  Anchor,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { Title } from '../../ui/Title';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { pageCount } from '../../api/client';
import {
  submissionStatuses,
  submissionsApi,
  undecidedStatuses,
  type Submission,
  type SubmissionFilter,
  type SubmissionStatus,
} from '../../api/submissions';
import { usePageMeta } from '../../lib/usePageMeta';
import { formatDate, formatNumber } from '../../lib/format';
import { sessionKey } from '../../lib/useSession';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { inputStyles } from '../../ui/inputStyles';
import { filmsKey } from '../../api/films';
import { notify } from '../../lib/notify';
import { mySubmissionsKey, submissionsKey } from './queries';
import { SubmissionStatusBadge } from './StatusBadge';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

function statusOf(value: string | null): SubmissionFilter {
  return submissionStatuses.includes(value as SubmissionStatus) ? (value as SubmissionStatus) : '';
}

/**
 * /submissions: the filmmaker's submissions, filtered by status and paged
 * (both in the URL); undecided ones can be withdrawn; judges' comments
 * the festival shared show under each.
 */
export default function SubmissionsPage() {
  const { t } = useTranslation('submissions');
  usePageMeta(t('list.meta.title'), t('list.meta.description'));
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery({
    queryKey: mySubmissionsKey(status, page),
    queryFn: () => submissionsApi.mine(status, page),
    placeholderData: keepPreviousData,
  });
  const [withdrawing, setWithdrawing] = useState<Submission | null>(null);

  const go = (next: { status?: SubmissionFilter; page?: number }) => {
    const p = new URLSearchParams(params);
    const s = next.status ?? status;
    if (s) p.set('status', s);
    else p.delete('status');
    const pg = next.page ?? 1;
    if (pg > 1) p.set('page', String(pg));
    else p.delete('page');
    setParams(p);
  };

  let body: React.ReactNode;
  if (list.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('list.loading')} />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Notice color="red" role="alert" title={t('list.loadError')} data-testid="submissions-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="gray.9">
            {apiErrorText(list.error, 'submissions')}
          </Text>
          <Button size="xs" variant="default" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Notice>
    );
  } else if (list.data.items.length === 0) {
    body = (
      <Stack gap="sm" align="flex-start" data-testid="submissions-empty">
        <Text c="gray.7">{status ? t('list.emptyFiltered') : t('list.empty')}</Text>
        {!status && (
          <Button component={Link} to="/films" variant="light">
            {t('list.toFilms')}
          </Button>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {list.data.items.map((s) => (
          <SubmissionCard key={s.id} submission={s} onWithdraw={setWithdrawing} />
        ))}
      </Stack>
    );
  }

  const pages = pageCount(list.data);
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>{t('list.title')}</Title>
            <Text c="gray.7">{t('list.intro')}</Text>
          </div>
          <Select
            label={t('list.filter')}
            data={[
              { value: '', label: t('list.allStatuses') },
              ...submissionStatuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
            ]}
            value={status}
            onChange={(v) => go({ status: statusOf(v) })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            styles={inputStyles}
            w={{ base: '100%', xs: 220 }}
            data-testid="status-filter"
          />
        </Group>
        {list.data && list.data.total > 0 && (
          <Text size="sm" c="gray.7" aria-live="polite" data-testid="submissions-count">
            {t('list.count', { count: list.data.total })}
          </Text>
        )}
        {body}
        {pages > 1 && (
          <nav aria-label={t('list.pagination')}>
            <Pagination
              total={pages}
              value={page}
              onChange={(p) => go({ page: p })}
              size="sm"
              withEdges={false}
              getItemProps={(p) => ({ 'aria-label': t('list.page', { page: p }) })}
              getControlProps={(c) =>
                c === 'previous' || c === 'first' ? { 'aria-label': t('list.previous') } : { 'aria-label': t('list.next') }
              }
            />
          </nav>
        )}
      </Stack>
      <WithdrawModal submission={withdrawing} onClose={() => setWithdrawing(null)} />
    </Container>
  );
}

function SubmissionCard({ submission: s, onWithdraw }: { submission: Submission; onWithdraw: (s: Submission) => void }) {
  const { t, i18n } = useTranslation('submissions');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const feedback = (s.feedback ?? []).filter((c) => c.trim() !== '');
  const undecided = undecidedStatuses.includes(s.status);
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="submission-row">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`/films/${s.filmId}`} inherit c="gray.9">
                {s.filmTitle}
              </Anchor>
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`/festival/${s.festivalSlug}`} inherit c="indigo.9" fw={600}>
                {s.festivalName}
              </Anchor>
              {' · '}
              {s.categoryName}
            </Text>
          </div>
          <SubmissionStatusBadge submission={s} />
        </Group>
        <Text size="sm" c="gray.7">
          {t('list.paid', { count: s.paidCredits, paid: formatNumber(s.paidCredits, lang) })}
          {s.waiverCode ? ` · ${t('list.waiver', { code: s.waiverCode })}` : ''}
          {' · '}
          {t('list.submittedOn', { date: formatDate(s.createdAt, lang) })}
        </Text>
        {s.refundedCredits > 0 && (
          <Text size="sm" c="teal.9" data-testid="submission-refund">
            {t('list.refunded', { count: s.refundedCredits, refunded: formatNumber(s.refundedCredits, lang) })}
          </Text>
        )}
        {feedback.length > 0 && (
          <Stack gap={4} mt={4} component="section" aria-label={t('list.feedback')} data-testid="submission-feedback">
            <Text size="sm" fw={600}>
              {t('list.feedback')}
            </Text>
            <List size="sm" spacing={4}>
              {feedback.map((c, i) => (
                <List.Item key={i} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {c}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group justify="flex-end" gap="xs">
          <Button component={Link} to={`/submissions/${s.id}/messages`} size="compact-sm" variant="light" data-testid="submission-messages">
            {t('messages')}
          </Button>
          {undecided && (
            <Button
              size="compact-sm"
              variant="outline"
              color="red.9"
              onClick={() => onWithdraw(s)}
              aria-label={t('withdraw.label', { film: s.filmTitle, festival: s.festivalName, category: s.categoryName })}
            >
              {t('withdraw.button')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function WithdrawModal({ submission: s, onClose }: { submission: Submission | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('submissions');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const client = useQueryClient();
  const withdraw = useMutation({
    mutationFn: (id: number) => submissionsApi.withdraw(id),
    onSuccess: (w) => {
      void client.invalidateQueries({ queryKey: submissionsKey });
      void client.invalidateQueries({ queryKey: filmsKey });
      if (w.refundedCredits > 0) void client.invalidateQueries({ queryKey: sessionKey });
      void notify(
        'green',
        w.refundedCredits > 0
          ? t('withdraw.refunded', { count: w.refundedCredits, refunded: formatNumber(w.refundedCredits, lang) })
          : t('withdraw.notRefunded'),
        { testId: 'withdraw-toast' },
      );
      close();
    },
  });
  const close = () => {
    withdraw.reset();
    onClose();
  };

  return (
    <ConfirmDialog
      opened={s !== null}
      title={t('withdraw.title')}
      onClose={close}
      onConfirm={() => s && withdraw.mutate(s.id)}
      pending={withdraw.isPending}
      error={withdraw.isError ? apiErrorText(withdraw.error, 'submissions') : null}
      cancelLabel={t('withdraw.cancel')}
      confirmLabel={t('withdraw.confirm')}
      confirmTestId="withdraw-confirm"
      errorTestId="withdraw-error"
    >
      {s && (
        <>
          <Text size="sm">{t('withdraw.question', { film: s.filmTitle, festival: s.festivalName, category: s.categoryName })}</Text>
          <Text size="sm" c="gray.8" data-testid="withdraw-refund-note">
            {t('withdraw.refundNote')}
          </Text>
        </>
      )}
    </ConfirmDialog>
  );
}
