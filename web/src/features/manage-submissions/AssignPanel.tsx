import { Button, Group, MultiSelect, NumberInput, Paper, Radio, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { manageSubmissionsApi, type AssignmentMode, type AssignmentRequest } from '../../api/manageSubmissions';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { manageKey, ns, receivedKey } from './shared';
import { useManagedFestival } from '../../ui/ManageFrame';

const modes: AssignmentMode[] = ['all', 'category', 'specific', 'spread'];

/** useSubmissionOptions are the submissions to pick from (assigning, reassigning): the first pages of the received list. */
export function useSubmissionOptions(slug: string) {
  const query = useQuery({
    queryKey: receivedKey(slug, { options: true }),
    queryFn: async () => {
      const first = await manageSubmissionsApi.list(slug, { page: 1 });
      const pages = Math.min(10, Math.ceil(first.total / Math.max(1, first.perPage)));
      const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => manageSubmissionsApi.list(slug, { page: i + 2 })));
      return [first, ...rest].flatMap((p) => p.items ?? []).filter((s) => s.status !== 'withdrawn');
    },
  });
  return query;
}

/**
 * AssignPanel gives the selected judges submissions in one of four modes:
 * all, a category's, chosen ones, or spread evenly between them.
 */
export function AssignPanel({ slug, judgeIds }: { slug: string; judgeIds: number[] }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const festival = useManagedFestival(slug);
  const options = useSubmissionOptions(slug);
  const [mode, setMode] = useState<AssignmentMode>('all');
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [submissionIds, setSubmissionIds] = useState<string[]>([]);
  const [spreadOver, setSpreadOver] = useState<'all' | 'selected'>('all');
  const [perSubmission, setPerSubmission] = useState<number | string>(1);
  const [error, setError] = useState<string | null>(null);

  const assign = useMutation({
    mutationFn: (req: AssignmentRequest) => manageSubmissionsApi.assign(slug, req),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKey(slug) }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    assign.reset();
    if (judgeIds.length === 0) return setError(t('assign.noJudges'));
    const req: AssignmentRequest = { mode, judgeIds };
    if (mode === 'category') {
      if (categoryIds.length === 0) return setError(t('assign.noCategories'));
      req.categoryIds = categoryIds.map(Number);
    }
    if (mode === 'specific') {
      if (submissionIds.length === 0) return setError(t('assign.noSubmissions'));
      req.submissionIds = submissionIds.map(Number);
    }
    if (mode === 'spread') {
      const n = Number(perSubmission);
      if (!Number.isInteger(n) || n < 1) return setError(t('assign.perSubmissionInvalid'));
      req.perSubmission = n;
      if (spreadOver === 'selected') {
        if (submissionIds.length === 0) return setError(t('assign.noSubmissions'));
        req.submissionIds = submissionIds.map(Number);
      }
    }
    assign.mutate(req);
  };

  const submissionPicker = (
    <MultiSelect
      label={t('assign.submissions')}
      placeholder={t('assign.searchSubmissions')}
      searchable
      clearable
      data={(options.data ?? []).map((s) => ({ value: String(s.id), label: `${s.filmTitle} · ${s.categoryName} (#${s.id})` }))}
      value={submissionIds}
      onChange={setSubmissionIds}
      nothingFoundMessage={t('assign.nothingFound')}
      comboboxProps={{ withinPortal: true }}
      clearButtonProps={{ 'aria-label': t('assign.clearSubmissions') }}
      data-testid="assign-submissions"
    />
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="assign-title">
      <Title order={2} size="h4" id="assign-title" mb={4}>
        {t('assign.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('assign.help', { count: judgeIds.length })}
      </Text>
      <form onSubmit={submit} noValidate aria-labelledby="assign-title">
        <Stack gap="sm">
          <Radio.Group
            label={t('assign.mode')}
            value={mode}
            onChange={(v) => {
              setMode(v as AssignmentMode);
              setError(null);
            }}
          >
            <Group gap="md" mt={4} wrap="wrap">
              {modes.map((m) => (
                <Radio key={m} value={m} label={t(`assign.modes.${m}`)} />
              ))}
            </Group>
          </Radio.Group>
          <Text size="sm" c="gray.7">
            {t(`assign.modeHelp.${mode}`)}
          </Text>
          {mode === 'category' && (
            <MultiSelect
              label={t('assign.categories')}
              data={(festival.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={categoryIds}
              onChange={setCategoryIds}
              comboboxProps={{ withinPortal: true }}
              data-testid="assign-categories"
            />
          )}
          {mode === 'specific' && submissionPicker}
          {mode === 'spread' && (
            <>
              <NumberInput
                label={t('assign.perSubmission')}
                min={1}
                max={50}
                value={perSubmission}
                onChange={setPerSubmission}
                allowDecimal={false}
                allowNegative={false}
                w={220}
              />
              <Radio.Group label={t('assign.spreadOver')} value={spreadOver} onChange={(v) => setSpreadOver(v as 'all' | 'selected')}>
                <Group gap="md" mt={4}>
                  <Radio value="all" label={t('assign.spreadAll')} />
                  <Radio value="selected" label={t('assign.spreadSelected')} />
                </Group>
              </Radio.Group>
              {spreadOver === 'selected' && submissionPicker}
            </>
          )}
          {error && (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={assign.isPending}>
              {t('assign.submit', { count: judgeIds.length })}
            </Button>
          </Group>
          {assign.isError && (
            <Notice color="red" role="alert">
              <Text size="sm" c="gray.9">
                {apiErrorText(assign.error, ns)}
              </Text>
            </Notice>
          )}
          {assign.isSuccess && (
            <Text size="sm" c="teal.9" role="status" data-testid="assign-done">
              {t('assign.added', { count: assign.data })}
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
