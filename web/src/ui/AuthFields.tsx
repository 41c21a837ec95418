import { Alert, PasswordInput, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** FormError is the form-level message above the fields of the auth forms. */
export function FormError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {error}
    </Alert>
  );
}

/** EmailField is the email input of the auth forms. */
export function EmailField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.email')}
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/**
 * PasswordField is the password input of the auth forms, with a labelled
 * visibility toggle. `label` and `name` default to the auth forms' 'Password'
 * and "password".
 */
export function PasswordField({
  value,
  onChange,
  error,
  autoComplete,
  description,
  label,
  name = 'password',
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  description?: string;
  label?: string;
  name?: string;
}) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={label ?? t('auth.password')}
      description={description}
      descriptionProps={description ? { c: 'gray.7' } : undefined}
      name={name}
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      aria-invalid={error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
    />
  );
}
