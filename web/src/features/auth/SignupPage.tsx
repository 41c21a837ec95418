import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { AuthCard } from '../../ui/AuthCard';
import { EmailField, FormError, PasswordField } from '../../ui/AuthFields';
import { useAuthForm } from './useAuthForm';

/** SignupPage: the seed's sign-up form plus an optional name; signs the new user in. */
export default function SignupPage() {
  const { t } = useTranslation();
  usePageMeta(t('auth.signup.title'), t('auth.signup.description'));
  const form = useAuthForm('signup');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (form.replacement) return form.replacement;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const trimmedName = name.trim();
    void form.submit(email.trim() !== '' && password !== '', () =>
      authApi.signUp({ email: email.trim(), password, ...(trimmedName ? { name: trimmedName } : {}) }),
    );
  }

  return (
    <AuthCard
      title={t('auth.signup.title')}
      intro={t('auth.signup.intro')}
      switchText={t('auth.signup.haveAccount')}
      switchLabel={t('auth.signup.loginLink')}
      switchTo="/login"
      switchState={form.switchState}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.signup.title')}>
        <Stack gap="md">
          <FormError error={form.error} />
          <TextInput
            label={t('auth.signup.name')}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={form.fieldErrors.name}
          />
          <EmailField value={email} onChange={setEmail} error={form.fieldErrors.email} />
          <PasswordField
            value={password}
            onChange={setPassword}
            error={form.fieldErrors.password}
            autoComplete="new-password"
            description={t('auth.signup.passwordHint')}
          />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
