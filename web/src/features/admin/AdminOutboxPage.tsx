import { Badge, Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminOutboxApi, outboxFilters, type Mail, type MailStatus, type OutboxFilter } from '../../api/reminders';
import { usePageMeta } from '../../lib/usePageMeta';
import { languageFor } from '../../i18n/languages';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { dateTime } from '../../lib/format';
import { ListFilter } from '../../ui/list/ListState';
import { PageHeading } from '../../ui/page/PageHeading';
import { useListParams } from '../../lib/useListParams';
import { count } from './format';
import { PagedTable } from '../../ui/list/PagedTable';

/** Badge colours dark enough for white text at AA contrast. */
const statusColor: Record<MailStatus, string> = {
  queued: 'indigo.8',
  sent: 'teal.9',
  failed: 'red.9',
  kept: 'gray.7',
  held: 'grape.9',
};

/**
 * /admin/outbox: every e-mail Marquee sends, newest first, with a status
 * filter and paging. Without SMTP (MARQUEE_SMTP_URL) mail is kept here; a
 * row opens the full plain-text message and its last delivery error.
 */
export default function AdminOutboxPage() {
  const { t, i18n } = useTranslation('reminders');
  const language = i18n.resolvedLanguage ?? i18n.language;
  usePageMeta(t('outbox.meta.title'), t('outbox.meta.description'));
  const { status, page, setStatus, setPage } = useListParams<OutboxFilter>(outboxFilters, 'all', { replace: true });
  const [open, setOpen] = useState<Mail | null>(null);

  const list = useQuery({
    queryKey: ['admin', 'outbox', status, page],
    queryFn: () => adminOutboxApi.list(status, page),
    placeholderData: keepPreviousData,
  });

  const kindLabel = (kind: string) => t(`outbox.kind.${kind}`, { defaultValue: kind });
  const languageLabel = (code: string) => (code ? languageFor(code).name : '');

  return (
    <Stack gap="lg">
      <PageHeading title={t('outbox.title')} subtitle={t('outbox.subtitle')} />

      <ListFilter
        label={t('outbox.filterLabel')}
        value={status}
        onChange={setStatus}
        options={outboxFilters.map((s) => ({ value: s, label: t(`outbox.filter.${s}`) }))}
        testId="outbox-filter"
        total={
          list.data &&
          (list.data.totalCapped
            ? t('outbox.totalCapped', { shown: count(list.data.total, language) })
            : t('outbox.total', { count: list.data.total }))
        }
        totalTestId="outbox-total"
      />

      <PagedTable
        query={list}
        page={page}
        onPage={setPage}
        minWidth={860}
        highlightOnHover
        testId="outbox"
        texts={{
          loading: t('outbox.loading'),
          errorTitle: t('outbox.loadError'),
          errorText: apiErrorText(list.error, 'reminders'),
          retry: t('outbox.retry'),
          empty: t(`outbox.empty.${status}`),
          pagination: t('outbox.pagination'),
        }}
        columns={[
          { label: t('outbox.columns.to') },
          { label: t('outbox.columns.subject') },
          { label: t('outbox.columns.kind') },
          { label: t('outbox.columns.language') },
          { label: t('outbox.columns.status') },
          { label: t('outbox.columns.created') },
          { label: t('outbox.columns.attempts') },
          { label: t('outbox.columns.actions'), hidden: true },
        ]}
        row={(m) => (
          <Table.Tr key={m.id} data-testid="outbox-row" data-mail-id={m.id} onClick={() => setOpen(m)} style={{ cursor: 'pointer' }}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.to}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.subject}</Table.Td>
            <Table.Td>{kindLabel(m.kind)}</Table.Td>
            <Table.Td lang={m.language || undefined}>{languageLabel(m.language)}</Table.Td>
            <Table.Td>
              <Badge color={statusColor[m.status] ?? 'gray.7'} variant="filled">
                {t(`outbox.status.${m.status}`, { defaultValue: m.status })}
              </Badge>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={m.createdAt}>{dateTime(m.createdAt, language)}</time>
            </Table.Td>
            <Table.Td ta="right">{m.attempts}</Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="default"
                onClick={(e) => {
                  e.stopPropagation();
                  setOpen(m);
                }}
                aria-label={t('outbox.viewFor', { subject: m.subject, to: m.to })}
              >
                {t('outbox.view')}
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />

      <MailModal mail={open} onClose={() => setOpen(null)} language={language} kindLabel={kindLabel} />
    </Stack>
  );
}

/** MailModal shows one e-mail in full: its details, the plain-text body with its line breaks, and the last error. */
function MailModal({
  mail,
  onClose,
  language,
  kindLabel,
}: {
  mail: Mail | null;
  onClose: () => void;
  language: string;
  kindLabel: (kind: string) => string;
}) {
  const { t } = useTranslation('reminders');
  const detail = (label: string, value: React.ReactNode) => (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="gray.7" style={{ flex: '0 0 7rem' }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Modal
      opened={mail !== null}
      onClose={onClose}
      title={mail?.subject}
      size="lg"
      closeButtonProps={{ 'aria-label': t('outbox.modal.close') }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      {mail && (
        <Stack gap="md" data-testid="outbox-modal">
          <Stack gap={4}>
            {detail(t('outbox.modal.to'), mail.to)}
            {detail(t('outbox.modal.kind'), kindLabel(mail.kind))}
            {detail(t('outbox.modal.language'), mail.language ? languageFor(mail.language).name : '')}
            {detail(t('outbox.modal.status'), t(`outbox.status.${mail.status}`, { defaultValue: mail.status }))}
            {detail(t('outbox.modal.created'), <time dateTime={mail.createdAt}>{dateTime(mail.createdAt, language)}</time>)}
            {mail.sentAt &&
              detail(t('outbox.modal.sent'), <time dateTime={mail.sentAt}>{dateTime(mail.sentAt, language)}</time>)}
            {detail(t('outbox.modal.attempts'), mail.attempts)}
          </Stack>
          {mail.lastError && (
            <Notice color="red" title={t('outbox.modal.lastError')} data-testid="outbox-last-error">
              <Text size="sm" c="gray.9" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {mail.lastError}
              </Text>
            </Notice>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('outbox.modal.body')}
            </Text>
            <Paper withBorder radius="sm" p="sm" bg="gray.0">
              <Text
                component="pre"
                size="sm"
                m={0}
                lang={mail.language || undefined}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit' }}
                data-testid="outbox-body"
              >
                {mail.body}
              </Text>
            </Paper>
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
