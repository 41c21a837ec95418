import { Button, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { ForgotPasswordLink } from './ForgotPasswordLink';
import { AuthCard } from '../../ui/AuthCard';
import { EmailField, FormError, PasswordField } from '../../ui/AuthFields';
import { useAuthForm } from './useAuthForm';

/** LoginPage: the seed's email and password form, signed in by the server. */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageMeta(t('auth.login.title'), t('auth.login.description'));
  const form = useAuthForm('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (form.replacement) return form.replacement;

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void form.submit(email.trim() !== '' && password !== '', () => authApi.logIn({ email: email.trim(), password }));
  }

  return (
    <AuthCard
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      switchText={t('auth.login.noAccount')}
      switchLabel={t('auth.login.signupLink')}
      switchTo="/signup"
      switchState={form.switchState}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.login.title')}>
        <Stack gap="md">
          <FormError error={form.error} />
          <EmailField value={email} onChange={setEmail} error={form.fieldErrors.email} />
          <PasswordField
            value={password}
            onChange={setPassword}
            error={form.fieldErrors.password}
            autoComplete="current-password"
          />
          <ForgotPasswordLink />
          <Button type="submit" fullWidth loading={form.submitting}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
