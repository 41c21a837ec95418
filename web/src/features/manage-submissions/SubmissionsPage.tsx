import { Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pageCount } from '../../api/client';
import {
  manageSubmissionsApi,
  submissionFlags,
  submissionStatuses,
  type SubmissionFlag,
} from '../../api/manageSubmissions';
import { submissionManagementApi } from '../../api/submissionManagement';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListState } from '../../ui/list/ListState';
import { ListPagination } from '../../ui/list/ListPagination';
import { apiErrorText } from '../../lib/apiErrorText';
import { notify } from '../../lib/notify';
import { CountrySelect } from '../../ui/CountrySelect';
import { useLanguage } from '../../lib/dates';
import { useDebouncedUrlValue } from '../../lib/useDebouncedUrlValue';
import { DecisionForm } from './DecisionForm';
import { EntryStatusForm } from './EntryStatusForm';
import { entryStatusesKey, entryStatusLabel, manageKey, ns, receivedKey } from './shared';
import { ManageFrame, useManagedFestival } from '../../ui/ManageFrame';
import { sorts, useReceivedFilter } from './useReceivedFilter';
import { SubmissionRow } from './SubmissionRow';
/**
 * /manage/festivals/:slug/submissions: the organiser's list of received
 * submissions, 50 a page, with filters (the organiser's own status among
 * them) and sort in the URL, row selection for a decision or an own status
 * on several at once, a flag menu per row and the CSV download.
 */
export default function SubmissionsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('list.title'), t('list.description'));
  return (
    <ManageFrame slug={slug} current="submissions" title={t('list.title')}>
      <SubmissionsList slug={slug} />
    </ManageFrame>
  );
}

