import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../ui/CountrySelect';
import { dateInputFormat, useCalendarLabels, useLanguage } from '../../lib/dates';
import { detailsLimits } from './schema';
import { charCount } from '../../lib/text';
import type { DetailsForm } from './useDetailsForm';
import { inputStyles } from '../../ui/inputStyles';

/**
 * FestivalDetailsFields are the inputs of a festival's details, in the
 * seed's order (name, description, location, start date, end date, contact
 * e-mail) followed by the optional country, city and website. Used by the
 * registration form and the organiser's Details tab.
 */
export function FestivalDetailsFields({
  form,
  disabled,
  minStartDate,
}: {
  form: DetailsForm;
  disabled: boolean;
  /** The earliest start date offered ("YYYY-MM-DD"), e.g. today for a new festival. */
  minStartDate?: string;
}) {
  const { t } = useTranslation('festivals');
  const { code } = useLanguage();
  const calendar = useCalendarLabels();
  const v = form.values;
  const common = { styles: inputStyles, disabled };
  const { set } = form;
  const onCountry = useCallback((value: string | null) => set('country', value ?? ''), [set]);
  const dateProps = {
    ...calendar,
    valueFormat: dateInputFormat(code),
    placeholder: t('form.datePlaceholder'),
    withAsterisk: true,
    popoverProps: { withinPortal: true },
    ...common,
  };

  return (
    <Stack gap="md">
      <TextInput
        ref={form.refFor('name')}
        name="name"
        label={t('form.name')}
        withAsterisk
        aria-required
        value={v.name}
        onChange={(e) => form.set('name', e.currentTarget.value)}
        error={form.errorOf('name')}
        {...common}
      />
      <Textarea
        ref={form.refFor('description')}
        name="description"
        label={t('form.description')}
        description={t('form.descriptionCount', {
          count: charCount(v.description.trim()),
          max: detailsLimits.description.max,
        })}
        rows={6}
        resize="vertical"
        value={v.description}
        onChange={(e) => form.set('description', e.currentTarget.value)}
        error={form.errorOf('description')}
        {...common}
      />
      <TextInput
        ref={form.refFor('location')}
        name="location"
        label={t('form.location')}
        description={t('form.locationHint')}
        withAsterisk
        aria-required
        value={v.location}
        onChange={(e) => form.set('location', e.currentTarget.value)}
        error={form.errorOf('location')}
        {...common}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DatePickerInput
          ref={form.refFor('startDate')}
          name="startDate"
          label={t('form.startDate')}
          value={v.startDate || null}
          minDate={minStartDate}
          onChange={(value) => form.set('startDate', value ?? '')}
          error={form.errorOf('startDate')}
          {...dateProps}
        />
        <DatePickerInput
          ref={form.refFor('endDate')}
          name="endDate"
          label={t('form.endDate')}
          value={v.endDate || null}
          minDate={v.startDate || minStartDate}
          onChange={(value) => form.set('endDate', value ?? '')}
          error={form.errorOf('endDate')}
          {...dateProps}
        />
      </SimpleGrid>
      <TextInput
        ref={form.refFor('contactEmail')}
        name="contactEmail"
        type="email"
        autoComplete="email"
        label={t('form.contactEmail')}
        withAsterisk
        aria-required
        value={v.contactEmail}
        onChange={(e) => form.set('contactEmail', e.currentTarget.value)}
        error={form.errorOf('contactEmail')}
        {...common}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CountrySelect
          ref={form.refFor('country')}
          name="country"
          label={t('form.country')}
          description={t('form.optional')}
          placeholder={t('form.countryPlaceholder')}
          value={v.country || null}
          onChange={onCountry}
          error={form.errorOf('country')}
          {...common}
        />
        <TextInput
          ref={form.refFor('city')}
          name="city"
          label={t('form.city')}
          description={t('form.optional')}
          value={v.city}
          onChange={(e) => form.set('city', e.currentTarget.value)}
          error={form.errorOf('city')}
          {...common}
        />
      </SimpleGrid>
      <TextInput
        ref={form.refFor('website')}
        name="website"
        type="url"
        autoComplete="url"
        label={t('form.website')}
        description={t('form.websiteHint')}
        placeholder={t('form.websitePlaceholder')}
        value={v.website}
        onChange={(e) => form.set('website', e.currentTarget.value)}
        error={form.errorOf('website')}
        {...common}
      />
    </Stack>
  );
}
