import { Button, Checkbox, CloseButton, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { festivalsApi, type Festival, festivalSearchKey, publicFestivalKey } from '../../api/festivals';
import type { SubmissionEntry } from '../../api/submissions';
import { formatNumber } from '../../lib/format';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { inputStyles } from '../../ui/inputStyles';
import { formatDate, useLanguage } from '../../lib/dates';

/** entryKey names one category of one festival. */
export const entryKey = (e: SubmissionEntry) => `${e.festivalId}:${e.categoryId}`;

/**
 * FestivalCategories is one chosen festival's categories as checkboxes,
 * each with its current fee and deadline; a closed one is disabled.
 */
export function FestivalCategories({
  slug,
  picked,
  onToggle,
  onRemove,
  onLoaded,
  disabled,
}: {
  slug: string;
  picked: Set<string>;
  onToggle: (e: SubmissionEntry, on: boolean) => void;
  onRemove: (slug: string, festivalId?: number) => void;
  onLoaded?: (f: Festival) => void;
  disabled: boolean;
}) {
  const { t, i18n } = useTranslation('submissions');
  const { tag } = useLanguage();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({ queryKey: publicFestivalKey(slug), queryFn: () => festivalsApi.get(slug) });
  const f = query.data;
  useEffect(() => {
    if (f) onLoaded?.(f);
  }, [f, onLoaded]);

  const title = f?.name ?? slug;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid="festival-entry">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {f ? (
              <Text component={Link} to={`/festival/${f.slug}`} inherit c="indigo.9">
                {f.name}
              </Text>
            ) : (
              slug
            )}
          </Title>
          <CloseButton
            aria-label={t('submit.removeFestival', { name: title })}
            onClick={() => onRemove(slug, f?.id)}
            disabled={disabled}
          />
        </Group>
        {query.isPending && <Loader role="status" size="sm" aria-label={t('submit.loadingFestival')} />}
        {query.isError && (
          <Notice color="red" role="alert" data-testid="festival-load-error">
            {apiErrorText(query.error, 'submissions')}
          </Notice>
        )}
        {f && (f.categories ?? []).length === 0 && (
          <Text size="sm" c="gray.7">
            {t('submit.noCategories')}
          </Text>
        )}
        {f &&
          (f.categories ?? []).map((c) => {
            const entry = { festivalId: f.id, categoryId: c.id };
            const cur = c.current;
            return (
              <Checkbox
                key={c.id}
                checked={picked.has(entryKey(entry))}
                onChange={(e) => onToggle(entry, e.currentTarget.checked)}
                disabled={disabled || !cur}
                label={c.name}
                description={
                  cur
                    ? t('submit.categoryFee', {
                        fee: formatNumber(cur.fee, lang),
                        count: cur.fee,
                        tier: t(`tiers.${cur.tier}`),
                        date: formatDate(cur.date, tag),
                      })
                    : t('submit.categoryClosed')
                }
                styles={{ description: inputStyles.description }}
                data-testid="category-checkbox"
              />
            );
          })}
      </Stack>
    </Paper>
  );
}

/** FestivalSearch finds other open festivals to add. */
export function FestivalSearch({ exclude, onAdd, disabled }: { exclude: string[]; onAdd: (slug: string) => void; disabled: boolean }) {
  const { t } = useTranslation('submissions');
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q.trim(), 300);
  const search = { q: debounced, open: true, perPage: 6 };
  const results = useQuery({
    queryKey: festivalSearchKey(search),
    queryFn: () => festivalsApi.search(search),
    enabled: debounced.length >= 2,
  });
  const items = (results.data?.items ?? []).filter((f) => !exclude.includes(f.slug));

  return (
    <Stack gap="xs" component="section" aria-labelledby="festival-search-title">
      <Title order={3} size="h5" id="festival-search-title">
        {t('submit.addFestival')}
      </Title>
      <TextInput
        type="search"
        label={t('submit.searchLabel')}
        placeholder={t('submit.searchPlaceholder')}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        disabled={disabled}
        styles={inputStyles}
        data-testid="festival-search"
      />
      {debounced.length >= 2 && results.isFetching && <Loader role="status" size="xs" aria-label={t('submit.searching')} />}
      {debounced.length >= 2 && results.isSuccess && items.length === 0 && (
        <Text size="sm" c="gray.7">
          {t('submit.noResults')}
        </Text>
      )}
      {items.length > 0 && (
        <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-live="polite">
          {items.map((f) => (
            <Group component="li" key={f.slug} justify="space-between" wrap="nowrap" gap="sm" data-testid="festival-result">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {f.name}
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  onAdd(f.slug);
                  setQ('');
                }}
                disabled={disabled}
                aria-label={t('submit.addLabel', { name: f.name })}
              >
                {t('submit.add')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
