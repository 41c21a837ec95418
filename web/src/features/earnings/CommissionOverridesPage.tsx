import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { commissionOverridesKey, earningsApi } from '../../api/earnings';
import { apiErrorText } from '../../lib/apiErrorText';
import { languageFor } from '../../i18n/languages';
import { Title } from '../../ui/Title';

const ns = 'earnings';

/**
 * CommissionOverridesPage: /admin/commission, the festivals an admin gave
 * their own commission, with the platform's beside them; an admin sets one
 * (by the festival's address) or clears it. Each change is audited.
 */
export default function CommissionOverridesPage() {
  const { t, i18n } = useTranslation(ns);
  const client = useQueryClient();
  const query = useQuery({ queryKey: commissionOverridesKey, queryFn: earningsApi.commissionOverrides });
  const [slug, setSlug] = useState('');
  const [percent, setPercent] = useState('');
  const locale = languageFor(i18n.resolvedLanguage ?? i18n.language).htmlLang;
  const refresh = () => client.invalidateQueries({ queryKey: commissionOverridesKey });
  const set = useMutation({
    mutationFn: () => earningsApi.setCommission(slug.trim(), percent.trim()),
    onSuccess: () => {
      setSlug('');
      setPercent('');
      void refresh();
    },
  });
  const clear = useMutation({ mutationFn: (s: string) => earningsApi.clearCommission(s), onSuccess: () => void refresh() });
  const fieldError = (f: string) => (set.error instanceof ApiError ? set.error.fields[f] : undefined);

  return (
    <Stack gap="lg" data-testid="commission-overrides">
      <Title order={1}>{t('commission.title')}</Title>
      {query.data && <Text c="gray.7">{t('commission.intro', { percent: query.data.defaultPercent })}</Text>}
      <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => { e.preventDefault(); set.mutate(); }}>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput label={t('commission.festival')} description={t('commission.festivalHint')} value={slug} onChange={(e) => setSlug(e.currentTarget.value)} required />
          <TextInput label={t('commission.percent')} value={percent} onChange={(e) => setPercent(e.currentTarget.value)} error={fieldError('percent')} inputMode="decimal" required w={140} />
          <Button type="submit" loading={set.isPending}>
            {t('commission.set')}
          </Button>
        </Group>
        {set.isError && !fieldError('percent') && (
          <Alert color="red" mt="sm" data-testid="commission-error">
            {apiErrorText(set.error, ns, t('commission.failed'))}
          </Alert>
        )}
      </Paper>
      {query.isPending && <Loader aria-label={t('loading')} />}
      {query.isError && <Alert color="red">{apiErrorText(query.error, ns, t('loadError'))}</Alert>}
      {query.data && query.data.items.length === 0 && <Text c="gray.7">{t('commission.empty')}</Text>}
      {query.data && query.data.items.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="commission-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('commission.festival')}</Table.Th>
                <Table.Th scope="col">{t('commission.percent')}</Table.Th>
                <Table.Th scope="col">{t('commission.updated')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('commission.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((o) => (
                <Table.Tr key={o.festivalId}>
                  <Table.Td>{o.festivalName}</Table.Td>
                  <Table.Td>{o.commissionPercent} %</Table.Td>
                  <Table.Td>{new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(o.updatedAt))}</Table.Td>
                  <Table.Td>
                    <Button size="compact-sm" variant="subtle" color="red" onClick={() => clear.mutate(o.festivalSlug)} loading={clear.isPending && clear.variables === o.festivalSlug}>
                      {t('commission.clear', { festival: o.festivalName })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
