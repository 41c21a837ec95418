import { Anchor, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { remindersApi, type Reminder } from '../../api/reminders';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { notify } from '../../lib/notify';
import { festivalDate } from './format';
import { dateTime } from '../../lib/format';
import { remindersKey } from './queries';

/**
 * RemindersList shows the signed-in user's reminders (GET /api/v1/reminders),
 * each with its festival (and, for a deadline's, the category and tier),
 * date, option and when the e-mail goes (or went),
 * a Delete button, and a link to download them all as an iCalendar file.
 */
export function RemindersList() {
  const { t, i18n } = useTranslation('reminders');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: remindersKey, queryFn: remindersApi.list });

  const remove = useMutation({
    mutationFn: (r: Reminder) => remindersApi.remove(r.id),
    onSuccess: (_data, r) => {
      void notify('green', t('list.deleted', { name: r.festivalName }), { testId: 'reminder-deleted-toast' });
    },
    onError: (err) => {
      void notify('red', `${t('list.deleteError')} ${apiErrorText(err, 'reminders')}`);
    },
    // A 404 means it is already gone: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersKey }),
  });

  return (
    <Stack gap="md" component="section" aria-labelledby="reminders-list-title" data-testid="reminders-list-section">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2} id="reminders-list-title">
          {t('list.heading')}
        </Title>
        {list.data && list.data.length > 0 && (
          <Anchor
            href={remindersApi.icsUrl(language)}
            download="marquee-reminders.ics"
            size="sm"
            fw={600}
            data-testid="reminders-ics"
          >
            {t('list.ics')}
          </Anchor>
        )}
      </Group>

      {list.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label={t('list.loading')} />
        </Center>
      ) : list.isError ? (
        <Notice color="red" role="alert" title={t('list.loadError')} data-testid="reminders-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="gray.9">
              {apiErrorText(list.error, 'reminders')}
            </Text>
            <Button size="xs" variant="default" onClick={() => list.refetch()}>
              {t('list.retry')}
            </Button>
          </Stack>
        </Notice>
      ) : list.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" data-testid="reminders-empty">
          <Text ta="center" c="gray.7">
            {t('list.empty')}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="reminders-list">
          {list.data.map((r) => {
            const deleting = remove.isPending && remove.variables?.id === r.id;
            const headingId = `reminder-${r.id}-name`;
            return (
              <Paper
                key={r.id}
                component="li"
                withBorder
                radius="md"
                p={{ base: 'sm', sm: 'md' }}
                data-testid="reminder-item"
                data-reminder-id={r.id}
                aria-labelledby={headingId}
              >
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                    <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
                      {r.festivalSlug ? (
                        <Anchor component={Link} to={`/festival/${encodeURIComponent(r.festivalSlug)}`} inherit>
                          {r.festivalName}
                        </Anchor>
                      ) : (
                        r.festivalName
                      )}
                    </Title>
                    {r.tier && (
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="reminder-deadline">
                        {t('list.deadline', { deadline: t(`deadline.tiers.${r.tier}`), category: r.categoryName })}
                      </Text>
                    )}
                    <Text size="sm">
                      <time dateTime={r.date}>{festivalDate(r.date, language)}</time>
                      {' · '}
                      {t(`preference.${r.preference}`, { defaultValue: r.preference })}
                    </Text>
                    <SendState reminder={r} language={language} />
                  </Stack>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => remove.mutate(r)}
                    disabled={deleting}
                    aria-busy={deleting}
                    aria-label={t('list.deleteFor', { name: r.festivalName })}
                  >
                    {t('list.delete')}
                  </Button>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/** SendState says when the e-mail goes: 'Sends on …', 'Sending shortly' once due, or 'Sent'. */
function SendState({ reminder, language }: { reminder: Reminder; language: string }) {
  const { t } = useTranslation('reminders');
  // Due or not as of when the reminder was first shown (the clock does not re-render the list).
  const [shownAt] = useState(Date.now);
  if (reminder.sentAt) {
    return (
      <Group gap="xs">
        <Badge color="teal.9" variant="outline" size="sm">
          {t('list.sent')}
        </Badge>
        <Text size="sm" c="gray.7">
          <time dateTime={reminder.sentAt}>{dateTime(reminder.sentAt, language)}</time>
        </Text>
      </Group>
    );
  }
  const due = new Date(reminder.sendAt).getTime() <= shownAt;
  return (
    <Text size="sm" c="gray.7" data-testid="reminder-send-state">
      {due ? (
        t('list.due')
      ) : (
        <Trans
          t={t}
          i18nKey="list.sendsOn"
          values={{ date: dateTime(reminder.sendAt, language) }}
          components={{ time: <time dateTime={reminder.sendAt} /> }}
        />
      )}
    </Text>
  );
}
