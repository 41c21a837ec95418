import { Button, Container, Group, NumberInput, Pagination, Paper, Select, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { Title } from '../../ui/Title';
import { MonthPickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { festivalsApi, festivalSearchKey } from '../../api/festivals';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { CountrySelect } from '../../ui/CountrySelect';
import { FestivalDatesProvider, monthInputFormat, useCalendarLabels, useLanguage } from '../../lib/dates';
import { effectiveSort, readFilters, toSearch, withChanges, type FilterParam } from './discoveryParams';
import { FestivalCard } from './FestivalCard';
import { inputStyles } from '../../ui/inputStyles';
import { FestivalInquiry } from './FestivalInquiry';
import { FiltersFold } from './FiltersFold';
import { useDebouncedUrlValue } from '../../lib/useDebouncedUrlValue';

/**
 * /festivals: discovery of the approved festivals (GET /api/v1/festivals)
 * with a text search, filters, sort and pages, all kept in the URL.
 */
export default function FestivalsPage() {
  const { t } = useTranslation('festivals');
  const { code } = useLanguage();
  const calendar = useCalendarLabels();
  usePageMeta(t('discover.meta.title'), t('discover.meta.description'));
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const search = toSearch(filters);
  const sort = effectiveSort(filters);
  const hasQuery = filters.q.trim() !== '';

  const results = useQuery({
    queryKey: festivalSearchKey(search),
    queryFn: () => festivalsApi.search(search),
    placeholderData: keepPreviousData,
  });

  /** change pushes a history entry; typing replaces the current one. */
  const change = (changes: Partial<Record<FilterParam, string | null>>, replace = false) =>
    setParams((prev) => withChanges(prev, changes), { replace });

  // Stable, so that the memoised country list does not re-render on every keystroke.
  const onCountry = useCallback(
    (v: string | null) => setParams((prev) => withChanges(prev, { country: v }), { replace: false }),
    [setParams],
  );

  const [q, setQ] = useDebouncedUrlValue(filters.q, (v) => change({ q: v }, true));
  const [category, setCategory] = useDebouncedUrlValue(filters.category, (v) => change({ category: v }, true));
  const [maxFee, setMaxFee] = useDebouncedUrlValue(filters.maxFee, (v) => change({ maxFee: v }, true));

  const data = results.data;
  const perPage = data?.perPage || 20;
  const pages = data ? Math.max(1, Math.ceil(data.total / perPage)) : 1;
  const filtered = [...params.keys()].some((k) => k !== 'page');
  const activeFilters = [filters.country, filters.month, filters.category, filters.maxFee, filters.open].filter(Boolean).length;

  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>{t('discover.title')}</Title>
          <Text size="lg" c="gray.7">
            {t('discover.subtitle')}
          </Text>
        </Stack>

        <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-labelledby="festival-filters">
          <VisuallyHidden>
            {/* One line: a 1 px box would otherwise break it between every character. */}
            <h2 id="festival-filters" style={{ whiteSpace: 'nowrap' }}>
              {t('discover.filtersHeading')}
            </h2>
          </VisuallyHidden>
          <form role="search" onSubmit={(e) => e.preventDefault()} aria-label={t('discover.searchLabel')}>
            <Stack gap="md">
              <TextInput
                type="search"
                name="q"
                label={t('discover.q')}
                placeholder={t('discover.qPlaceholder')}
                value={q}
                onChange={(e) => setQ(e.currentTarget.value)}
                styles={inputStyles}
              />
              <FiltersFold active={activeFilters}>
              <FestivalDatesProvider>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                  <CountrySelect
                    name="country"
                    label={t('discover.country')}
                    placeholder={t('discover.anyCountry')}
                    value={filters.country || null}
                    onChange={onCountry}
                    styles={inputStyles}
                  />
                  <MonthPickerInput
                    name="month"
                    label={t('discover.month')}
                    placeholder={t('discover.anyMonth')}
                    valueFormat={monthInputFormat(code)}
                    value={filters.month ? `${filters.month}-01` : null}
                    onChange={(v) => change({ month: v ? v.slice(0, 7) : null })}
                    clearable
                    clearButtonProps={{ 'aria-label': t('discover.clearMonth') }}
                    ariaLabels={calendar.ariaLabels}
                    popoverProps={{ withinPortal: true }}
                    styles={inputStyles}
                  />
                  <TextInput
                    name="category"
                    label={t('discover.category')}
                    placeholder={t('discover.categoryPlaceholder')}
                    value={category}
                    onChange={(e) => setCategory(e.currentTarget.value)}
                    styles={inputStyles}
                  />
                  <NumberInput
                    name="maxFee"
                    label={t('discover.maxFee')}
                    description={t('discover.maxFeeHint')}
                    min={0}
                    allowNegative={false}
                    allowDecimal={false}
                    value={maxFee === '' ? '' : Number(maxFee)}
                    onChange={(v) => setMaxFee(v === '' || v === undefined ? '' : String(v))}
                    styles={inputStyles}
                  />
                  <Select
                    name="sort"
                    label={t('discover.sort')}
                    value={sort}
                    allowDeselect={false}
                    data={[
                      { value: 'deadline', label: t('discover.sortBy.deadline') },
                      { value: 'start', label: t('discover.sortBy.start') },
                      { value: 'relevance', label: t('discover.sortBy.relevance'), disabled: !hasQuery },
                    ]}
                    onChange={(v) => change({ sort: v === (hasQuery ? 'relevance' : 'deadline') ? null : v })}
                    styles={inputStyles}
                  />
                  <Stack justify="flex-end" pb={6}>
                    <Switch
                      name="open"
                      label={t('discover.open')}
                      checked={filters.open}
                      onChange={(e) => change({ open: e.currentTarget.checked ? '1' : null })}
                    />
                  </Stack>
                </SimpleGrid>
              </FestivalDatesProvider>
              </FiltersFold>
              {filtered && (
                <Group justify="flex-end">
                  <Button variant="default" size="xs" component={Link} to="/festivals">
                    {t('discover.clear')}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        </Paper>

        <Stack component="section" gap="md" aria-labelledby="festival-results" aria-busy={results.isFetching}>
          <Title order={2} size="h3" id="festival-results" aria-live="polite">
            {data ? t('discover.total', { count: data.total }) : t('discover.results')}
          </Title>
          {results.isPending ? (
            <ResultsSkeleton label={t('discover.loading')} />
          ) : results.isError ? (
            <Notice color="red" role="alert" title={t('discover.loadError')} data-testid="festivals-error">
              <Stack gap="sm" align="flex-start">
                <Text size="sm" c="gray.9">
                  {apiErrorText(results.error, 'festivals')}
                </Text>
                <Button size="xs" variant="default" onClick={() => void results.refetch()}>
                  {t('discover.retry')}
                </Button>
              </Stack>
            </Notice>
          ) : data && data.items.length === 0 ? (
            <Paper withBorder radius="md" p="xl" data-testid="festivals-empty">
              <Stack align="center" gap="sm">
                <Text ta="center" c="gray.8">
                  {filtered ? t('discover.emptyFiltered') : t('discover.empty')}
                </Text>
                {filtered && (
                  <Button variant="default" component={Link} to="/festivals">
                    {t('discover.clear')}
                  </Button>
                )}
              </Stack>
            </Paper>
          ) : data ? (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="md"
              p={0}
              m={0}
              style={{ listStyle: 'none', opacity: results.isPlaceholderData ? 0.6 : 1 }}
              data-testid="festival-results"
            >
              {data.items.map((f) => (
                <FestivalCard key={f.id} festival={f} />
              ))}
            </SimpleGrid>
          ) : null}
          {data && pages > 1 && (
            <nav aria-label={t('discover.pagination')}>
              <Pagination
                total={pages}
                value={Math.min(filters.page, pages)}
                onChange={(p) => change({ page: p === 1 ? null : String(p) })}
                getItemProps={(p) => ({ 'aria-label': t('discover.page', { page: p }) })}
                getControlProps={(c) => ({
                  'aria-label': c === 'previous' || c === 'first' ? t('discover.previousPage') : t('discover.nextPage'),
                })}
              />
            </nav>
          )}
        </Stack>

        {/* The seed's 'Ask About Any Film Festival' block: the festival assistant. */}
        <FestivalInquiry />
      </Stack>
    </Container>
  );
}

function ResultsSkeleton({ label }: { label: string }) {
  return (
    <div data-testid="festivals-loading">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Paper key={i} withBorder radius="md" p="md">
            <Skeleton height={22} width="70%" mb="sm" />
            <Skeleton height={12} width="50%" mb={8} />
            <Skeleton height={12} width="60%" mb={8} />
            <Skeleton height={18} width="40%" />
          </Paper>
        ))}
      </SimpleGrid>
    </div>
  );
}
