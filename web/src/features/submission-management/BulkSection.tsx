import { Button, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeStatuses, submissionManagementApi as api, type BulkMessage, type BulkPreview } from '../../api/submissionManagement';
import { newRequestKey } from '../../lib/requestKey';
import { ns, statusesKey } from './logic';
import { Section, fieldErrors, useErrorText, useStatusLabel } from './shared';

/** BulkMessages writes to a selection of a festival's entrants: previewed in each language, then sent once. */
export function BulkMessages({ slug }: { slug: string }) {
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
  // Each preview gets the key its send goes with: the server sends once
  // per key, so a retry after a failure the server did not see through
  // (or another click that slips by) answers the first send.
  const sendKey = useRef('');
  const previewIt = useMutation({
    mutationFn: () => api.previewBulk(slug, message()),
    onSuccess: (p) => {
      sendKey.current = newRequestKey();
      setPreview(p);
    },
  });
  // One preview is sent once: a second click (a double click lands before
  // the button shows it is busy) sends nothing more. A failed send may be
  // tried again, with the same key; a changed message needs a new preview.
  const sentPreview = useRef<BulkPreview | null>(null);
  const send = useMutation({
    mutationFn: () => api.sendBulk(slug, message(), sendKey.current),
    onSuccess: () => setPreview(null),
    onError: () => {
      sentPreview.current = null;
    },
  });
  const sendOnce = () => {
    if (!preview || sentPreview.current === preview) return;
    sentPreview.current = preview;
    send.mutate();
  };
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
              <Button onClick={sendOnce} loading={send.isPending} disabled={preview.recipients === 0} data-testid="bulk-send">
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
        {(previewIt.isError || send.isError) && !(errs.selection || errs.subject || errs.body) && (
          <Text size="sm" c="red.9" role="alert">
            {errorText(previewIt.error ?? send.error)}
          </Text>
        )}
      </Stack>
    </Section>
  );
}
