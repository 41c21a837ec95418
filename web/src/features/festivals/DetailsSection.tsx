import { Button, Group, List, Stack, Text } from '@mantine/core';
import { type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { festivalsApi, type Festival, type FestivalDetails } from '../../api/festivals';
import { Notice } from '../../ui/Notice';
import { FestivalDatesProvider } from '../../lib/dates';
import { FestivalDetailsFields } from './FestivalDetailsFields';
import { RevisionNotice, withPendingValues } from './RevisionNotice';
import { detailsFields, type DetailsField } from './schema';
import { useDetailsForm } from './useDetailsForm';
import { useSectionSave, type SectionProps } from './useSectionSave';

/** detailsOf picks a festival's editable details. */
export function detailsOf(f: Festival): FestivalDetails {
  return {
    name: f.name,
    description: f.description,
    location: f.location,
    country: f.country,
    city: f.city,
    website: f.website,
    startDate: f.startDate,
    endDate: f.endDate,
    contactEmail: f.contactEmail,
  };
}

/** SectionErrors lists a failed save's problems that no input shows. */
export function SectionErrors({ texts }: { texts: string[] | null }) {
  const { t } = useTranslation('festivals');
  if (!texts) return null;
  return (
    <Notice color="red" role="alert" title={t('editor.saveError')} data-testid="section-error">
      {texts.length === 1 ? (
        <Text size="sm" c="gray.9">
          {texts[0]}
        </Text>
      ) : (
        <List size="sm" c="gray.9">
          {texts.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      )}
    </Notice>
  );
}

/** DetailsSection edits the registration details (PUT /api/v1/manage/festivals/{slug}). */
export function DetailsSection(props: SectionProps) {
  const { t } = useTranslation('festivals');
  // The form shows the values waiting for review, so that saving the dates
  // alone keeps them.
  const form = useDetailsForm(withPendingValues(props.festival, detailsOf(props.festival)));
  const { mutation, errorText } = useSectionSave(props, festivalsApi.updateDetails, {
    onSaved: (f) => form.reset(withPendingValues(f, detailsOf(f))),
    onFieldErrors: (err) => form.showServerErrors(err),
    isShown: (k) => detailsFields.includes(k as DetailsField),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.reset();
    const details = form.validate();
    if (!details) return;
    mutation.mutate(details);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('editor.tabs.details')} data-testid="details-form">
      <Stack gap="lg">
        <SectionErrors texts={errorText} />
        <RevisionNotice festival={props.festival} />
        <FestivalDatesProvider>
          <FestivalDetailsFields form={form} disabled={mutation.isPending} />
        </FestivalDatesProvider>
        <Group>
          <Button type="submit" loading={mutation.isPending} aria-busy={mutation.isPending}>
            {t('editor.saveDetails')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
