import { Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { decisionStatuses, manageSubmissionsApi, type DecisionStatus, type Submission } from '../../api/manageSubmissions';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { manageKey, ns } from './shared';

/**
 * DecisionForm decides on submissions ids: a status, the award's name for an
 * award winner (required), and whether the judges' comments are shared with
 * the filmmaker. Used for the list's selection and for one submission.
 */
export function DecisionForm({
  slug,
  ids,
  onDone,
  compact = false,
}: {
  slug: string;
  ids: number[];
  onDone?: (items: Submission[]) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<DecisionStatus | null>(null);
  const [awardName, setAwardName] = useState('');
  const [share, setShare] = useState(false);
  const [errors, setErrors] = useState<{ status?: string; awardName?: string }>({});
  const [done, setDone] = useState<number | null>(null);

  const decide = useMutation({
    mutationFn: () =>
      manageSubmissionsApi.decide(slug, {
        ids,
        status: status!,
        ...(status === 'award_winner' && { awardName: awardName.trim() }),
        shareComments: share,
      }),
    onSuccess: (items) => {
      setDone(items.length);
      onDone?.(items);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKey(slug) }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    const next: typeof errors = {};
    if (!status) next.status = t('decision.statusRequired');
    if (status === 'award_winner' && awardName.trim() === '') next.awardName = t('decision.awardRequired');
    setErrors(next);
    if (Object.keys(next).length > 0 || ids.length === 0) return;
    decide.mutate();
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('decision.formLabel')} data-testid="decision-form">
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label={t('decision.status')}
            placeholder={t('decision.choose')}
            data={decisionStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={(v) => {
              setStatus(v as DecisionStatus | null);
              setErrors({});
            }}
            error={errors.status}
            w={compact ? '100%' : 220}
            comboboxProps={{ withinPortal: true }}
            data-testid="decision-status"
          />
          {status === 'award_winner' && (
            <TextInput
              label={t('decision.awardName')}
              withAsterisk
              value={awardName}
              onChange={(e) => {
                setAwardName(e.currentTarget.value);
                setErrors((x) => ({ ...x, awardName: undefined }));
              }}
              error={errors.awardName}
              maxLength={200}
              w={compact ? '100%' : 260}
            />
          )}
        </Group>
        <Checkbox label={t('decision.share')} checked={share} onChange={(e) => setShare(e.currentTarget.checked)} />
        <Group gap="sm">
          <Button type="submit" loading={decide.isPending} disabled={ids.length === 0}>
            {t('decision.apply', { count: ids.length })}
          </Button>
        </Group>
        {decide.isError && (
          <Notice color="red" role="alert">
            <Text size="sm" c="gray.9">
              {t('decision.error')} {apiErrorText(decide.error, ns)}
            </Text>
          </Notice>
        )}
        {done !== null && (
          <Text size="sm" role="status" c="teal.9" data-testid="decision-done">
            {t('decision.done', { count: done })}
          </Text>
        )}
      </Stack>
    </form>
  );
}
