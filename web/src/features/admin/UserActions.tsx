import { Button, Card, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminUsersApi, type UserDetail } from '../../api/adminUsers';
import { ApiError, type Role } from '../../api/client';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { validateCreditAdjustment, type CreditErrors } from './adminEditSchemas';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const roles: Role[] = ['filmmaker', 'organiser', 'admin'];

type Done = { kind: 'ok' | 'error'; text: string } | null;

/** UserActions: role, credits, disable/enable, end sessions, password-reset e-mail; each reports below itself. */
export function UserActions({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation('admin-users');
  const { t: ta } = useTranslation('admin');
  const queryClient = useQueryClient();
  const u = detail.user;
  const [role, setRole] = useState<Role>(u.role);
  const [delta, setDelta] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [creditErrors, setCreditErrors] = useState<CreditErrors>({});
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [done, setDone] = useState<Done>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'user', u.id] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
  const failed = (err: unknown) => setDone({ kind: 'error', text: apiErrorText(err, 'admin-users') || t('actions.failed') });

  const changeRole = useMutation({
    mutationFn: () => adminUsersApi.changeRole(u.id, role),
    onSuccess: (nu) => setDone({ kind: 'ok', text: t('actions.roleChanged', { role: ta(`users.roles.${nu.role}`) }) }),
    onError: failed,
    onSettled: refresh,
  });
  const adjust = useMutation({
    mutationFn: (adj: { delta: number; reason: string }) => adminUsersApi.adjustCredits(u.id, adj),
    onSuccess: (nu) => {
      setDelta('');
      setReason('');
      setDone({ kind: 'ok', text: t('actions.creditsAdjusted', { count: nu.credits }) });
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.fields.delta || err.fields.reason)) {
        setCreditErrors({ delta: err.fields.delta, reason: err.fields.reason });
      }
      failed(err);
    },
    onSettled: refresh,
  });
  const setDisabled = useMutation({
    mutationFn: (disabled: boolean) => adminUsersApi.setDisabled(u.id, disabled),
    onSuccess: (nu) => {
      setConfirmDisable(false);
      setDone({ kind: 'ok', text: nu.disabledAt ? t('actions.disabled') : t('actions.enabled') });
    },
    onError: (err) => {
      setConfirmDisable(false);
      failed(err);
    },
    onSettled: refresh,
  });
  const endSessions = useMutation({
    mutationFn: () => adminUsersApi.endSessions(u.id),
    onSuccess: (n) => setDone({ kind: 'ok', text: t('actions.sessionsEnded', { count: n }) }),
    onError: failed,
    onSettled: refresh,
  });
  const reset = useMutation({
    mutationFn: () => adminUsersApi.sendPasswordReset(u.id),
    onSuccess: () => setDone({ kind: 'ok', text: t('actions.resetSent', { email: u.email }) }),
    onError: failed,
    onSettled: refresh,
  });

  function onAdjust(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    const v = validateCreditAdjustment({ delta, reason });
    if (!v.ok) {
      setCreditErrors(Object.fromEntries(Object.entries(v.errors).map(([k, key]) => [k, t(`errors.${key}`)])));
      return;
    }
    setCreditErrors({});
    adjust.mutate(v.data);
  }

  return (
    <Card withBorder radius="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('actions.title')}
        </Title>
        <Group align="flex-end" gap="sm">
          <Select
            label={t('actions.role')}
            data={roles.map((r) => ({ value: r, label: ta(`users.roles.${r}`) }))}
            value={role}
            onChange={(v) => v && setRole(v as Role)}
            allowDeselect={false}
            w={200}
          />
          <Button
            variant="default"
            onClick={() => {
              setDone(null);
              changeRole.mutate();
            }}
            loading={changeRole.isPending}
            disabled={role === u.role}
          >
            {t('actions.changeRole')}
          </Button>
        </Group>
        <form onSubmit={onAdjust} noValidate aria-label={t('actions.creditsForm')}>
          <Group align="flex-start" gap="sm">
            <NumberInput
              label={t('actions.delta')}
              description={t('actions.deltaHint')}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
              value={delta}
              onChange={setDelta}
              allowDecimal={false}
              error={creditErrors.delta}
              w={180}
            />
            <TextInput
              label={t('actions.reason')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={creditErrors.reason}
              required
              maxLength={400}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" mt={{ base: 0, sm: 46 }} loading={adjust.isPending}>
              {t('actions.adjust')}
            </Button>
          </Group>
        </form>
        <Group gap="sm">
          {u.disabledAt ? (
            <Button variant="default" onClick={() => setDisabled.mutate(false)} loading={setDisabled.isPending}>
              {t('actions.enable')}
            </Button>
          ) : (
            <Button color="red.9" variant="outline" onClick={() => setConfirmDisable(true)}>
              {t('actions.disable')}
            </Button>
          )}
          <Button variant="default" onClick={() => endSessions.mutate()} loading={endSessions.isPending}>
            {t('actions.endSessions')}
          </Button>
          <Button variant="default" onClick={() => reset.mutate()} loading={reset.isPending}>
            {t('actions.sendReset')}
          </Button>
        </Group>
        {done && (
          <Notice color={done.kind === 'ok' ? 'teal' : 'red'} role={done.kind === 'ok' ? 'status' : 'alert'} data-testid="user-action-result">
            <Text size="sm" c="gray.9">
              {done.text}
            </Text>
          </Notice>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirmDisable}
        title={t('actions.disableTitle')}
        onClose={() => setConfirmDisable(false)}
        onConfirm={() => setDisabled.mutate(true)}
        pending={setDisabled.isPending}
        cancelLabel={t('actions.cancel')}
        confirmLabel={t('actions.confirmDisable')}
      >
        <Text size="sm">{t('actions.disableText', { email: u.email })}</Text>
      </ConfirmDialog>
    </Card>
  );
}
