import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { screeningsApi, type ManagedScreening } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { currencyDecimals } from '../../lib/format';
import { Notice } from '../../ui/Notice';
import { checkScreening, emptyScreening, ns, serverField, valuesOf, type ScreeningField, type ScreeningValues } from './schema';

/** TanStack Query keys of the organiser's screening pages. */
export const screeningsKey = (slug: string) => ['manage-screenings', slug] as const;

/**
 * ScreeningForm creates a screening or edits one: a film of the festival's
 * submissions or a title, venue, start and end, capacity, price and the
 * sales window, every time local to the festival's zone (named beside them).
 */
export function ScreeningForm({
  slug,
  timeZone,
  currency,
  screening,
  onDone,
  onCancel,
}: {
  slug: string;
  timeZone: string;
  currency: string;
  screening: ManagedScreening | null;
  onDone: (s: ManagedScreening) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ns);
  const client = useQueryClient();
  const [values, setValues] = useState<ScreeningValues>(() => (screening ? valuesOf(screening) : emptyScreening(timeZone)));
  const [errors, setErrors] = useState<Partial<Record<ScreeningField, string>>>({});
  const films = useQuery({ queryKey: [...screeningsKey(slug), 'films'], queryFn: () => screeningsApi.films(slug) });

  const save = useMutation({
    mutationFn: (input: Parameters<typeof screeningsApi.create>[1]) =>
      screening ? screeningsApi.update(slug, screening.id, input) : screeningsApi.create(slug, input),
    onSuccess: (s) => {
      void client.invalidateQueries({ queryKey: screeningsKey(slug) });
      onDone(s);
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const marks: Partial<Record<ScreeningField, string>> = {};
        for (const [key, text] of Object.entries(err.fields)) {
          const field = serverField[key];
          if (field) marks[field] = text;
        }
        setErrors(marks);
      }
    },
  });

  const set = (field: ScreeningField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    // Sales end when the screening starts unless the organiser says otherwise.
    const filled = { ...values, salesEndAt: values.salesEndAt || values.startsAt };
    const result = checkScreening(filled, currency);
    if (!result.ok) {
      // Whole units (yen) say so: no decimals.
      if (result.errors.price === 'priceInvalid' && currencyDecimals(currency) === 0) result.errors.price = 'priceWhole';
      // An empty sales end follows the start: the start's own message covers it.
      if (!values.salesEndAt && result.errors.salesEndAt === 'timeRequired') delete result.errors.salesEndAt;
      setErrors(Object.fromEntries(Object.entries(result.errors).map(([k, key]) => [k, t(`form.errors.${key}`)])));
      return;
    }
    setErrors({});
    save.mutate(result.input);
  }

  const err = (f: ScreeningField) => errors[f] ?? undefined;
  const zoneNote = t('form.zoneNote', { zone: timeZone });
  const filmOptions = [
    { value: '', label: t('form.ownTitle') },
    ...(films.data?.items ?? []).map((f) => ({ value: String(f.submissionId), label: f.title })),
  ];
  const generalError = save.isError && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0);

  return (
    <form onSubmit={submit} noValidate aria-label={screening ? t('form.editTitle') : t('form.newTitle')} data-testid="screening-form">
      <Stack gap="sm">
        <Select
          label={t('form.film')}
          data={filmOptions}
          value={values.film}
          onChange={(v) => set('film')(v ?? '')}
          allowDeselect={false}
          error={err('film')}
          data-testid="screening-film"
        />
        <TextInput
          label={t('form.title')}
          description={values.film ? t('form.titleFromFilm') : undefined}
          value={values.title}
          onChange={(e) => set('title')(e.currentTarget.value)}
          required={values.film === ''}
          maxLength={200}
          error={err('title')}
          data-testid="screening-title"
        />
        <TextInput
          label={t('form.venue')}
          value={values.venue}
          onChange={(e) => set('venue')(e.currentTarget.value)}
          required
          maxLength={200}
          error={err('venue')}
          data-testid="screening-venue"
        />
        <Text size="sm" c="gray.8" data-testid="screening-zone-note">
          {zoneNote}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            type="datetime-local"
            label={t('form.startsAt')}
            value={values.startsAt}
            onChange={(e) => set('startsAt')(e.currentTarget.value)}
            required
            error={err('startsAt')}
            data-testid="screening-starts"
          />
          <TextInput
            type="datetime-local"
            label={t('form.endsAt')}
            value={values.endsAt}
            onChange={(e) => set('endsAt')(e.currentTarget.value)}
            required
            error={err('endsAt')}
            data-testid="screening-ends"
          />
          <TextInput
            label={t('form.capacity')}
            value={values.capacity}
            onChange={(e) => set('capacity')(e.currentTarget.value.replace(/\D/g, ''))}
            required
            inputMode="numeric"
            error={err('capacity')}
            data-testid="screening-capacity"
          />
          <TextInput
            label={t('form.price', { currency: currency.toUpperCase() })}
            description={t('form.priceHint')}
            value={values.price}
            onChange={(e) => set('price')(e.currentTarget.value)}
            required
            inputMode="decimal"
            error={err('price')}
            data-testid="screening-price"
          />
          <TextInput
            type="datetime-local"
            label={t('form.salesStartAt')}
            value={values.salesStartAt}
            onChange={(e) => set('salesStartAt')(e.currentTarget.value)}
            required
            error={err('salesStartAt')}
            data-testid="screening-sales-start"
          />
          <TextInput
            type="datetime-local"
            label={t('form.salesEndAt')}
            description={t('form.salesEndHint')}
            value={values.salesEndAt}
            onChange={(e) => set('salesEndAt')(e.currentTarget.value)}
            error={err('salesEndAt')}
            data-testid="screening-sales-end"
          />
        </SimpleGrid>
        {generalError && (
          <Notice color="red" role="alert" data-testid="screening-save-error">
            {apiErrorText(save.error, ns)}
          </Notice>
        )}
        {save.isError && !generalError && (
          <Notice color="red" role="alert">
            {t('form.fixFields')}
          </Notice>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="screening-save">
            {screening ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
