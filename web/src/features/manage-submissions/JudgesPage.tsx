import { Badge, Button, Checkbox, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { manageSubmissionsApi, type Judge } from '../../api/manageSubmissions';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListTable } from '../../ui/list/ListTable';
import { apiErrorText } from '../../lib/apiErrorText';
import { judgesKey, manageKey, ns } from './shared';
import { ManageFrame } from '../../ui/ManageFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { AssignPanel } from './AssignPanel';
import { ConflictsPanel } from './ConflictsPanel';
import { InviteForm } from './InviteForm';
import { LockSwitch } from './LockSwitch';

/**
 * /manage/festivals/:slug/judges: invite judges by e-mail, follow their
 * progress, remove them, assign them submissions (four modes), handle the
 * conflicts they declare, and lock or unlock judging.
 */
export default function JudgesPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('judges.title'), t('judges.description'));
  return (
    <ManageFrame slug={slug} current="judges" title={t('judges.title')} size="lg">
      <Judges slug={slug} />
    </ManageFrame>
  );
}

function Judges({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const judges = useQuery({ queryKey: judgesKey(slug), queryFn: () => manageSubmissionsApi.judges(slug) });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [removing, setRemoving] = useState<Judge | null>(null);

  const remove = useMutation({
    mutationFn: (id: number) => manageSubmissionsApi.removeJudge(slug, id),
    onSuccess: (_, id) => {
      setRemoving(null);
      setSelected((prev) => {
        const next = new Set(prev);
        next.delete(id);
        return next;
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKey(slug) }),
  });

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Stack gap="lg">
      <LockSwitch slug={slug} />
      <InviteForm slug={slug} />

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="jury-title">
        <Title order={2} size="h4" id="jury-title" mb="sm">
          {t('judges.listTitle')}
        </Title>
        <ListTable
          query={judges}
          columns={[t('judges.columns.select'), t('judges.columns.judge'), t('judges.columns.status'), t('judges.columns.progress'), t('judges.columns.actions')]}
          minWidth={640}
          texts={{ loading: t('judges.loading'), errorTitle: t('judges.loadError'), errorText: apiErrorText(judges.error, ns), retry: t('list.retry'), empty: t('judges.empty') }}
          testId="judges"
          row={(j) => {
            const name = j.name || j.email;
            const pct = j.assigned > 0 ? Math.round((100 * j.scored) / j.assigned) : 0;
            return (
              <Table.Tr key={j.id} data-testid="judge-row">
                <Table.Td>
                  <Checkbox aria-label={t('judges.select', { name })} checked={selected.has(j.id)} onChange={() => toggle(j.id)} />
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={600}>
                    {name}
                  </Text>
                  {j.name && (
                    <Text size="xs" c="gray.7">
                      {j.email}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={j.status === 'active' ? 'teal.9' : 'gray.8'} data-testid="judge-status">
                    {t(`judges.status.${j.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td miw={160}>
                  <Text size="xs" mb={4} data-testid="judge-progress">
                    {t('judges.progress', { scored: j.scored, assigned: j.assigned })}
                  </Text>
                  <Progress value={pct} aria-label={t('judges.progressLabel', { name })} size="sm" />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    onClick={() => {
                      remove.reset();
                      setRemoving(j);
                    }}
                    aria-label={t('judges.removeFor', { name })}
                  >
                    {t('judges.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          }}
        />
      </Paper>

      <AssignPanel slug={slug} judgeIds={[...selected]} />
      <ConflictsPanel slug={slug} judges={judges.data ?? []} />

      <ConfirmDialog
        opened={removing !== null}
        title={t('judges.confirmTitle')}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(remove.error, ns) : null}
        cancelLabel={t('common.cancel')}
        confirmLabel={t('judges.confirmRemove')}
      >
        {removing && <Text size="sm">{t('judges.confirmText', { name: removing.name || removing.email })}</Text>}
      </ConfirmDialog>
    </Stack>
  );
}
