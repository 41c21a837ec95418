import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListFilter, ListState } from '../../ui/list/ListState';
import { PageHeading } from '../../ui/page/PageHeading';
import { useListParams } from '../../lib/useListParams';
import { ListPagination } from '../../ui/list/ListPagination';
import { pageCount, type Page } from '../../api/client';
import { adminMessagesApi, type ContactMessage, type MessageStatus } from '../../api/contact';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { dateTime } from '../../lib/format';

const statuses: MessageStatus[] = ['open', 'handled', 'all'];
type MessageList = Page<ContactMessage>;

/** /admin/messages: contact messages with an Open / Handled / All filter, 50 a page. */
export default function AdminMessagesPage() {
  const { t, i18n } = useTranslation('contact');
  usePageMeta(t('admin.meta.title'), t('admin.meta.description'));
  const { status, page, setStatus, setPage } = useListParams<MessageStatus>(statuses, 'open', { replace: true });
  const queryClient = useQueryClient();
  const key = ['admin', 'messages', status, page] as const;

  const list = useQuery({
    queryKey: key,
    queryFn: () => adminMessagesApi.list(status, page),
  });
  const totalPages = pageCount(list.data);

  const update = useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => adminMessagesApi.setHandled(id, handled),
    // Optimistic: the message leaves a filtered list (or changes in place under All) at once.
    onMutate: async ({ id, handled }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MessageList>(key);
      if (previous) {
        const now = new Date().toISOString();
        const items =
          status === 'all'
            ? previous.items.map((m) => (m.id === id ? { ...m, handledAt: handled ? now : null } : m))
            : previous.items.filter((m) => m.id !== id);
        queryClient.setQueryData<MessageList>(key, {
          ...previous,
          items,
          total: previous.total - (previous.items.length - items.length),
        });
      }
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'messages'] }),
  });

  const language = i18n.resolvedLanguage ?? i18n.language;
  const formatDate = (iso: string) => dateTime(iso, language);

  return (
    <Stack gap="lg">
      <PageHeading title={t('admin.title')} subtitle={t('admin.subtitle')} />

      <ListFilter
        label={t('admin.filterLabel')}
        value={status}
        onChange={setStatus}
        options={statuses.map((s) => ({ value: s, label: t(`admin.filter.${s}`) }))}
        testId="messages-filter"
        total={list.data && t('admin.total', { count: list.data.total })}
        totalTestId="messages-total"
      />

      {update.isError && (
        <Notice color="red" role="alert" withCloseButton onClose={() => update.reset()}>
          <Text size="sm" c="gray.9">
            {t('admin.updateError')} {apiErrorText(update.error, 'contact')}
          </Text>
        </Notice>
      )}

      <ListState
        query={list}
        isEmpty={(data) => data.items.length === 0}
        loadingLabel={t('admin.loading')}
        errorTitle={t('admin.loadError')}
        errorText={apiErrorText(list.error, 'contact')}
        retryLabel={t('admin.retry')}
        errorTestId="messages-error"
        emptyText={t(`admin.empty.${status}`)}
        emptyTestId="messages-empty"
      >
        {(data) => (
          <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="messages-list">
            {data.items.map((m) => {
              const handled = m.handledAt !== null;
              return (
                <Paper
                  key={m.id}
                  component="li"
                  withBorder
                  radius="md"
                  p={{ base: 'sm', sm: 'md' }}
                  data-testid="message-item"
                  data-message-id={m.id}
                  aria-labelledby={`message-${m.id}-subject`}
                >
                  <Stack gap="xs">
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                      <Title order={2} size="h4" id={`message-${m.id}-subject`} style={{ overflowWrap: 'anywhere' }}>
                        {m.subject}
                      </Title>
                      <Badge color={handled ? 'teal.9' : 'indigo.8'} variant={handled ? 'outline' : 'filled'} style={{ flexShrink: 0 }}>
                        {handled ? t('admin.status.handled') : t('admin.status.open')}
                      </Badge>
                    </Group>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600}>
                        <Text span size="sm" c="gray.7" fw={400}>
                          {t('admin.columns.from')}:{' '}
                        </Text>
                        {m.name}
                      </Text>
                      <Anchor
                        size="sm"
                        href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}
                        aria-label={t('admin.replyLink', { name: m.name }) + ` (${m.email})`}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {m.email}
                      </Anchor>
                    </Group>
                    <Text size="sm" c="gray.7">
                      {t('admin.columns.received')}: <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>
                      {m.handledAt && (
                        <>
                          {' · '}
                          {t('admin.handledOn', { date: formatDate(m.handledAt) })}
                        </>
                      )}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
                      {m.message}
                    </Text>
                    <Group justify="flex-end">
                      <Button
                        size="xs"
                        variant={handled ? 'default' : 'filled'}
                        onClick={() => update.mutate({ id: m.id, handled: !handled })}
                        disabled={update.isPending && update.variables?.id === m.id}
                        aria-label={
                          handled ? t('admin.reopenFor', { subject: m.subject }) : t('admin.markHandledFor', { subject: m.subject })
                        }
                      >
                        {handled ? t('admin.reopen') : t('admin.markHandled')}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
      </ListState>
      <ListPagination
        total={totalPages}
        value={page}
        onChange={setPage}
        label={t('admin.pagination')}
      />
    </Stack>
  );
}
