import { ActionIcon, Anchor, Button, Checkbox, Group, Menu, NumberInput, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { pageCount } from '../../api/client';
import {
  manageSubmissionsApi,
  submissionFlags,
  submissionStatuses,
  type ReceivedFilter,
  type ReceivedSort,
  type Submission,
  type SubmissionFlag,
} from '../../api/manageSubmissions';
import { submissionManagementApi } from '../../api/submissionManagement';
import { usePageMeta } from '../../content/usePageMeta';
import { AdminListState } from '../admin/AdminList';
import { AdminPagination } from '../admin/AdminPagination';
import { apiErrorText } from '../contact/apiErrorText';
import { notify } from '../layout/notify';
import { CountrySelect } from '../festivals/CountrySelect';
import { useLanguage } from '../festivals/dates';
import { useDebouncedUrlValue } from '../festivals/useDebouncedUrlValue';
import { DecisionForm } from './DecisionForm';
import {
  countryName,
  FlagBadge,
  formatCalibrated,
  formatDay,
  formatScore,
  manageKey,
  ManageFrame,
  ns,
  receivedKey,
  SubmissionStatusBadge,
  useManagedFestival,
} from './shared';

const sorts: ReceivedSort[] = ['date', 'score', 'calibrated'];
const filterKeys = ['category', 'status', 'country', 'flag', 'minScore', 'maxScore', 'entryStatus'] as const;
type FilterKey = (typeof filterKeys)[number];

/** useReceivedFilter reads the list's filters, sort and page from the URL; empty ones stay out of it. */
function useReceivedFilter() {
  const [params, setParams] = useSearchParams();
  const rawSort = params.get('sort') as ReceivedSort | null;
  const filter: Required<Pick<ReceivedFilter, FilterKey>> & { sort: ReceivedSort; page: number } = {
    category: params.get('category') ?? '',
    status: params.get('status') ?? '',
    country: params.get('country') ?? '',
    flag: params.get('flag') ?? '',
    minScore: params.get('minScore') ?? '',
    maxScore: params.get('maxScore') ?? '',
    entryStatus: params.get('entryStatus') ?? '',
    sort: rawSort && sorts.includes(rawSort) ? rawSort : 'date',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  const change = (values: Partial<Record<FilterKey | 'sort', string>>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('page');
        for (const [k, v] of Object.entries(values)) {
          if (!v || (k === 'sort' && v === 'date')) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  };
  const setPage = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (p === 1) next.delete('page');
      else next.set('page', String(p));
      return next;
    });
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const filtered = filterKeys.some((k) => filter[k] !== '');
  return { filter, change, setPage, clear, filtered };
}

/**
 * /manage/festivals/:slug/submissions: the organiser's list of received
 * submissions, 50 a page, with filters and sort in the URL, row selection
 * for a decision on several at once, a flag menu per row and the CSV download.
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
  // The organiser's own statuses, for the filter (issue 30).
  const entryStatuses = useQuery({ queryKey: [...manageKey(slug), 'entry-statuses'], queryFn: () => submissionManagementApi.statuses(slug) });
  const [bulkStatus, setBulkStatus] = useState<string | null>(null);
  const setStatus = useMutation({
    mutationFn: ({ ids, statusId }: { ids: number[]; statusId: number }) => submissionManagementApi.setEntryStatus(slug, ids, statusId),
    onSuccess: () => {
      setSelected(new Set());
      setBulkStatus(null);
    },
    onError: (err) => void notify('red', `${t('list.entryStatusError')} ${apiErrorText(err, ns)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKey(slug) }),
  });

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
            data={(entryStatuses.data ?? []).map((e) => ({ value: String(e.id), label: e.preset ? t(`list.presets.${e.preset}`) : e.name }))}
            value={filter.entryStatus || null}
            onChange={(v) => change({ entryStatus: v ?? '' })}
            clearable
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
          {(entryStatuses.data ?? []).length > 0 && (
            <Group gap="xs" align="flex-end" wrap="wrap" mt="md">
              <Select
                label={t('list.setEntryStatus')}
                data={[
                  { value: '0', label: t('list.noEntryStatus') },
                  ...(entryStatuses.data ?? []).map((e) => ({ value: String(e.id), label: e.preset ? t(`list.presets.${e.preset}`) : e.name })),
                ]}
                value={bulkStatus}
                onChange={setBulkStatus}
                comboboxProps={{ withinPortal: true }}
                w={{ base: '100%', xs: 240 }}
                data-testid="bulk-entry-status"
              />
              <Button
                variant="default"
                disabled={bulkStatus === null}
                loading={setStatus.isPending}
                onClick={() => setStatus.mutate({ ids: [...selected], statusId: Number(bulkStatus) })}
                data-testid="bulk-entry-status-apply"
              >
                {t('list.applyEntryStatus')}
              </Button>
            </Group>
          )}
        </Paper>
      )}

      {list.data && (
        <Text size="sm" c="gray.7" data-testid="submissions-total">
          {t('list.total', { count: list.data.total })}
        </Text>
      )}

      <AdminListState
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
                  <Row
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
      </AdminListState>

      <AdminPagination total={pageCount(list.data)} value={filter.page} onChange={setPage} label={t('list.pagination')} />
    </Stack>
  );
}

function Row({
  s,
  slug,
  tag,
  checked,
  onToggle,
  onFlag,
}: {
  s: Submission;
  slug: string;
  tag: string;
  checked: boolean;
  onToggle: () => void;
  onFlag: (f: SubmissionFlag) => void;
}) {
  const { t } = useTranslation(ns);
  return (
    <Table.Tr data-testid="submission-row" data-submission-id={s.id}>
      <Table.Td>
        <Checkbox aria-label={t('list.select', { title: s.filmTitle })} checked={checked} onChange={onToggle} />
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/submissions/${s.id}`} fw={600} size="sm">
          {s.filmTitle}
        </Anchor>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <Text size="sm">{s.filmmakerName}</Text>
        <Text size="xs" c="gray.7">
          {s.filmmakerEmail}
        </Text>
      </Table.Td>
      <Table.Td>{countryName(s.country, tag)}</Table.Td>
      <Table.Td>{s.categoryName}</Table.Td>
      <Table.Td>{t(`tier.${s.tier}`, { defaultValue: s.tier })}</Table.Td>
      <Table.Td>
        {t('list.credits', { count: s.paidCredits })}
        {s.waiverCode && (
          <Text span size="xs" c="gray.7">
            {' '}
            ({s.waiverCode})
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <time dateTime={s.createdAt}>{formatDay(s.createdAt, tag)}</time>
      </Table.Td>
      <Table.Td>
        <SubmissionStatusBadge status={s.status} awardName={s.awardName} />
        {s.entryStatus && (
          <Text size="xs" c="gray.7" data-testid="row-entry-status">
            {s.entryStatus.preset ? t(`list.presets.${s.entryStatus.preset}`) : s.entryStatus.name}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <FlagBadge flag={s.flag} />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray.8" aria-label={t('flag.menu', { title: s.filmTitle })}>
                <FlagIcon />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {submissionFlags.map((f) => (
                <Menu.Item key={f} onClick={() => onFlag(f)} aria-current={s.flag === f ? 'true' : undefined}>
                  {t(`flag.${f}`)}
                </Menu.Item>
              ))}
              <Menu.Item onClick={() => onFlag('')}>{t('flag.clear')}</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
      <Table.Td>{s.scores?.judges ?? 0}</Table.Td>
      <Table.Td data-testid="weighted">{formatScore(s.scores?.weighted, tag)}</Table.Td>
      <Table.Td data-testid="calibrated">{formatCalibrated(s.scores?.calibrated, tag)}</Table.Td>
    </Table.Tr>
  );
}

function FlagIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

