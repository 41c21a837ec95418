import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message, Thread } from '../../api/submissionManagement';
import { Title } from '../../ui/Title';
import { ns } from './logic';
import { fieldErrors, useErrorText } from './shared';

/**
 * ThreadView is a submission's messages, oldest first, and a form to
 * write one; mine tells which side the reader is on (the festival's team
 * or the filmmaker), so that their own messages are marked as theirs.
 */
export function ThreadView({
  queryKey,
  load,
  post,
  mine,
}: {
  queryKey: QueryKey;
  load: () => Promise<Thread>;
  post: (body: string) => Promise<Message>;
  mine: 'festival' | 'filmmaker';
}) {
  const { t, i18n } = useTranslation(ns);
  const errorText = useErrorText();
  const client = useQueryClient();
  const thread = useQuery({ queryKey, queryFn: load });
  const [body, setBody] = useState('');
  const send = useMutation({
    mutationFn: () => post(body),
    onSuccess: () => {
      setBody('');
      void client.invalidateQueries({ queryKey });
    },
  });
  const when = (iso: string) => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="thread-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="thread-title">
          {t('thread.title')}
        </Title>
        {thread.isError && (
          <Text size="sm" c="red.9" role="alert">
            {errorText(thread.error)}
          </Text>
        )}
        {thread.data && thread.data.messages.length === 0 && <Text size="sm">{t('thread.empty')}</Text>}
        <Stack gap="xs" data-testid="thread-messages">
          {thread.data?.messages.map((m) => {
            const own = m.fromFestival === (mine === 'festival');
            return (
              <Paper
                key={m.id}
                p="xs"
                radius="sm"
                bg={own ? 'blue.0' : 'gray.0'}
                ml={own ? { base: 'md', sm: 'xl' } : 0}
                mr={own ? 0 : { base: 'md', sm: 'xl' }}
                data-testid="thread-message"
              >
                <Text size="xs" c="gray.7">
                  {own ? t('thread.you') : m.authorName || t(m.fromFestival ? 'thread.festival' : 'thread.filmmaker')} · {when(m.createdAt)}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {m.body}
                </Text>
              </Paper>
            );
          })}
        </Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
        >
          <Stack gap="xs">
            <Textarea
              label={t('thread.write')}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={5000}
              error={fieldErrors(send.error).body}
              data-testid="thread-body"
            />
            {send.isError && !fieldErrors(send.error).body && (
              <Text size="sm" c="red.9" role="alert">
                {errorText(send.error)}
              </Text>
            )}
            <Button type="submit" loading={send.isPending} disabled={!body.trim()} style={{ alignSelf: 'flex-end' }} data-testid="thread-send">
              {t('thread.send')}
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
