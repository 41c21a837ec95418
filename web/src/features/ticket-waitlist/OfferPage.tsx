import { Alert, Anchor, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { waitlistApi } from '../../api/ticketDoor';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { Title } from '../../ui/Title';
import { errorText, ns } from './WaitlistPage';
import { formatWhen, minutesLeft, offerOpen } from './waitlist';

/**
 * /waitlist/offers/:token (the e-mailed link): the seats held for the
 * next person in line until the offer expires. Taking them makes the
 * buyer's order: paid at once when free, else paid on the buy page.
 */
export default function OfferPage() {
  const { t, i18n } = useTranslation(ns);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  usePageMeta(t('offer.title'), t('description'));
  const offer = useQuery({ queryKey: ['waitlist-offer', token], queryFn: () => waitlistApi.offer(token), retry: false });
  const claim = useMutation({
    mutationFn: () => waitlistApi.claim(token),
    onSuccess: (order) => {
      if (order.status === 'paid' && order.tickets.length > 0) void navigate(`/tickets/${order.tickets[0].id}`);
      else void navigate(`/screenings/${order.screening.id}/buy?order=${order.id}`);
    },
  });

  if (offer.isPending) return <PageLoading />;
  if (offer.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" data-testid="offer-error">
          {errorText(offer.error)}
        </Alert>
      </Container>
    );
  }
  const o = offer.data;
  const s = o.screening;
  const open = offerOpen(o);
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="offer">
        <Stack gap="md">
          <Stack gap={2}>
            <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
              {s.festivalName}
            </Text>
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {s.title}
            </Title>
            <Text c="gray.9">
              {formatWhen(s.startsAt, i18n.language, s.timeZone)} · {s.venue}
            </Text>
          </Stack>
          {open ? (
            <>
              <Alert color="teal" role="status" data-testid="offer-open">
                {t('offer.held', { n: o.quantity, minutes: minutesLeft(o.expiresAt) })}
              </Alert>
              <Button onClick={() => claim.mutate()} loading={claim.isPending} data-testid="offer-claim">
                {t('offer.take', { n: o.quantity })}
              </Button>
            </>
          ) : o.status === 'claimed' ? (
            <Alert color="gray" role="status" data-testid="offer-claimed">
              {t('offer.claimed')}{' '}
              <Anchor component={Link} to="/tickets">
                {t('offer.tickets')}
              </Anchor>
            </Alert>
          ) : (
            <Alert color="orange" role="status" data-testid="offer-gone">
              {t('offer.gone')}
            </Alert>
          )}
          {claim.isError && (
            <Alert color="red" role="alert" data-testid="offer-failed">
              {errorText(claim.error)}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
