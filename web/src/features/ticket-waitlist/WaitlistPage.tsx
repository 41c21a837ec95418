import { Alert, Anchor, Button, Container, Paper, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { waitlistApi } from '../../api/ticketDoor';
import { ticketsApi } from '../../api/tickets';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Title } from '../../ui/Title';
import { formatWhen, waitlistView } from './waitlist';

export const ns = 'ticket-waitlist';

/** errorText is a failed call's message in the page's language. */
export function errorText(err: unknown): string {
  return apiErrorText(err, ns);
}

/**
 * /screenings/:id/waitlist: a sold-out screening's waiting list. The
 * signed-in buyer joins with the seats they want (their account's
 * address gets the offer), sees how many wait before them, and leaves.
 */
export default function WaitlistPage() {
  const { t, i18n: i } = useTranslation(ns);
  const { id = '' } = useParams();
  const screeningId = Number(id);
  const client = useQueryClient();
  const [quantity, setQuantity] = useState('1');
  usePageMeta(t('title'), t('description'));
  const screening = useQuery({ queryKey: ['screening', screeningId], queryFn: () => ticketsApi.screening(screeningId) });
  const entry = useQuery({
    queryKey: ['waitlist', screeningId],
    queryFn: async () => {
      try {
        return await waitlistApi.mine(screeningId);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });
  const join = useMutation({
    mutationFn: () => waitlistApi.join(screeningId, Number(quantity)),
    onSuccess: (e) => client.setQueryData(['waitlist', screeningId], e),
  });
  const leave = useMutation({
    mutationFn: (entryId: number) => waitlistApi.leave(entryId),
    onSuccess: () => client.setQueryData(['waitlist', screeningId], null),
  });

  if (screening.isPending || entry.isPending) return <PageLoading />;
  if (screening.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" data-testid="waitlist-error">
          {errorText(screening.error)}
        </Alert>
      </Container>
    );
  }
  const s = screening.data;
  const e = entry.data ?? null;
  const view = waitlistView(e);
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={`/screenings/${s.id}/buy`} size="sm" fw={600} c="indigo.9">
          <span aria-hidden="true">← </span>
          {t('back')}
        </Anchor>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="waitlist">
          <Stack gap="md">
            <Stack gap={2}>
              <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                {s.festivalName}
              </Text>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {t('heading', { title: s.title })}
              </Title>
              <Text c="gray.9">{formatWhen(s.startsAt, i.language, s.timeZone)}</Text>
            </Stack>
            {view === 'join' && (
              <>
                <Text>{t('intro')}</Text>
                <Select
                  label={t('quantity')}
                  data={Array.from({ length: 10 }, (_, n) => String(n + 1))}
                  value={quantity}
                  onChange={(v) => setQuantity(v ?? '1')}
                  allowDeselect={false}
                  w={{ base: '100%', xs: 200 }}
                  data-testid="waitlist-quantity"
                />
                <Button onClick={() => join.mutate()} loading={join.isPending} data-testid="waitlist-join">
                  {t('join')}
                </Button>
              </>
            )}
            {view === 'waiting' && e && (
              <Alert color="indigo" role="status" data-testid="waitlist-waiting">
                {e.ahead === 0 ? t('first', { n: e.quantity }) : t('ahead', { n: e.ahead })}
              </Alert>
            )}
            {view === 'offered' && e && (
              <Alert color="teal" role="status" data-testid="waitlist-offered">
                {t('offered', { time: e.offerExpiresAt ? formatWhen(e.offerExpiresAt, i.language, s.timeZone) : '' })}
              </Alert>
            )}
            {view !== 'join' && e && (
              <Button variant="default" onClick={() => leave.mutate(e.id)} loading={leave.isPending} data-testid="waitlist-leave">
                {t('leave')}
              </Button>
            )}
            {(join.isError || leave.isError) && (
              <Alert color="red" role="alert" data-testid="waitlist-failed">
                {errorText(join.error ?? leave.error)}
              </Alert>
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
