import {
  Anchor,
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  ActionIcon,
  SegmentedControl,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { festivalsApi } from '../../api/festivals';
import {
  noticeStatuses,
  questionKinds,
  submissionManagementApi as api,
  type BulkMessage,
  type BulkPreview,
  type EntryStatusPreset,
  type NoticeStatus,
  type QuestionKind,
} from '../../api/submissionManagement';
import { usePageMeta } from '../../content/usePageMeta';
import { apiErrorMessage } from '../../i18n/errorMessage';
import { Title } from '../../ui/Title';
import { questionsKey } from '../../ui/QuestionFields';
import {
  extensionsKey,
  move,
  newDraft,
  noticeFor,
  noticeKey,
  ns,
  statusesKey,
  toDrafts,
  toInputs,
  unknownPlaceholders,
  type QuestionDraft,
} from './logic';

/** useErrorText gives a failed call's text: apiErrorMessage's (the code's translation, else the server's message), or a generic one. */
export function useErrorText() {
  const { t, i18n } = useTranslation(ns);
  return (err: unknown) => apiErrorMessage(i18n, err, t('error'));
}

/** fieldErrors are an API error's messages per field ({} for none). */
export const fieldErrors = (err: unknown): Record<string, string> => (err instanceof ApiError ? err.fields : {});

/**
 * /manage/festivals/:slug/submission-tools: the organiser's questions asked
 * at submission, their own statuses, deadline extensions, the texts of the
 * decision e-mails, and bulk messages to entrants.
 */
export default function SubmissionToolsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('tools.title'), t('tools.description'));
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/submissions`} size="sm">
            {t('tools.back')}
          </Anchor>
          <Title order={1}>{t('tools.title')}</Title>
          <Text c="gray.7">{t('tools.description')}</Text>
        </div>
        <Questions slug={slug} />
        <Statuses slug={slug} />
        <Extensions slug={slug} />
        <NoticeTextsEditor slug={slug} />
        <BulkMessages slug={slug} />
      </Stack>
    </Container>
  );
}

function Section({ id, title, help, children }: { id: string; title: string; help?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Title order={2} size="h4" id={`${id}-title`} mb={4}>
        {title}
      </Title>
      {help && (
        <Text size="sm" c="gray.7" mb="sm">
          {help}
        </Text>
      )}
      {children}
    </Paper>
  );
}

function Questions({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const client = useQueryClient();
  const saved = useQuery({ queryKey: questionsKey(slug), queryFn: () => api.questions(slug) });
  const [drafts, setDrafts] = useState<QuestionDraft[] | null>(null);
  useEffect(() => {
    if (saved.data && drafts === null) setDrafts(toDrafts(saved.data));
  }, [saved.data, drafts]);
  const save = useMutation({
    mutationFn: (ds: QuestionDraft[]) => api.setQuestions(slug, toInputs(ds)),
    onSuccess: (qs) => {
      client.setQueryData(questionsKey(slug), qs);
      setDrafts(toDrafts(qs));
    },
  });
  const list = drafts ?? [];
  const errs = fieldErrors(save.error);
  const edit = (i: number, d: Partial<QuestionDraft>) => {
    save.reset();
    setDrafts(list.map((x, j) => (j === i ? { ...x, ...d } : x)));
  };
  return (
    <Section id="questions" title={t('questions.title')} help={t('questions.help')}>
      <Stack gap="md">
        {list.length === 0 && <Text size="sm">{t('questions.empty')}</Text>}
        {list.map((d, i) => (
          <Paper key={d.key} withBorder p="sm" radius="sm" data-testid="question-draft">
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap" align="flex-end">
                <Select
                  label={t('questions.kind')}
                  data={questionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                  value={d.kind}
                  onChange={(v) => v && edit(i, { kind: v as QuestionKind })}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  w={{ base: '100%', xs: 200 }}
                  error={errs[`questions.${i}.kind`]}
                  data-testid="question-kind"
                />
                <Checkbox label={t('questions.required')} checked={d.required} onChange={(e) => edit(i, { required: e.currentTarget.checked })} mb={8} data-testid="question-required" />
                <Group gap={4} ml="auto">
                  <ActionIcon variant="subtle" aria-label={t('questions.up')} onClick={() => setDrafts(move(list, i, -1))} disabled={i === 0}>
                    ↑
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={t('questions.down')} onClick={() => setDrafts(move(list, i, 1))} disabled={i === list.length - 1}>
                    ↓
                  </ActionIcon>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDrafts(list.filter((_, j) => j !== i))}>
                    {t('questions.remove')}
                  </Button>
                </Group>
              </Group>
              <TextInput
                label={t('questions.label')}
                value={d.label}
                onChange={(e) => edit(i, { label: e.currentTarget.value })}
                maxLength={300}
                error={errs[`questions.${i}.label`]}
                data-testid="question-label"
              />
              {d.kind === 'choice' && (
                <Textarea
                  label={t('questions.options')}
                  description={t('questions.optionsHelp')}
                  value={d.optionsText}
                  onChange={(e) => edit(i, { optionsText: e.currentTarget.value })}
                  autosize
                  minRows={2}
                  error={errs[`questions.${i}.options`]}
                  data-testid="question-options"
                />
              )}
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setDrafts([...list, newDraft()])} data-testid="question-add">
            {t('questions.add')}
          </Button>
          <Button onClick={() => save.mutate(list)} loading={save.isPending} data-testid="questions-save">
            {t('questions.save')}
          </Button>
        </Group>
        {save.isError && (
          <Text size="sm" c="red.9" role="alert">
            {errorText(save.error)}
          </Text>
        )}
        {save.isSuccess && (
          <Text size="sm" c="teal.9" role="status">
            {t('questions.saved')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

/** statusLabel names an organiser's status: a preset in the reader's language, a custom one as written. */
export function useStatusLabel() {
  const { t } = useTranslation(ns);
  return (s: { name: string; preset: EntryStatusPreset }) => (s.preset ? t(`presets.${s.preset}`) : s.name);
}

function Statuses({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const label = useStatusLabel();
  const client = useQueryClient();
  const list = useQuery({ queryKey: statusesKey(slug), queryFn: () => api.statuses(slug) });
  const [preset, setPreset] = useState<EntryStatusPreset>('semi_finalist');
  const [name, setName] = useState('');
  const [notify, setNotify] = useState(true);
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () => api.addStatus(slug, { name: preset ? '' : name, preset, notify, note }),
    onSuccess: () => {
      setName('');
      setNote('');
      void client.invalidateQueries({ queryKey: statusesKey(slug) });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.deleteStatus(slug, id),
    onSettled: () => void client.invalidateQueries({ queryKey: statusesKey(slug) }),
  });
  const errs = fieldErrors(add.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    add.mutate();
  };
  return (
    <Section id="statuses" title={t('statuses.title')} help={t('statuses.help')}>
      <Stack gap="md">
        {list.data && list.data.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" data-testid="statuses-table">
              <Table.Tbody>
                {list.data.map((s) => (
                  <Table.Tr key={s.id} data-testid="status-row">
                    <Table.Td fw={600}>{label(s)}</Table.Td>
                    <Table.Td>{t('statuses.entries', { count: s.entries })}</Table.Td>
                    <Table.Td>{s.notify ? t('statuses.mails') : t('statuses.silent')}</Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(s.id)}>
                        {t('statuses.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form onSubmit={submit}>
          <Stack gap="xs">
            <SegmentedControl
              data={[
                { value: 'semi_finalist', label: t('presets.semi_finalist') },
                { value: 'finalist', label: t('presets.finalist') },
                { value: '', label: t('statuses.custom') },
              ]}
              value={preset}
              onChange={(v) => setPreset(v as EntryStatusPreset)}
              fullWidth
              data-testid="status-preset"
            />
            {preset === '' && (
              <TextInput label={t('statuses.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} error={errs.name} data-testid="status-name" />
            )}
            <Checkbox label={t('statuses.notify')} checked={notify} onChange={(e) => setNotify(e.currentTarget.checked)} data-testid="status-notify" />
            {notify && (
              <Textarea label={t('statuses.note')} description={t('statuses.noteHelp')} value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} error={errs.note} />
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending} data-testid="status-add">
                {t('statuses.add')}
              </Button>
            </Group>
            {add.isError && !errs.name && (
              <Text size="sm" c="red.9" role="alert">
                {errorText(add.error)}
              </Text>
            )}
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}

function Extensions({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const client = useQueryClient();
  const festival = useQuery({ queryKey: ['submission-management', slug, 'festival'], queryFn: () => festivalsApi.manage(slug) });
  const list = useQuery({ queryKey: extensionsKey(slug), queryFn: () => api.extensions(slug) });
  const [category, setCategory] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [until, setUntil] = useState('');
  const add = useMutation({
    mutationFn: () => api.extend(slug, { categoryId: Number(category ?? 0), filmmakerEmail: email, until }),
    onSuccess: () => {
      setEmail('');
      void client.invalidateQueries({ queryKey: extensionsKey(slug) });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.deleteExtension(slug, id),
    onSettled: () => void client.invalidateQueries({ queryKey: extensionsKey(slug) }),
  });
  const errs = fieldErrors(add.error);
  return (
    <Section id="extensions" title={t('extensions.title')} help={t('extensions.help')}>
      <Stack gap="md">
        {list.data && list.data.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" data-testid="extensions-table">
              <Table.Tbody>
                {list.data.map((x) => (
                  <Table.Tr key={x.id} data-testid="extension-row">
                    <Table.Td>{x.filmmakerEmail || t('extensions.everyone')}</Table.Td>
                    <Table.Td>{x.categoryName || t('extensions.allCategories')}</Table.Td>
                    <Table.Td>{t('extensions.until', { date: x.until })}</Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove.mutate(x.id)}>
                        {t('extensions.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <Stack gap="xs">
            <Select
              label={t('extensions.category')}
              placeholder={t('extensions.allCategories')}
              data={(festival.data?.categories ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={category}
              onChange={setCategory}
              clearable
              comboboxProps={{ withinPortal: true }}
              error={errs.categoryId}
              data-testid="extension-category"
            />
            <TextInput
              label={t('extensions.filmmaker')}
              description={t('extensions.filmmakerHelp')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errs.filmmakerEmail}
              data-testid="extension-email"
            />
            <TextInput
              label={t('extensions.date')}
              type="date"
              value={until}
              onChange={(e) => setUntil(e.currentTarget.value)}
              error={errs.until}
              data-testid="extension-until"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={add.isPending} data-testid="extension-add">
                {t('extensions.add')}
              </Button>
            </Group>
            {add.isError && Object.keys(errs).length === 0 && (
              <Text size="sm" c="red.9" role="alert">
                {errorText(add.error)}
              </Text>
            )}
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}

const languages = ['en', 'ja', 'zh'] as const;

function NoticeTextsEditor({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const client = useQueryClient();
  const all = useQuery({ queryKey: noticeKey(slug), queryFn: () => api.noticeTexts(slug) });
  const [status, setStatus] = useState<NoticeStatus>('selected');
  const [language, setLanguage] = useState<string>('en');
  const current = all.data ? noticeFor(all.data, status, language) : undefined;
  // The form starts again from what is saved whenever the decision, the language or the saved text changes.
  const own = current?.custom ? current.text : undefined;
  const [form, setForm] = useState({ key: '', subject: '', body: '' });
  const formKey = `${status}/${language}/${own?.subject ?? ''}/${own?.body ?? ''}`;
  if (all.data && form.key !== formKey) setForm({ key: formKey, subject: own?.subject ?? '', body: own?.body ?? '' });
  const { subject, body } = form;
  const setSubject = (v: string) => setForm((f) => ({ ...f, subject: v }));
  const setBody = (v: string) => setForm((f) => ({ ...f, body: v }));
  const save = useMutation({
    mutationFn: (text: { subject: string; body: string }) => api.setNoticeText(slug, { status, language, ...text }),
    onSuccess: (d) => client.setQueryData(noticeKey(slug), d),
  });
  const known = all.data?.placeholders ?? [];
  const unknown = unknownPlaceholders(`${subject}\n${body}`, known);
  const errs = fieldErrors(save.error);
  const fallback = current && !current.custom ? current.text : undefined;
  return (
    <Section id="notice-texts" title={t('notices.title')} help={t('notices.help', { placeholders: known.map((p) => `{{${p}}}`).join(' ') })}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Select
            label={t('notices.decision')}
            data={noticeStatuses.map((s) => ({ value: s, label: t(`decisions.${s}`) }))}
            value={status}
            onChange={(v) => v && setStatus(v as NoticeStatus)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 220 }}
            data-testid="notice-status"
          />
          <Select
            label={t('notices.language')}
            data={languages.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            value={language}
            onChange={(v) => v && setLanguage(v)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 160 }}
            data-testid="notice-language"
          />
        </Group>
        <Text size="sm" c="gray.7" data-testid="notice-state">
          {current?.custom ? t('notices.custom') : t('notices.usingDefault')}
        </Text>
        <TextInput
          label={t('notices.subject')}
          placeholder={fallback?.subject}
          value={subject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          error={errs.subject}
          data-testid="notice-subject"
        />
        <Textarea
          label={t('notices.body')}
          placeholder={fallback?.body}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          autosize
          minRows={4}
          error={errs.body}
          data-testid="notice-body"
        />
        {fallback && (
          <details>
            <summary>{t('notices.showDefault')}</summary>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="notice-default">
              {fallback.subject}
              {'\n\n'}
              {fallback.body}
            </Text>
          </details>
        )}
        {unknown.length > 0 && (
          <Text size="sm" c="red.9" role="alert" data-testid="notice-unknown">
            {t('notices.unknown', { names: unknown.map((u) => (u === '{{' ? u : `{{${u}}}`)).join(' ') })}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {current?.custom && (
            <Button variant="default" onClick={() => save.mutate({ subject: '', body: '' })} data-testid="notice-reset">
              {t('notices.reset')}
            </Button>
          )}
          <Button onClick={() => save.mutate({ subject, body })} loading={save.isPending} disabled={unknown.length > 0} data-testid="notice-save">
            {t('notices.save')}
          </Button>
        </Group>
        {save.isError && (
          <Text size="sm" c="red.9" role="alert">
            {errorText(save.error)}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

function BulkMessages({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const label = useStatusLabel();
  const statuses = useQuery({ queryKey: statusesKey(slug), queryFn: () => api.statuses(slug) });
  const [to, setTo] = useState<string>('all');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const message = (): BulkMessage => ({
    subject,
    body,
    selection: {
      status: to.startsWith('decision:') ? to.slice(9) : '',
      entryStatusId: to.startsWith('status:') ? Number(to.slice(7)) : 0,
      categoryId: 0,
      ids: [],
    },
  });
  const previewIt = useMutation({ mutationFn: () => api.previewBulk(slug, message()), onSuccess: setPreview });
  const send = useMutation({ mutationFn: () => api.sendBulk(slug, message()), onSuccess: () => setPreview(null) });
  const errs = fieldErrors(previewIt.error ?? send.error);
  const options = [
    { value: 'all', label: t('bulk.all') },
    { value: 'decision:submitted', label: t('decisions.submitted') },
    ...noticeStatuses.map((s) => ({ value: `decision:${s}`, label: t(`decisions.${s}`) })),
    ...(statuses.data ?? []).map((s) => ({ value: `status:${s.id}`, label: label(s) })),
  ];
  const changed = () => {
    setPreview(null);
    send.reset();
  };
  return (
    <Section id="bulk" title={t('bulk.title')} help={t('bulk.help')}>
      <Stack gap="xs">
        <Select
          label={t('bulk.to')}
          data={options}
          value={to}
          onChange={(v) => {
            setTo(v ?? 'all');
            changed();
          }}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          error={errs.selection}
          data-testid="bulk-to"
        />
        <TextInput label={t('bulk.subject')} value={subject} onChange={(e) => (setSubject(e.currentTarget.value), changed())} maxLength={200} error={errs.subject} data-testid="bulk-subject" />
        <Textarea label={t('bulk.body')} value={body} onChange={(e) => (setBody(e.currentTarget.value), changed())} autosize minRows={4} error={errs.body} data-testid="bulk-body" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => previewIt.mutate()} loading={previewIt.isPending} data-testid="bulk-preview">
            {t('bulk.preview')}
          </Button>
        </Group>
        {preview && (
          <Stack gap="xs" data-testid="bulk-previews">
            <Text fw={600}>{t('bulk.recipients', { count: preview.recipients })}</Text>
            {preview.previews.map((p) => (
              <Paper key={p.language} withBorder p="xs" radius="sm" data-testid={`bulk-preview-${p.language}`}>
                <Text size="xs" c="gray.7">
                  {t(`languages.${p.language}`)}
                </Text>
                <Text size="sm" fw={600}>
                  {p.subject}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {p.body}
                </Text>
              </Paper>
            ))}
            <Group justify="flex-end">
              <Button onClick={() => send.mutate()} loading={send.isPending} disabled={preview.recipients === 0} data-testid="bulk-send">
                {t('bulk.send', { count: preview.recipients })}
              </Button>
            </Group>
          </Stack>
        )}
        {send.isSuccess && (
          <Text size="sm" c="teal.9" role="status" data-testid="bulk-sent">
            {t('bulk.sent', { count: send.data.recipients })}
          </Text>
        )}
        {(previewIt.isError || send.isError) && Object.keys(errs).length === 0 && (
          <Text size="sm" c="red.9" role="alert">
            {errorText(previewIt.error ?? send.error)}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
