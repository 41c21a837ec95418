import { Button, Paper, Select, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { manageSubmissionsApi, type Conflict, type Judge } from '../../api/manageSubmissions';
import { ListTable } from '../../ui/list/ListTable';
import { apiErrorText } from '../../lib/apiErrorText';
import { conflictsKey, manageKey, ns } from './shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useSubmissionOptions } from './AssignPanel';

/** ConflictsPanel lists the conflicts judges declared; each submission can be reassigned to another judge. */
export function ConflictsPanel({ slug, judges }: { slug: string; judges: Judge[] }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const conflicts = useQuery({ queryKey: conflictsKey(slug), queryFn: () => manageSubmissionsApi.conflicts(slug) });
  const options = useSubmissionOptions(slug);
  const titles = new Map((options.data ?? []).map((s) => [s.id, s.filmTitle]));
  const [reassigning, setReassigning] = useState<Conflict | null>(null);
  const [to, setTo] = useState<string | null>(null);

  const reassign = useMutation({
    mutationFn: async ({ c, judgeId }: { c: Conflict; judgeId: number }) => {
      await manageSubmissionsApi.unassign(slug, c.judgeId, c.submissionId);
      return manageSubmissionsApi.assign(slug, { mode: 'specific', judgeIds: [judgeId], submissionIds: [c.submissionId] });
    },
    onSuccess: () => setReassigning(null),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKey(slug) }),
  });

  const others = reassigning ? judges.filter((j) => j.id !== reassigning.judgeId && j.status === 'active') : [];

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="conflicts-list-title">
      <Title order={2} size="h4" id="conflicts-list-title" mb="sm">
        {t('conflicts.title')}
      </Title>
      <ListTable
        query={conflicts}
        columns={[t('conflicts.judge'), t('conflicts.submission'), t('conflicts.reason'), t('judges.columns.actions')]}
        minWidth={560}
        texts={{ loading: t('conflicts.loading'), errorTitle: t('conflicts.loadError'), errorText: apiErrorText(conflicts.error, ns), retry: t('list.retry'), empty: t('conflicts.empty') }}
        testId="conflicts"
        row={(c) => (
          <Table.Tr key={`${c.judgeId}-${c.submissionId}`} data-testid="conflict-row">
            <Table.Td>{c.judgeName}</Table.Td>
            <Table.Td>{titles.get(c.submissionId) ?? `#${c.submissionId}`}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.reason}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                onClick={() => {
                  reassign.reset();
                  setTo(null);
                  setReassigning(c);
                }}
              >
                {t('conflicts.reassign')}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <ConfirmDialog
        opened={reassigning !== null}
        title={t('conflicts.reassignTitle')}
        onClose={() => setReassigning(null)}
        onConfirm={() => reassigning && to && reassign.mutate({ c: reassigning, judgeId: Number(to) })}
        pending={reassign.isPending}
        error={reassign.isError ? apiErrorText(reassign.error, ns) : null}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('conflicts.confirmReassign')}
        confirmColor="indigo.7"
        confirmDisabled={!to}
      >
        {reassigning && (
          <>
            <Text size="sm">
              {t('conflicts.reassignText', {
                name: reassigning.judgeName,
                title: titles.get(reassigning.submissionId) ?? `#${reassigning.submissionId}`,
              })}
            </Text>
            <Select
              label={t('conflicts.to')}
              data={others.map((j) => ({ value: String(j.id), label: j.name || j.email }))}
              value={to}
              onChange={setTo}
              comboboxProps={{ withinPortal: true }}
            />
          </>
        )}
      </ConfirmDialog>
    </Paper>
  );
}
