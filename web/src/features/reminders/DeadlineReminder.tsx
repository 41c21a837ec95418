import { Anchor, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { deadlineTiers, type Category, type Deadline, type DeadlineTier } from '../../api/festivals';
import {
  isReminderPreference,
  reminderPreferences,
  remindersApi,
  type NewDeadlineReminder,
  type ReminderPreference,
} from '../../api/reminders';
import { useSession } from '../../lib/useSession';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { todayISO } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { festivalDate, reminderDayPassed } from './format';
import { remindersKey } from './queries';

/**
 * remindParam carries a visitor's chosen deadline reminder through the
 * sign-in (?remind=<categoryId>.<tier>.<preference> on the festival page
 * they come back to), so that it is set once they are signed in.
 */
export const remindParam = 'remind';

/** The deadline reminder a visitor chose before signing in. */
export interface PendingDeadline {
  categoryId: number;
  tier: DeadlineTier;
  preference: ReminderPreference;
}

/** remindValue writes a chosen deadline reminder as remindParam's value. */
export function remindValue(p: PendingDeadline): string {
  return `${p.categoryId}.${p.tier}.${p.preference}`;
}

/** parseRemind reads remindParam's value; null when absent or malformed. */
export function parseRemind(value: string | null): PendingDeadline | null {
  const m = /^(\d{1,18})\.(early|regular|late)\.([a-z-]+)$/.exec(value ?? '');
  if (!m || !isReminderPreference(m[3]) || !(deadlineTiers as readonly string[]).includes(m[2])) return null;
  const categoryId = Number(m[1]);
  if (!Number.isSafeInteger(categoryId) || categoryId <= 0) return null;
  return { categoryId, tier: m[2] as DeadlineTier, preference: m[3] };
}

/**
 * refusal is what a refused reminder shows: the server's own message (sent
 * in the page's language: the deadline passed, the same reminder already
 * set...), else the reminders' text for the error.
 */
function refusal(err: unknown): string {
  if (err instanceof ApiError && err.status !== 0 && err.message && !/^HTTP \d+$/.test(err.message)) return err.message;
  return apiErrorText(err, 'reminders');
}

/** upcomingDeadlines are a category's deadlines on or after today (UTC, the server's calendar). */
export function upcomingDeadlines(category: Pick<Category, 'deadlines'>, today: string = todayISO()): Deadline[] {
  return category.deadlines.filter((d) => d.date >= today);
}

/** allowedPreferences are the options whose e-mail day for a deadline on date has not passed. */
export function allowedPreferences(date: string, today: string = todayISO()): ReminderPreference[] {
  return reminderPreferences.filter((p) => !reminderDayPassed(date, p, today));
}

/**
 * DeadlineReminderButton is a category's 'Remind me' on a festival page:
 * it opens a dialog to choose one of the category's coming deadlines (each
 * fee tier) and when to be e-mailed. Signed in, it sets the reminder; a
 * visitor is asked to sign in (or sign up) and comes back to the page,
 * where PendingDeadlineReminder sets it. Nothing shows when every deadline
 * of the category has passed.
 */
export function DeadlineReminderButton({ slug, category }: { slug: string; category: Category }) {
  const { t } = useTranslation('reminders');
  const [opened, setOpened] = useState(false);
  if (upcomingDeadlines(category).length === 0) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        onClick={() => setOpened(true)}
        aria-label={t('deadline.buttonFor', { category: category.name })}
        data-testid="deadline-remind"
      >
        {t('deadline.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('deadline.title', { category: category.name })}
        closeButtonProps={{ 'aria-label': t('deadline.close') }}
        styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
      >
        {opened && <DeadlineReminderForm slug={slug} category={category} onClose={() => setOpened(false)} />}
      </Modal>
    </>
  );
}

function DeadlineReminderForm({ slug, category, onClose }: { slug: string; category: Category; onClose: () => void }) {
  const { t, i18n } = useTranslation('reminders');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { user, isLoading } = useSession();
  const location = useLocation();
  const queryClient = useQueryClient();
  const deadlines = upcomingDeadlines(category);
  const [tier, setTier] = useState<DeadlineTier>(deadlines[0].tier);
  const chosen = deadlines.find((d) => d.tier === tier) ?? deadlines[0];
  const allowed = allowedPreferences(chosen.date);
  const [wanted, setWanted] = useState<ReminderPreference>('one-day-before');
  const preference: ReminderPreference = allowed.includes(wanted) ? wanted : (allowed[allowed.length - 1] ?? 'day-of');
  const input: NewDeadlineReminder = { festivalSlug: slug, categoryId: category.id, tier: chosen.tier, preference };

  const create = useMutation({
    mutationFn: () => remindersApi.create(input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: remindersKey }),
  });

  // A visitor signs in (or up) and comes back here with the choice in the address.
  const back = { from: { pathname: location.pathname, search: `?${new URLSearchParams({ [remindParam]: remindValue(input) })}` } };

  if (create.isSuccess) {
    return (
      <Stack gap="md">
        <Notice color="green" role="status" data-testid="deadline-reminder-set">
          <Text size="sm" c="gray.9">
            {t('deadline.saved', {
              deadline: t(`deadline.tiers.${create.data.tier || chosen.tier}`),
              category: category.name,
              date: festivalDate(create.data.date, language),
            })}
          </Text>
        </Notice>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Anchor component={Link} to="/manage#reminders" size="sm" fw={600}>
            {t('deadline.seeAll')}
          </Anchor>
          <Button onClick={onClose}>{t('deadline.done')}</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Radio.Group label={t('deadline.which')} value={chosen.tier} onChange={(v) => setTier(v as DeadlineTier)}>
        <Stack gap="xs" mt="xs">
          {deadlines.map((d) => (
            <Radio
              key={d.tier}
              value={d.tier}
              label={t('deadline.option', { deadline: t(`deadline.tiers.${d.tier}`), date: festivalDate(d.date, language) })}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group
        label={t('deadline.when')}
        description={t('deadline.whenHint')}
        value={preference}
        onChange={(v) => isReminderPreference(v) && setWanted(v)}
      >
        <Stack gap="xs" mt="xs">
          {reminderPreferences.map((p) => (
            <Radio key={p} value={p} label={t(`deadline.preference.${p}`)} disabled={!allowed.includes(p)} />
          ))}
        </Stack>
      </Radio.Group>

      {create.isError && (
        <Notice color="red" role="alert" title={t('deadline.errorTitle')} data-testid="deadline-reminder-error">
          <Text size="sm" c="gray.9">
            {refusal(create.error)}
          </Text>
        </Notice>
      )}

      {isLoading ? null : user ? (
        <Group justify="flex-end">
          <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="deadline-reminder-save">
            {t('deadline.save')}
          </Button>
        </Group>
      ) : (
        <Stack gap="sm" data-testid="deadline-reminder-sign-in">
          <Text size="sm" c="gray.8">
            {t('deadline.signInHint')}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Button component={Link} to="/login" state={back}>
              {t('deadline.signIn')}
            </Button>
            <Button component={Link} to="/signup" state={back} variant="default">
              {t('deadline.signUp')}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * PendingDeadlineReminder sets the deadline reminder a visitor chose
 * before signing in, once they are back on the festival page signed in
 * (?remind=...), then takes the choice out of the address: a toast says it
 * is set, or why not (a deadline already passed, one already set).
 */
export function PendingDeadlineReminder({ slug, categories }: { slug: string; categories: Category[] }) {
  const { t, i18n } = useTranslation('reminders');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { user, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const pending = parseRemind(params.get(remindParam));
  const started = useRef(false);

  useEffect(() => {
    if (!params.has(remindParam) || isLoading || !user || started.current) return;
    started.current = true;
    const clear = () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(remindParam);
          return next;
        },
        { replace: true },
      );
    const category = pending ? categories.find((c) => c.id === pending.categoryId) : undefined;
    if (!pending || !category) {
      clear();
      return;
    }
    remindersApi
      .create({ festivalSlug: slug, ...pending })
      .then(
        (r) => {
          void queryClient.invalidateQueries({ queryKey: remindersKey });
          void notify(
            'green',
            t('deadline.saved', { deadline: t(`deadline.tiers.${pending.tier}`), category: category.name, date: festivalDate(r.date, language) }),
            { testId: 'deadline-reminder-saved' },
          );
        },
        (err: unknown) => {
          void notify('red', `${t('deadline.errorTitle')} ${refusal(err)}`, { testId: 'deadline-reminder-failed' });
        },
      )
      .finally(clear);
  }, [params, isLoading, user, pending, categories, slug, setParams, queryClient, t, language]);

  return null;
}
