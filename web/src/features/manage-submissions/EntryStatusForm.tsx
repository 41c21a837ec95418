import { Button, Group, Select } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submissionManagementApi, type EntryStatus } from '../../api/submissionManagement';
import { apiErrorText } from '../../lib/apiErrorText';
import { notify } from '../../lib/notify';
import { entryStatusLabel, manageKey, ns } from './shared';

/**
 * EntryStatusForm sets one of the organiser's own statuses (or none) on the
 * selected entries at once (POST .../submissions/entry-status), then
 * refreshes the list. It shows nothing while the festival has no statuses.
 */
export function EntryStatusForm({
  slug,
  ids,
  statuses,
  onDone,
}: {
  slug: string;
  ids: number[];
  statuses: EntryStatus[];
  onDone?: () => void;
}) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const [value, setValue] = useState<string | null>(null);
  const set = useMutation({
    mutationFn: (statusId: number) => submissionManagementApi.setEntryStatus(slug, ids, statusId),
    onSuccess: () => {
      setValue(null);
      onDone?.();
    },
    onError: (err) => void notify('red', `${t('list.entryStatusError')} ${apiErrorText(err, ns)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKey(slug) }),
  });
  if (statuses.length === 0) return null;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" mt="md">
      <Select
        label={t('list.setEntryStatus')}
        data={[{ value: '0', label: t('list.noEntryStatus') }, ...statuses.map((e) => ({ value: String(e.id), label: entryStatusLabel(t, e) }))]}
        value={value}
        onChange={setValue}
        comboboxProps={{ withinPortal: true }}
        w={{ base: '100%', xs: 240 }}
        data-testid="bulk-entry-status"
      />
      <Button
        variant="default"
        disabled={value === null}
        loading={set.isPending}
        onClick={() => value !== null && set.mutate(Number(value))}
        data-testid="bulk-entry-status-apply"
      >
        {t('list.applyEntryStatus')}
      </Button>
    </Group>
  );
}
