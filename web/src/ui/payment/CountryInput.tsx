import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normaliseCountry } from '../../lib/checkout';

/**
 * useCountryField holds the billing country of a card payment (credits
 * or tickets) and its error: `field` is its CountryInput, and typing in it
 * clears the error.
 */
export function useCountryField() {
  const [country, setCountry] = useState('');
  const [countryError, setCountryError] = useState<string | null>(null);
  const field = (
    <CountryInput
      value={country}
      onChange={(code) => {
        setCountry(code);
        setCountryError(null);
      }}
      error={countryError}
    />
  );
  return { country, setCountryError, field };
}

/**
 * CountryInput is the billing country of a card payment: two letters,
 * upper-cased as typed (useCountryField holds its value and error).
 */
export function CountryInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (code: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation('pricing');
  return (
    <TextInput
      label={t('checkout.form.country')}
      placeholder={t('checkout.form.countryPlaceholder')}
      value={value}
      onChange={(e) => onChange(normaliseCountry(e.currentTarget.value))}
      required
      maxLength={2}
      autoComplete="country"
      autoCapitalize="characters"
      spellCheck={false}
      error={error}
      styles={{ input: { textTransform: 'uppercase' } }}
      data-testid="country-input"
    />
  );
}
