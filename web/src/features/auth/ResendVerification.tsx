import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/client';
import { apiErrorText } from '../../lib/apiErrorText';

/**
 * ResendVerification is the button that e-mails the signed-in user a new
 * confirmation link (POST /api/v1/me/verification, 5 an hour), with the
 * outcome announced beside it.
 */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useMutation({ mutationFn: authApi.requestVerification });
  return (
    <Group gap="xs" wrap="wrap">
      <Button size="compact-sm" variant="light" onClick={() => resend.mutate()} loading={resend.isPending} disabled={resend.isSuccess}>
        {t('verifyEmail.resend')}
      </Button>
      <Text size="sm" role="status" aria-live="polite" c={resend.isError ? 'red.8' : undefined}>
        {resend.isSuccess && t('verifyEmail.sent', { email })}
        {resend.isError && apiErrorText(resend.error, 'common', t('verifyEmail.resendFailed'))}
      </Text>
    </Group>
  );
}
