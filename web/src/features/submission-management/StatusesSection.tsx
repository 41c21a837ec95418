import { Button, Checkbox, Group, Stack, Table, Text, Textarea, TextInput, SegmentedControl } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { submissionManagementApi as api, type EntryStatusPreset } from '../../api/submissionManagement';
import { ns, statusesKey } from './logic';
import { Section, fieldErrors, useErrorText, useStatusLabel } from './shared';


export function Statuses({ slug }: { slug: string }) {
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

