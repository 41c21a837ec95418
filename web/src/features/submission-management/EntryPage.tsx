import { Anchor, Button, Container, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { submissionManagementApi as api } from '../../api/submissionManagement';
import { usePageMeta } from '../../lib/usePageMeta';
import { Title } from '../../ui/Title';
import { entryKey, festivalThreadKey, ns, statusesKey } from './logic';
import { useErrorText, useStatusLabel } from './shared';
import { ThreadView } from './ThreadView';

/**
 * /manage/festivals/:slug/submissions/:id/manage: the organiser's side of
 * one entry beyond the decision: the filmmaker's answers, the entry's
 * status of the organiser's own, and the message thread with the
 * filmmaker.
 */
export default function EntryPage() {
  const { slug = '', id: rawId = '' } = useParams();
  const id = Number(rawId);
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const label = useStatusLabel();
  const client = useQueryClient();
  const entry = useQuery({ queryKey: entryKey(slug, id), queryFn: () => api.entry(slug, id) });
  const statuses = useQuery({ queryKey: statusesKey(slug), queryFn: () => api.statuses(slug) });
  usePageMeta(entry.data?.submission.filmTitle ?? t('entry.title'), t('entry.description'));
  const [chosen, setChosen] = useState<string | null>(null);
  const set = useMutation({
    mutationFn: (statusId: number) => api.setEntryStatus(slug, [id], statusId),
    onSuccess: () => void client.invalidateQueries({ queryKey: entryKey(slug, id) }),
  });
  const current = entry.data?.submission.entryStatus;
  const value = chosen ?? (current ? String(current.id) : '0');
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/submissions/${id}`} size="sm">
            {t('entry.back')}
          </Anchor>
          <Title order={1}>{entry.data?.submission.filmTitle ?? t('entry.title')}</Title>
        </div>
        {entry.isError && (
          <Text c="red.9" role="alert">
            {errorText(entry.error)}
          </Text>
        )}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="answers-title">
          <Title order={2} size="h4" id="answers-title" mb="xs">
            {t('entry.answers')}
          </Title>
          {entry.data && entry.data.answers.length === 0 && <Text size="sm">{t('entry.noAnswers')}</Text>}
          {entry.data && entry.data.answers.length > 0 && (
            <Table verticalSpacing="xs" data-testid="entry-answers">
              <Table.Tbody>
                {entry.data.answers.map((a) => (
                  <Table.Tr key={a.questionId}>
                    <Table.Th scope="row" w="40%" style={{ verticalAlign: 'top' }}>
                      {a.label}
                    </Table.Th>
                    <Table.Td style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {a.kind === 'yes_no' ? t(`answers.${a.value === 'yes' ? 'yes' : 'no'}`) : a.value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="entry-status-title">
          <Title order={2} size="h4" id="entry-status-title" mb="xs">
            {t('entry.status')}
          </Title>
          <Text size="sm" mb="xs" data-testid="entry-status-current">
            {current ? label(current) : t('entry.noStatus')}
          </Text>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={t('entry.setStatus')}
              data={[{ value: '0', label: t('entry.noStatus') }, ...(statuses.data ?? []).map((s) => ({ value: String(s.id), label: label(s) }))]}
              value={value}
              onChange={setChosen}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              w={{ base: '100%', xs: 260 }}
              data-testid="entry-status-select"
            />
            <Button onClick={() => set.mutate(Number(value))} loading={set.isPending} data-testid="entry-status-save">
              {t('entry.apply')}
            </Button>
          </Group>
          {set.isError && (
            <Text size="sm" c="red.9" role="alert">
              {errorText(set.error)}
            </Text>
          )}
          <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/submission-tools`} size="sm" mt="xs" display="inline-block">
            {t('entry.tools')}
          </Anchor>
        </Paper>
        <ThreadView
          queryKey={festivalThreadKey(slug, id)}
          load={() => api.festivalThread(slug, id)}
          post={(body) => api.festivalPost(slug, id, body)}
          mine="festival"
        />
      </Stack>
    </Container>
  );
}
