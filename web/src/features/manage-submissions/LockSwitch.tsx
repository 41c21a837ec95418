import { Paper, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { manageSubmissionsApi } from '../../api/manageSubmissions';
import { apiErrorText } from '../../lib/apiErrorText';
import { ns, settingsKey } from './shared';

/** LockSwitch locks judging (no more scores or changes) or unlocks it. */
export function LockSwitch({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: settingsKey(slug), queryFn: () => manageSubmissionsApi.settings(slug) });
  const lock = useMutation({
    mutationFn: (locked: boolean) => manageSubmissionsApi.setLocked(slug, locked),
    onSuccess: (s) => queryClient.setQueryData(settingsKey(slug), s),
  });
  const locked = lock.isPending ? lock.variables : (settings.data?.judgingLocked ?? false);
  return (
    <Paper withBorder radius="md" p="md">
      <Switch
        label={t('judges.lock')}
        description={t('judges.lockHelp')}
        checked={locked}
        disabled={!settings.data || lock.isPending}
        onChange={(e) => lock.mutate(e.currentTarget.checked)}
        data-testid="lock-switch"
      />
      {lock.isError && (
        <Text size="sm" c="red.9" role="alert" mt="xs">
          {apiErrorText(lock.error, ns)}
        </Text>
      )}
    </Paper>
  );
}
