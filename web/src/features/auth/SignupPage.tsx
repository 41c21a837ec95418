import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError, authApi } from '../../api/client';
import { PageLoading } from '../../content/PageState';
import { usePageMeta } from '../../content/usePageMeta';
import { apiErrorMessage, isNetworkError } from '../../i18n/errorMessage';
import { notify } from '../layout/notify';
import { AuthCard } from './AuthCard';
import { returnPath } from './RequireAuth';
import { sessionSignedIn, useSession } from './useSession';

/** SignupPage: the seed's sign-up form plus an optional name; signs the new user in. */
export default function SignupPage() {
  const { t, i18n } = useTranslation();
  usePageMeta(t('auth.signup.title'), t('auth.signup.description'));
  const { user, isLoading } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const justSignedUp = useRef(false);

  if (isLoading) return <PageLoading />;
  if (user && !justSignedUp.current) return <Navigate to="/" replace />;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    if (!email.trim() || !password) {
      setError(t('auth.signup.required'));
      return;
    }
    setSubmitting(true);
    try {
      const trimmedName = name.trim();
      const created = await authApi.signUp({
        email: email.trim(),
        password,
        ...(trimmedName ? { name: trimmedName } : {}),
      });
      justSignedUp.current = true;
      sessionSignedIn(client, created);
      notify('green', t('auth.signup.success'));
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (isNetworkError(err)) {
        setError(t('auth.signup.network'));
      } else if (err instanceof ApiError) {
        setError(apiErrorMessage(i18n, err, t('auth.signup.failed')));
        setFieldErrors(err.fields);
      } else {
        setError(t('auth.signup.unexpected'));
      }
    }
  }

  return (
    <AuthCard
      title={t('auth.signup.title')}
      intro={t('auth.signup.intro')}
      switchText={t('auth.signup.haveAccount')}
      switchLabel={t('auth.signup.loginLink')}
      switchTo="/login"
      switchState={location.state}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.signup.title')}>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('auth.signup.name')}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldErrors.name}
          />
          <TextInput
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email}
          />
          <PasswordInput
            label={t('auth.password')}
            description={t('auth.signup.passwordHint')}
            descriptionProps={{ c: 'gray.7' }}
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            aria-invalid={fieldErrors.password ? true : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          />
          <Button type="submit" fullWidth loading={submitting}>
            {t('auth.signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
