import { Alert, Button, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { privacyApi } from '../../api/privacy';
import { usePageMeta } from '../../lib/usePageMeta';
import { privacyErrorMessage } from './errors';
import { AuthCard } from '../../ui/AuthCard';
import { EmailField, FormError } from '../../ui/AuthFields';
import { fieldErrors, forgotSchema } from './schema';

/**
 * ForgotPasswordPage (/forgot-password): asks for the account's e-mail and
 * has a reset link sent to it. The server answers the same whether the
 * address has an account or not, and so does this page.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('privacy');
  usePageMeta(t('forgot.title'), t('forgot.description'));
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({ mutationFn: (address: string) => privacyApi.requestPasswordReset(address) });

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (send.isPending) return;
    const result = forgotSchema.safeParse({ email });
    const errors = fieldErrors(result);
    setProblem(errors.email ? t(`errors.${errors.email}`) : undefined);
    if (!result.success) return;
    setSent(null);
    send.mutate(result.data.email, {
      onSuccess: (r) => setSent(r.message || t('forgot.sent')),
      onError: (err) => {
        if (err instanceof ApiError && err.fields.email) setProblem(err.fields.email);
      },
    });
  }

  const error = send.isError && !problem ? privacyErrorMessage(send.error, t('forgot.failed')) : null;

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      switchText={t('forgot.remembered')}
      switchLabel={t('forgot.loginLink')}
      switchTo="/login"
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('forgot.title')}>
        <Stack gap="md">
          <FormError error={error} />
          <div role="status" aria-live="polite">
            {sent && (
              <Alert color="green" variant="light" data-testid="forgot-sent">
                {sent}
              </Alert>
            )}
          </div>
          <EmailField value={email} onChange={setEmail} error={problem} />
          <Button type="submit" fullWidth loading={send.isPending}>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
