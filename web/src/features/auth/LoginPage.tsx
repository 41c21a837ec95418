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

/** LoginPage: the seed's email and password form, signed in by the server. */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  usePageMeta(t('auth.login.title'), t('auth.login.description'));
  const { user, isLoading } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const justLoggedIn = useRef(false);

  if (isLoading) return <PageLoading />;
  if (user && !justLoggedIn.current) return <Navigate to="/" replace />;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setError(null);
    setFieldErrors({});
    if (!email.trim() || !password) {
      setError(t('auth.login.required'));
      return;
    }
    setSubmitting(true);
    try {
      const signedIn = await authApi.logIn({ email: email.trim(), password });
      justLoggedIn.current = true;
      sessionSignedIn(client, signedIn);
      notify('green', t('auth.login.success'));
      navigate(returnPath(location.state), { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (isNetworkError(err)) {
        setError(t('auth.login.network'));
      } else if (err instanceof ApiError) {
        setError(apiErrorMessage(i18n, err, t('auth.login.failed')));
        setFieldErrors(err.fields);
      } else {
        setError(t('auth.login.unexpected'));
      }
    }
  }

  return (
    <AuthCard
      title={t('auth.login.title')}
      intro={t('auth.login.intro')}
      switchText={t('auth.login.noAccount')}
      switchLabel={t('auth.login.signupLink')}
      switchTo="/signup"
      switchState={location.state}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('auth.login.title')}>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {error}
            </Alert>
          )}
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
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password}
            aria-invalid={fieldErrors.password ? true : undefined}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.togglePassword') }}
          />
          <Button type="submit" fullWidth loading={submitting}>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
