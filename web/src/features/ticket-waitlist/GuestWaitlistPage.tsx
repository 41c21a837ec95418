import { Alert, Container, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ticketsApi } from '../../api/tickets';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageLoading } from '../../ui/page/PageState';
import { Title } from '../../ui/Title';
import { GuestWaitlistForm } from './GuestWaitlistForm';
import { errorText, ns } from './WaitlistPage';
import { formatWhen } from './waitlist';

/**
 * /screenings/:id/guest-waitlist: a sold-out screening's waiting list for
 * visitors without an account: their address, confirmed by an e-mailed
 * link before they are in line.
 */
export default function GuestWaitlistPage() {
  const { t, i18n } = useTranslation(ns);
  const { id = '' } = useParams();
  usePageMeta(t('title'), t('description'));
  const screening = useQuery({ queryKey: ['screening', Number(id)], queryFn: () => ticketsApi.screening(id) });
  if (screening.isPending) return <PageLoading />;
  if (screening.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          {errorText(screening.error)}
        </Alert>
      </Container>
    );
  }
  const s = screening.data;
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {t('heading', { title: s.title })}
          </Title>
          <Text c="gray.9">
            {formatWhen(s.startsAt, i18n.language, s.timeZone)} · {s.venue}
          </Text>
          <Text c="gray.9">{t('guest.intro')}</Text>
          <GuestWaitlistForm screeningId={s.id} />
        </Stack>
      </Paper>
    </Container>
  );
}
