import { Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { manageSubmissionsApi } from '../../api/manageSubmissions';
import { apiErrorText } from '../../lib/apiErrorText';
import { judgesKey, ns } from './shared';

/** InviteForm invites a judge by e-mail. */
export function InviteForm({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: (address: string) => manageSubmissionsApi.invite(slug, address),
    onSuccess: () => setEmail(''),
    onError: (err) => setError(err instanceof ApiError && err.fields.email ? err.fields.email : apiErrorText(err, ns)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: judgesKey(slug) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    invite.reset();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError(t('judges.emailInvalid'));
      return;
    }
    invite.mutate(address);
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="invite-title">
      <Title order={2} size="h4" id="invite-title" mb="sm">
        {t('judges.inviteTitle')}
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby="invite-title">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            type="email"
            label={t('judges.email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            autoComplete="off"
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" loading={invite.isPending} mt={{ base: 0, xs: 25 }}>
            {t('judges.invite')}
          </Button>
        </Group>
      </form>
      {invite.isSuccess && (
        <Text size="sm" c="teal.9" role="status" mt="xs" data-testid="invite-done">
          {t('judges.invited', { email: invite.data.email })}
        </Text>
      )}
    </Paper>
  );
}
