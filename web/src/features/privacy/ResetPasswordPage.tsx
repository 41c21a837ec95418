import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { privacyApi } from '../../api/privacy';
import { usePageMeta } from '../../lib/usePageMeta';
import { privacyErrorMessage } from './errors';
import { AuthCard } from '../../ui/AuthCard';
import { FormError, PasswordField } from '../../ui/AuthFields';
import { sessionKey } from '../../lib/useSession';
import { fieldErrors, passwordLimits, resetSchema } from './schema';

/**
 * ResetPasswordPage (/reset-password?token=...) is where a reset link lands:
 * a new password, typed twice, set with the link's token. The link works
 * once; setting the password signs the account out everywhere, so the user
 * then logs in with it.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('privacy');
  usePageMeta(t('reset.title'), t('reset.description'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const client = useQueryClient();
  const reset = useMutation({
    mutationFn: (pw: string) => privacyApi.confirmPasswordReset(token, pw),
    // Every session of the account ended, this browser's too if it was signed in.
    onSuccess: () => client.invalidateQueries({ queryKey: sessionKey }),
  });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (reset.isPending) return;
    const result = resetSchema.safeParse({ password, confirm });
    const errors = fieldErrors(result);
    setProblems(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, t(`errors.${v}`, { min: passwordLimits.min, max: passwordLimits.max })])));
    if (!result.success) return;
    reset.mutate(password, {
      onError: (err) => {
        if (err instanceof ApiError && err.fields.password) setProblems({ password: err.fields.password });
      },
    });
  }

  const fieldError = reset.error instanceof ApiError && reset.error.fields.password;
  const error = reset.isError && !fieldError ? privacyErrorMessage(reset.error, t('reset.failed')) : null;

  return (
    <AuthCard
      title={t('reset.title')}
      intro={t('reset.intro')}
      switchText={t('reset.needLink')}
      switchLabel={t('reset.forgotLink')}
      switchTo="/forgot-password"
    >
      {!token ? (
        <Text data-testid="reset-missing">{t('reset.missing')}</Text>
      ) : reset.isSuccess ? (
        <Stack gap="md" role="status">
          <Alert color="green" variant="light" data-testid="reset-done">
            {t('reset.done')}
          </Alert>
          <Anchor component={Link} to="/login" fw={600}>
            {t('reset.login')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={t('reset.title')}>
          <Stack gap="md">
            <FormError error={error} />
            <PasswordField
              label={t('reset.password')}
              description={t('reset.passwordHint', { min: passwordLimits.min })}
              value={password}
              onChange={setPassword}
              error={problems.password}
              autoComplete="new-password"
            />
            <PasswordField
              label={t('reset.confirm')}
              name="confirm"
              value={confirm}
              onChange={setConfirm}
              error={problems.confirm}
              autoComplete="new-password"
            />
            <Button type="submit" fullWidth loading={reset.isPending}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
