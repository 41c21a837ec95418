import { Alert, Button, Container, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { guestTicketsApi } from '../../api/guestTickets';
import { fieldText } from '../../lib/apiErrorText';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageLoading } from '../../ui/page/PageState';
import { Title } from '../../ui/Title';
import { errorText, ns } from './WaitlistPage';
import { formatWhen, minutesLeft, offerOpen } from './waitlist';
import { inputStyles } from '../../ui/inputStyles';

/**
 * /waitlist/guest-offers/:token (the offer e-mailed to a visitor): the
 * seats held for them; with the name for the tickets they become a guest
 * order, paid on its own page.
 */
export default function GuestOfferPage() {
  const { t, i18n } = useTranslation(ns);
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  usePageMeta(t('offer.title'), t('description'));
  const offer = useQuery({ queryKey: ['guest-offer', token], queryFn: () => guestTicketsApi.offer(token), retry: false });
  const claim = useMutation({
    mutationFn: () => guestTicketsApi.claimOffer(token, name),
    onSuccess: (res) => void navigate(`/orders/guest/${res.token}`),
    onError: (err) => setNameError(fieldText(err, 'name')),
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
  if (!s) return null;
  const take = () => {
    if (!name.trim()) {
      setNameError(t('guest.nameRequired'));
      return;
    }
    setNameError(null);
    claim.mutate();
  };
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="offer">
        <Stack gap="md">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {s.title}
          </Title>
          <Text c="gray.9">
            {formatWhen(s.startsAt, i18n.language, s.timeZone)} · {s.venue}
          </Text>
          {offerOpen(o) ? (
            <>
              <Alert color="teal" role="status" data-testid="offer-open">
                {t('offer.held', { n: o.quantity, minutes: minutesLeft(o.expiresAt) })}
              </Alert>
              <TextInput
                styles={inputStyles}
                label={t('guest.name')}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={nameError}
                autoComplete="name"
                required
                data-testid="offer-name"
              />
              <Button onClick={take} loading={claim.isPending} data-testid="offer-claim">
                {t('offer.take', { n: o.quantity })}
              </Button>
            </>
          ) : (
            <Alert color="orange" role="status" data-testid="offer-gone">
              {t('offer.gone')}
            </Alert>
          )}
          {claim.isError && !nameError && (
            <Alert color="red" role="alert" data-testid="offer-failed">
              {errorText(claim.error)}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
