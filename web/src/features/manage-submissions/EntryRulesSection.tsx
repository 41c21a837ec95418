import { Button, Group, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { filmProjectsApi, managedEntryRulesKey, premiereStatuses, type EntryRules } from '../../api/filmProjects';
import { countryCodes } from '../../lib/countries';
import { Title } from '../../ui/Title';


/**
 * EntryRulesSection edits, on a festival's settings, its rules and terms
 * (shown to filmmakers when they submit, accepted explicitly) and its
 * eligibility limits: runtime range, earliest completion date, countries
 * of production and required premiere, checked by the server before any
 * fee is paid.
 */
export function EntryRulesSection({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('film-project');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const client = useQueryClient();
  const rules = useQuery({ queryKey: managedEntryRulesKey(slug), queryFn: () => filmProjectsApi.managedEntryRules(slug) });
  const [v, setV] = useState<EntryRules | null>(null);
  // The form starts from the saved rules once they arrive (set while rendering, not in an effect).
  if (rules.data && v === null) setV(rules.data);
  const save = useMutation({
    mutationFn: (r: EntryRules) => filmProjectsApi.saveEntryRules(slug, r),
    onSuccess: (r) => {
      client.setQueryData(managedEntryRulesKey(slug), r);
      setV(r);
    },
  });
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([lang], { type: 'region' });
    return countryCodes.map((c) => ({ value: c, label: names.of(c) ?? c })).sort((a, b) => a.label.localeCompare(b.label, lang));
  }, [lang]);
  const errs = save.error instanceof ApiError ? save.error.fields : {};
  const limit = <K extends keyof EntryRules['limits']>(k: K, value: EntryRules['limits'][K]) => {
    save.reset();
    setV((old) => (old ? { ...old, limits: { ...old.limits, [k]: value } } : old));
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="entry-rules-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="entry-rules-title">
          {t('rules.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('rules.intro')}
        </Text>
        {!v ? (
          rules.isError ? (
            <Text role="alert" c="red.9">
              {rules.error.message}
            </Text>
          ) : null
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(v);
            }}
          >
            <Stack gap="md">
              <Textarea
                label={t('rules.terms')}
                description={t('rules.termsHint')}
                autosize
                minRows={3}
                maxRows={12}
                value={v.terms}
                onChange={(e) => {
                  const terms = e.currentTarget.value;
                  setV((old) => (old ? { ...old, terms } : old));
                }}
                error={errs.terms}
                data-testid="rules-terms"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NumberInput
                  label={t('rules.minRuntime')}
                  min={0}
                  max={1000}
                  value={v.limits.minRuntime || ''}
                  onChange={(n) => limit('minRuntime', Number(n) || 0)}
                  error={errs['limits.runtime']}
                  data-testid="rules-min-runtime"
                />
                <NumberInput
                  label={t('rules.maxRuntime')}
                  min={0}
                  max={1000}
                  value={v.limits.maxRuntime || ''}
                  onChange={(n) => limit('maxRuntime', Number(n) || 0)}
                  data-testid="rules-max-runtime"
                />
                <TextInput
                  label={t('rules.completedAfter')}
                  type="date"
                  value={v.limits.completedAfter}
                  onChange={(e) => limit('completedAfter', e.currentTarget.value)}
                  error={errs['limits.completedAfter']}
                  data-testid="rules-completed-after"
                />
                <Select
                  label={t('rules.premiere')}
                  data={premiereStatuses.filter((p) => p !== 'none').map((p) => ({ value: p, label: t(`premieres.${p}`) }))}
                  value={v.limits.premiere || null}
                  onChange={(p) => limit('premiere', (p ?? '') as EntryRules['limits']['premiere'])}
                  clearable
                  placeholder={t('rules.any')}
                  comboboxProps={{ withinPortal: true }}
                  error={errs['limits.premiere']}
                  data-testid="rules-premiere"
                />
              </SimpleGrid>
              <MultiSelect
                label={t('rules.countries')}
                description={t('rules.countriesHint')}
                data={countries}
                value={v.limits.countries}
                onChange={(c) => limit('countries', c)}
                searchable
                clearable
                comboboxProps={{ withinPortal: true }}
                error={errs['limits.countries']}
                data-testid="rules-countries"
              />
              {save.isError && !Object.keys(errs).length && (
                <Text role="alert" c="red.9" size="sm">
                  {save.error.message}
                </Text>
              )}
              {save.isSuccess && (
                <Text role="status" c="teal.9" size="sm" data-testid="rules-saved">
                  {t('rules.saved')}
                </Text>
              )}
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} data-testid="rules-save">
                  {t('rules.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
