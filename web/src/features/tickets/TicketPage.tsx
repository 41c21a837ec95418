import { Anchor, Button, Center, Container, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ticketsApi } from '../../api/tickets';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { PageLoadError } from '../../ui/PageLoadError';
import { formatLocalTime, useTag } from '../../lib/format';
import { QrCode } from './QrCode';
import { ns, ScreeningWhen } from './ScreeningsSection';
import { TicketStatusBadge } from './TicketStatusBadge';
import { SelfCancelSection } from './SelfCancelSection';

/** groupCode shows a ticket's code in groups of four, easier to read aloud at the door. */
export function groupCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * /tickets/:id: one ticket to show at the door: its QR code (the code
 * itself), the code in text, the screening, venue and local time, its
 * status, and a calendar file.
 */
export default function TicketPage() {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: ['tickets', 'one', id], queryFn: () => ticketsApi.ticket(id) });
  usePageMeta(query.data ? t('ticket.metaTitle', { title: query.data.screening.title }) : t('ticket.title'), t('ticket.description'));

  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    return (
      <PageLoadError
        error={query.error}
        ns={ns}
        notFoundTitle={t('ticket.notFound')}
        errorTitle={t('loadError')}
        backTo="/tickets"
        backLabel={t('ticket.back')}
        testId="ticket-error"
      />
    );
  }
  const tk = query.data;
  const s = tk.screening;
  const usable = tk.status === 'valid';
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor component={Link} to="/tickets" size="sm" fw={600} c="indigo.9">
          <span aria-hidden="true">← </span>
          {t('ticket.back')}
        </Anchor>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="ticket">
          <Stack gap="md" align="stretch">
            <Stack gap={2}>
              <Text size="sm" c="gray.8">
                {s.festivalName}
              </Text>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {s.title}
              </Title>
            </Stack>
            <Center>
              <TicketStatusBadge status={tk.status} size="xl" />
            </Center>
            {tk.status === 'used' && tk.checkedInAt && (
              <Text ta="center" c="gray.9" data-testid="ticket-used-at">
                {t('ticket.usedAt', { time: formatLocalTime(tk.checkedInAt, tag, s.timeZone) })}
              </Text>
            )}
            <Center style={{ opacity: usable ? 1 : 0.35 }}>
              <QrCode text={tk.code} size={280} label={t('ticket.qrLabel')} />
            </Center>
            <Text ta="center" ff="monospace" fz="lg" fw={700} c="gray.9" data-testid="ticket-code" style={{ overflowWrap: 'anywhere' }}>
              {groupCode(tk.code)}
            </Text>
            <Stack component="dl" gap="xs" m={0}>
              <div>
                <Text component="dt" size="sm" c="gray.7">
                  {t('ticket.when')}
                </Text>
                <Text component="dd" m={0} fw={600}>
                  <ScreeningWhen screening={s} />
                </Text>
              </div>
              <div>
                <Text component="dt" size="sm" c="gray.7">
                  {t('ticket.venue')}
                </Text>
                <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {s.venue}
                </Text>
              </div>
              <div>
                <Text component="dt" size="sm" c="gray.7">
                  {t('ticket.holder')}
                </Text>
                <Text component="dd" m={0} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {tk.holderName || tk.holderEmail}
                </Text>
              </div>
            </Stack>
            <Button component="a" href={ticketsApi.calendarUrl(tk.id)} download variant="light" data-testid="add-to-calendar">
              {t('ticket.calendar')}
            </Button>
            <Button component="a" href={ticketsApi.pdfUrl(tk.id)} download variant="default" data-testid="ticket-pdf">
              {t('ticket.pdf')}
            </Button>
          </Stack>
        </Paper>
        <SelfCancelSection orderId={tk.orderId} />
      </Stack>
    </Container>
  );
}
