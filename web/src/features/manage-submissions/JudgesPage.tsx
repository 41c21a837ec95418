import {
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Progress,
  Radio,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import {
  manageSubmissionsApi,
  type AssignmentMode,
  type AssignmentRequest,
  type Conflict,
  type Judge,
} from '../../api/manageSubmissions';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListState } from '../../ui/list/ListState';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { conflictsKey, judgesKey, manageKey, ns, receivedKey, settingsKey } from './shared';
import { ManageFrame, useManagedFestival } from '../../ui/ManageFrame';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

const modes: AssignmentMode[] = ['all', 'category', 'specific', 'spread'];

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
        <ListState
          query={judges}
          isEmpty={(d) => d.length === 0}
          loadingLabel={t('judges.loading')}
          errorTitle={t('judges.loadError')}
          errorText={apiErrorText(judges.error, ns)}
          retryLabel={t('list.retry')}
          errorTestId="judges-error"
          emptyText={t('judges.empty')}
          emptyTestId="judges-empty"
        >
          {(items) => (
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="sm" data-testid="judges-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('judges.columns.select')}</Table.Th>
                    <Table.Th scope="col">{t('judges.columns.judge')}</Table.Th>
                    <Table.Th scope="col">{t('judges.columns.status')}</Table.Th>
                    <Table.Th scope="col">{t('judges.columns.progress')}</Table.Th>
                    <Table.Th scope="col">{t('judges.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((j) => {
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
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListState>
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

function LockSwitch({ slug }: { slug: string }) {
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

function InviteForm({ slug }: { slug: string }) {
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

/** The submissions to pick from: the first pages of the received list. */
function useSubmissionOptions(slug: string) {
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

function AssignPanel({ slug, judgeIds }: { slug: string; judgeIds: number[] }) {
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

function ConflictsPanel({ slug, judges }: { slug: string; judges: Judge[] }) {
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
      <ListState
        query={conflicts}
        isEmpty={(d) => d.length === 0}
        loadingLabel={t('conflicts.loading')}
        errorTitle={t('conflicts.loadError')}
        errorText={apiErrorText(conflicts.error, ns)}
        retryLabel={t('list.retry')}
        errorTestId="conflicts-error"
        emptyText={t('conflicts.empty')}
        emptyTestId="conflicts-empty"
      >
        {(items) => (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" data-testid="conflicts-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('conflicts.judge')}</Table.Th>
                  <Table.Th scope="col">{t('conflicts.submission')}</Table.Th>
                  <Table.Th scope="col">{t('conflicts.reason')}</Table.Th>
                  <Table.Th scope="col">{t('judges.columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((c) => (
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
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListState>
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
