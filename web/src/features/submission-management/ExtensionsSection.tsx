import { Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { festivalsApi } from '../../api/festivals';
import { submissionManagementApi as api } from '../../api/submissionManagement';
import { extensionsKey, ns } from './logic';
import { Section, fieldErrors, useErrorText } from './shared';


export function Extensions({ slug }: { slug: string }) {
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

