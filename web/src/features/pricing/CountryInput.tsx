import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normaliseCountry } from './checkout';

/**
 * CountryInput is the billing country of a card payment (credits or
 * tickets): two letters, upper-cased as typed; onChange clears the
 * caller's error.
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