function SubmissionsList({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const { tag } = useLanguage();
  const festival = useManagedFestival(slug);
  const queryClient = useQueryClient();
  const { filter, change, setPage, clear, filtered } = useReceivedFilter();
  const [minScore, setMinScore] = useDebouncedUrlValue(filter.minScore, (v) => change({ minScore: v }));
  const [maxScore, setMaxScore] = useDebouncedUrlValue(filter.maxScore, (v) => change({ maxScore: v }));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  // The selection belongs to one page of one filter.
  const listKey = JSON.stringify(filter);
  const [selectionFor, setSelectionFor] = useState(listKey);
  if (selectionFor !== listKey) {
    setSelectionFor(listKey);
    setSelected(new Set());
  }

  const list = useQuery({
    queryKey: receivedKey(slug, filter),
    queryFn: () => manageSubmissionsApi.list(slug, filter),
    placeholderData: (prev) => prev,
  });
  // The organiser's own statuses (semi-finalist, finalist, custom), for the filter and the bulk control.
  const entryStatuses = useQuery({ queryKey: entryStatusesKey(slug), queryFn: () => submissionManagementApi.statuses(slug) });
  const statusOptions = (entryStatuses.data ?? []).map((e) => ({ value: String(e.id), label: entryStatusLabel(t, e) }));

  const flag = useMutation({
    mutationFn: ({ id, value }: { id: number; value: SubmissionFlag }) => manageSubmissionsApi.setFlag(slug, id, value),
    onError: (err) => void notify('red', `${t('flag.error')} ${apiErrorText(err, ns)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKey(slug) }),
  });

  const items = list.data?.items ?? [];
  const allSelected = items.length > 0 && items.every((s) => selected.has(s.id));
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(items.map((s) => s.id)));

  const categories = festival.data?.categories ?? [];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="filters-title">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} size="h4" id="filters-title">
            {t('list.filters')}
          </Title>
          <Group gap="xs">
            {filtered && (
              <Button size="xs" variant="subtle" onClick={clear}>
                {t('list.clearFilters')}
              </Button>
            )}
            <Button component="a" href={manageSubmissionsApi.csvUrl(slug)} download size="xs" variant="default" data-testid="csv-link">
              {t('list.csv')}
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={t('list.category')}
            placeholder={t('list.any')}
            data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={filter.category || null}
            onChange={(v) => change({ category: v ?? '' })}
            clearable
            clearButtonProps={{ 'aria-label': t('list.clearCategory') }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('list.status')}
            placeholder={t('list.any')}
            data={submissionStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={filter.status || null}
            onChange={(v) => change({ status: v ?? '' })}
            clearable
            clearButtonProps={{ 'aria-label': t('list.clearStatus') }}
            comboboxProps={{ withinPortal: true }}
          />
          <CountrySelect
            label={t('list.country')}
            placeholder={t('list.any')}
            value={filter.country || null}
            onChange={(v) => change({ country: v ?? '' })}
          />
          <Select
            label={t('list.entryStatus')}
            placeholder={t('list.any')}
            data={statusOptions}
            value={filter.entryStatus || null}
            onChange={(v) => change({ entryStatus: v ?? '' })}
            clearable
            clearButtonProps={{ 'aria-label': t('list.clearEntryStatus') }}
            comboboxProps={{ withinPortal: true }}
            data-testid="filter-entry-status"
          />
          <Select
            label={t('list.flag')}
            placeholder={t('list.any')}
            data={[
              ...submissionFlags.map((f) => ({ value: f, label: t(`flag.${f}`) })),
              { value: 'none', label: t('flag.none') },
            ]}
            value={filter.flag || null}
            onChange={(v) => change({ flag: v ?? '' })}
            clearable
            clearButtonProps={{ 'aria-label': t('list.clearFlag') }}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('list.minScore')}
            min={0}
            max={100}
            value={minScore}
            onChange={(v) => setMinScore(String(v))}
            allowNegative={false}
          />
          <NumberInput
            label={t('list.maxScore')}
            min={0}
            max={100}
            value={maxScore}
            onChange={(v) => setMaxScore(String(v))}
            allowNegative={false}
          />
          <Select
            label={t('list.sort')}
            data={sorts.map((s) => ({ value: s, label: t(`list.sortBy.${s}`) }))}
            value={filter.sort}
            onChange={(v) => change({ sort: v ?? 'date' })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      </Paper>

      {selected.size > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bulk-title" data-testid="bulk-panel">
          <Title order={2} size="h4" id="bulk-title" mb="sm">
            {t('list.selected', { count: selected.size })}
          </Title>
          <DecisionForm slug={slug} ids={[...selected]} onDone={() => setSelected(new Set())} />
          <EntryStatusForm slug={slug} ids={[...selected]} statuses={entryStatuses.data ?? []} onDone={() => setSelected(new Set())} />
        </Paper>
      )}

      {list.data && (
        <Text size="sm" c="gray.7" data-testid="submissions-total">
          {t('list.total', { count: list.data.total })}
        </Text>
      )}

      <ListState
        query={list}
        isEmpty={(d) => d.items.length === 0}
        loadingLabel={t('list.loading')}
        errorTitle={t('list.loadError')}
        errorText={apiErrorText(list.error, ns)}
        retryLabel={t('list.retry')}
        errorTestId="submissions-error"
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
        emptyTestId="submissions-empty"
      >
        {(data) => (
          <Table.ScrollContainer minWidth={1180}>
            <Table striped verticalSpacing="xs" data-testid="submissions-table" bg="white">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">
                    <Checkbox
                      aria-label={t('list.selectAll')}
                      checked={allSelected}
                      indeterminate={!allSelected && data.items.some((s) => selected.has(s.id))}
                      onChange={toggleAll}
                    />
                  </Table.Th>
                  {(
                    [
                      'film',
                      'filmmaker',
                      'country',
                      'category',
                      'tier',
                      'paid',
                      'submitted',
                      'status',
                      'flag',
                      'judges',
                      'weighted',
                      'calibrated',
                    ] as const
                  ).map((c) => (
                    <Table.Th scope="col" key={c}>
                      {t(`list.columns.${c}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((s) => (
                  <SubmissionRow
                    key={s.id}
                    s={s}
                    slug={slug}
                    tag={tag}
                    checked={selected.has(s.id)}
                    onToggle={() => toggle(s.id)}
                    onFlag={(value) => flag.mutate({ id: s.id, value })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ListState>

      <ListPagination total={pageCount(list.data)} value={filter.page} onChange={setPage} label={t('list.pagination')} />
    </Stack>
  );
}
