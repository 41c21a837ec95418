import '@mantine/dates/styles.css';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import {
  isReminderPreference,
  reminderPreferences,
  remindersApi,
  type NewReminder,
  type ReminderPreference,
} from '../../api/reminders';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { notify } from '../../lib/notify';
import { localToday, reminderDayPassed } from './format';
import { festivalNameMax, type ReminderPrefill } from './prefill';
import { remindersKey } from './queries';

/** How long the success toast stays (the seed's 3 seconds). */
export const reminderToastMs = 3000;

type Field = 'festivalName' | 'date' | 'preference';
const fields: Field[] = ['festivalName', 'date', 'preference'];

// Mantine's default description and error colours are too light for AA contrast.
const inputStyles = {
  description: { color: 'var(--mantine-color-gray-7)' },
  error: { color: 'var(--mantine-color-red-9)' },
};

const dayjsLocale: Record<string, string> = { en: 'en', ja: 'ja', zh: 'zh-cn' };
const dateFormat: Record<string, string> = { en: 'MMMM D, YYYY', ja: 'YYYY年M月D日', zh: 'YYYY年M月D日' };

/**
 * ReminderForm is the seed's reminder form: festival name, date and when to be
 * e-mailed. An incomplete form is not sent: each empty field says what it
 * needs and the first one takes the focus. On success the form clears and a green
 * toast confirms for three seconds; the server's refusals show beside their
 * field.
 */
export function ReminderForm({
  prefill,
  onCreated,
}: {
  /** Values handed over by a festival page's 'Remind me' button; the form takes the focus when given. */
  prefill?: ReminderPrefill | null;
  /** Called after a reminder was stored. */
  onCreated?: () => void;
}) {
  const { t, i18n } = useTranslation('reminders');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const queryClient = useQueryClient();
  const [name, setName] = useState(prefill?.festivalName ?? '');
  const [date, setDate] = useState<string | null>(prefill?.date || null);
  const [preference, setPreference] = useState<ReminderPreference | null>(null);
  // The festival page the reminder links to; dropped once the name is edited.
  const [slug, setSlug] = useState(prefill?.festivalSlug ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const dateRef = useRef<HTMLButtonElement>(null);
  const preferenceRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const today = localToday();

  const focusField = (field: Field) => {
    const el = field === 'festivalName' ? nameRef.current : field === 'date' ? dateRef.current : preferenceRef.current;
    el?.focus();
  };

  // Arriving from 'Remind me': bring the form into view and focus what is left to fill in.
  useEffect(() => {
    if (!prefill) return;
    formRef.current?.scrollIntoView({ block: 'start' });
    if (!prefill.festivalName) nameRef.current?.focus({ preventScroll: true });
    else if (!prefill.date) dateRef.current?.focus({ preventScroll: true });
    else preferenceRef.current?.focus({ preventScroll: true });
    // Only on arrival: prefill is fixed for this form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const create = useMutation({ mutationFn: (input: NewReminder) => remindersApi.create(input) });

  const clearError = (field: Field) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const festivalName = name.trim();
    const empty = fields.filter((f) => (f === 'festivalName' ? !festivalName : f === 'date' ? !date : !preference));
    if (empty.length > 0 || !date || !preference) {
      setErrors(Object.fromEntries(empty.map((f) => [f, t(`form.required.${f}`)])));
      if (empty[0]) focusField(empty[0]);
      return;
    }
    setErrors({});
    create.reset();
    create.mutate(
      { festivalName, date, preference, ...(slug && { festivalSlug: slug }) },
      {
        onSuccess: () => {
          setName('');
          setDate(null);
          setPreference(null);
          setSlug('');
          void notify('green', t('form.success'), { autoClose: reminderToastMs, testId: 'reminder-toast' });
          void queryClient.invalidateQueries({ queryKey: remindersKey });
          onCreated?.();
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          const next: Partial<Record<Field, string>> = {};
          for (const f of fields) if (err.fields[f]) next[f] = err.fields[f];
          setErrors(next);
          const first = fields.find((f) => next[f]);
          if (first) focusField(first);
        },
      },
    );
  };

  // An error the fields do not show (network, session, an unexpected answer) goes in an alert.
  const fieldShown = create.error instanceof ApiError && fields.some((f) => (create.error as ApiError).fields[f]);
  const busy = create.isPending;

  return (
    <form ref={formRef} onSubmit={submit} noValidate data-testid="reminder-form" aria-labelledby="reminder-form-title">
      <Stack gap="md">
        <Title order={2} id="reminder-form-title">
          {t('form.heading')}
        </Title>
        {create.isError && !fieldShown && (
          <Notice color="red" role="alert" title={t('form.errorTitle')} data-testid="reminder-error">
            <Text size="sm" c="gray.9">
              {apiErrorText(create.error, 'reminders')}
            </Text>
          </Notice>
        )}
        <TextInput
          ref={nameRef}
          name="festivalName"
          label={t('form.festivalName')}
          description={slug ? t('form.linked') : undefined}
          withAsterisk
          aria-required
          maxLength={festivalNameMax}
          autoComplete="off"
          value={name}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setName(value);
            if (slug && value.trim() !== prefill?.festivalName) setSlug('');
            clearError('festivalName');
          }}
          error={errors.festivalName}
          styles={inputStyles}
          disabled={busy}
          data-testid="reminder-name"
        />
        <DatesProvider settings={{ locale: dayjsLocale[language] ?? 'en' }}>
          <DatePickerInput
            ref={dateRef}
            name="date"
            label={t('form.festivalDate')}
            placeholder={t('form.datePlaceholder')}
            withAsterisk
            valueFormat={dateFormat[language] ?? dateFormat.en}
            minDate={today}
            value={date}
            onChange={(value) => {
              setDate(value);
              clearError('date');
              // A choice the new date makes impossible is dropped rather than refused later.
              if (value && preference && reminderDayPassed(value, preference, today)) setPreference(null);
            }}
            clearable
            clearButtonProps={{ 'aria-label': t('form.clearDate') }}
            ariaLabels={{
              nextMonth: t('form.calendar.nextMonth'),
              previousMonth: t('form.calendar.previousMonth'),
              nextYear: t('form.calendar.nextYear'),
              previousYear: t('form.calendar.previousYear'),
              nextDecade: t('form.calendar.nextDecade'),
              previousDecade: t('form.calendar.previousDecade'),
              monthLevelControl: t('form.calendar.monthLevel'),
              yearLevelControl: t('form.calendar.yearLevel'),
            }}
            error={errors.date}
            styles={inputStyles}
            disabled={busy}
            data-testid="reminder-date"
          />
        </DatesProvider>
        <Select
          ref={preferenceRef}
          name="preference"
          label={t('form.preference')}
          placeholder={t('form.preferencePlaceholder')}
          description={t('form.preferenceHint')}
          withAsterisk
          aria-required
          data={reminderPreferences.map((p) => ({
            value: p,
            label: t(`preference.${p}`),
            disabled: date ? reminderDayPassed(date, p, today) : false,
          }))}
          value={preference}
          onChange={(value) => {
            setPreference(isReminderPreference(value) ? value : null);
            clearError('preference');
          }}
          allowDeselect={false}
          error={errors.preference}
          styles={inputStyles}
          disabled={busy}
          comboboxProps={{ withinPortal: true }}
          data-testid="reminder-preference"
        />
        <Group>
          <Button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            leftSection={busy ? <Loader size="xs" color="currentColor" aria-hidden /> : undefined}
            data-testid="reminder-submit"
          >
            {busy ? t('form.submitting') : t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
