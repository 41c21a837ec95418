import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeStatuses, submissionManagementApi as api, type NoticeStatus } from '../../api/submissionManagement';
import { noticeFor, noticeKey, ns, unknownPlaceholders } from './logic';
import { Section, fieldErrors, useErrorText } from './shared';


const languages = ['en', 'ja', 'zh'] as const;

export function NoticeTextsEditor({ slug }: { slug: string }) {
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

