import { Select, type SelectProps } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../lib/countries';
import { useLanguage } from '../lib/dates';

/**
 * CountrySelect is a searchable list of countries named in the site language
 * (Intl.DisplayNames); its value is an ISO code, or null when none is chosen.
 * It is memoised: with some 250 options it should re-render only when its
 * own props change, so pass it stable callbacks.
 */
export const CountrySelect = memo(function CountrySelect(props: Omit<SelectProps, 'data' | 'searchable'>) {
  const { t } = useTranslation('festivals');
  const { tag } = useLanguage();
  const data = useMemo(() => countryOptions(tag), [tag]);
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage={t('form.countryNothingFound')}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('form.clearCountry') }}
      {...props}
      data={data}
    />
  );
});
