import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { screeningsApi } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { screeningsKey } from './ScreeningForm';
import { ns } from './schema';

/** DoorStaffSection names the people who may check tickets in at the door: add by e-mail, remove. */
export function DoorStaffSection({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const client = useQueryClient();
  const key = [...screeningsKey(slug), 'door-staff'];
  const staff = useQuery({ queryKey: key, queryFn: () => screeningsApi.doorStaff(slug) });
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (e: string) => screeningsApi.addDoorStaff(slug, e),
    onSuccess: () => {
      setEmail('');
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.email) setEmailError(err.fields.email);
    },
  });
  const remove = useMutation({
    mutationFn: (userId: number) => screeningsApi.removeDoorStaff(slug, userId),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      setEmailError(t('door.invalidEmail'));
      return;
    }
    setEmailError(null);
    add.mutate(value);
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="door-staff">
      <Stack gap="sm">
        <Title order={2} size="h4" id="door-staff">
          {t('door.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('door.text')}
        </Text>
        {staff.isError && (
          <Notice color="red" role="alert">
            {apiErrorText(staff.error, ns)}
          </Notice>
        )}
        {staff.data && staff.data.items.length === 0 && (
          <Text size="sm" c="gray.8" data-testid="no-door-staff">
            {t('door.none')}
          </Text>
        )}
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {(staff.data?.items ?? []).map((m) => (
            <Group component="li" key={m.userId} justify="space-between" wrap="nowrap" data-testid="door-staff-row">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {m.name ? `${m.name} · ${m.email}` : m.email}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red.9"
                onClick={() => remove.mutate(m.userId)}
                aria-label={t('door.remove', { name: m.name || m.email })}
                loading={remove.isPending && remove.variables === m.userId}
              >
                <span aria-hidden="true">✕</span>
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <form onSubmit={submit} noValidate aria-label={t('door.add')}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              type="email"
              label={t('door.email')}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(null);
              }}
              error={emailError}
              w={{ base: '100%', xs: 320 }}
              data-testid="door-staff-email"
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} loading={add.isPending} data-testid="door-staff-add">
              {t('door.add')}
            </Button>
          </Group>
        </form>
        {add.isError && !(add.error instanceof ApiError && add.error.fields.email) && (
          <Notice color="red" role="alert">
            {apiErrorText(add.error, ns)}
          </Notice>
        )}
        {remove.isError && (
          <Notice color="red" role="alert">
            {apiErrorText(remove.error, ns)}
          </Notice>
        )}
      </Stack>
    </Paper>
  );
}
