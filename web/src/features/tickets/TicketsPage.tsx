import { Anchor, Button, Container, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageCount } from '../../api/client';
import { myTickets } from '../../api/myTickets';
import { guestTicketsApi } from '../../api/guestTickets';
import type { Ticket } from '../../api/tickets';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ns, ScreeningWhen } from './ScreeningsSection';
import { TicketStatusBadge } from './TicketStatusBadge';

function TicketRow({ ticket: tk }: { ticket: Ticket }) {
  const { t } = useTranslation(ns);
  const s = tk.screening;
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="ticket-row">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Anchor component={Link} to={`/tickets/${tk.id}`} fw={700} c="indigo.9" style={{ overflowWrap: 'anywhere' }}>
            {s.title}
          </Anchor>
          <Text size="sm" c="gray.8">
            {s.festivalName}
          </Text>
          <Text size="sm" c="gray.8">
            <ScreeningWhen screening={s} />
          </Text>
          <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {s.venue}
          </Text>
        </Stack>
        <Stack gap="xs" align="flex-end">
          <TicketStatusBadge status={tk.status} />
          <Button component={Link} to={`/tickets/${tk.id}`} size="xs" variant="light">
            {t('list.open')}
          </Button>
        </Stack>
      </Group>
    </Paper>
  );
}

/** /tickets: the signed-in user's tickets, upcoming screenings first. */
export default function TicketsPage() {
  const { t } = useTranslation(ns);
  usePageMeta(t('list.title'), t('list.description'));
  const [page, setPage] = useState(1);
  // The first page first takes over the orders bought as a guest with the
  // account's confirmed address (nothing before it is confirmed).
  const query = useQuery({
    queryKey: ['tickets', 'list', page],
    queryFn: async () => {
      if (page === 1) await guestTicketsApi.claim().catch(() => undefined);
      return myTickets(page);
    },
  });

  let body: React.ReactNode;
  if (query.isPending) body = <PageLoading />;
  else if (query.isError)
    body = (
      <Notice color="red" role="alert" title={t('loadError')}>
        {apiErrorText(query.error, ns)}
      </Notice>
    );
  else if (query.data.items.length === 0)
    body = (
      <Text c="gray.8" data-testid="no-tickets">
        {t('list.empty')}
      </Text>
    );
  else
    body = (
      <Stack gap="md">
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {query.data.items.map((tk) => (
            <TicketRow key={tk.id} ticket={tk} />
          ))}
        </Stack>
        {pageCount(query.data) > 1 && (
          <Pagination total={pageCount(query.data)} value={page} onChange={setPage} aria-label={t('list.pages')} />
        )}
      </Stack>
    );

  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1}>{t('list.title')}</Title>
        {body}
      </Stack>
    </Container>
  );
}
