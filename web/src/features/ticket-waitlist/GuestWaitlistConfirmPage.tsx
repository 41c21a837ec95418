import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { guestTicketsApi } from '../../api/guestTickets';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageLoading } from '../../ui/page/PageState';
import { Title } from '../../ui/Title';
import { errorText, ns } from './WaitlistPage';
import { formatWhen } from './waitlist';

/**
 * /waitlist/guest/:token (the e-mailed confirmation link): opening it puts
 * the visitor in line (once); the page shows their place and takes them
 * off the list. A wrong or expired link says so.
 */
export default function GuestWaitlistConfirmPage() {
  const { t, i18n } = useTranslation(ns);
  const { token = '' } = useParams();
  usePageMeta(t('title'), t('description'));
  const entry = useQuery({ queryKey: ['guest-waitlist', token], queryFn: () => guestTicketsApi.confirmWaitlist(token), retry: false });
  const leave = useMutation({ mutationFn: () => guestTicketsApi.leaveWaitlist(token) });
  if (entry.isPending) return <PageLoading />;
  if (entry.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" title={t('guest.linkGone')} data-testid="guest-waitlist-error">
          {errorText(entry.error)}
        </Alert>
      </Container>
    );
  }
  const e = entry.data;
  const s = e.screening;
  if (!s) return null;
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
          {leave.isSuccess ? (
            <Alert color="gray" role="status" data-testid="guest-waitlist-left">
              {t('guest.left')}
            </Alert>
          ) : e.status === 'waiting' ? (
            <>
              <Alert color="teal" role="status" data-testid="guest-waitlist-waiting">
                {e.ahead === 0 ? t('first', { n: e.quantity }) : t('ahead', { n: e.ahead })}
              </Alert>
              <Button variant="default" onClick={() => leave.mutate()} loading={leave.isPending} data-testid="guest-waitlist-leave">
                {t('leave')}
              </Button>
            </>
          ) : (
            <Alert color="gray" role="status" data-testid="guest-waitlist-status">
              {e.status === 'offered' ? t('guest.offered') : t('guest.closed')}
            </Alert>
          )}
          {leave.isError && (
            <Alert color="red" role="alert">
              {errorText(leave.error)}
            </Alert>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
