import { Alert, Anchor, Badge, Button, Checkbox, Container, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { doorListsApi, type CheckInUndo, type ListCheckInResult } from '../../api/ticketDoor';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Title } from '../../ui/Title';
import { canUndo, chosenList, outcomeColor, screeningNames } from './door';

export const ns = 'door-lists';

/** How often the live counts refresh while the page is open. */
export const countsRefreshMs = 5000;

function errorText(err: unknown): string {
  return apiErrorText(err, ns);
}

function when(iso: string, lang: string, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

/**
 * /manage/festivals/:slug/check-in/lists: the door picks a check-in list
 * (a venue, a day) and checks tickets in on it; a ticket for a screening
 * not on the list is refused. The list's counts (checked in / sold)
 * refresh every few seconds. The organiser also makes and removes lists
 * and undoes a check-in (audited).
 */
export default function DoorListsPage() {
  const { t, i18n: i } = useTranslation(ns);
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  usePageMeta(t('title'), t('description'));
  const info = useQuery({
    queryKey: ['door-lists', slug],
    queryFn: () => doorListsApi.info(slug),
    refetchInterval: countsRefreshMs,
  });
  const [code, setCode] = useState('');
  const [result, setResult] = useState<ListCheckInResult | null>(null);
  const [undone, setUndone] = useState<CheckInUndo | null>(null);
  const list = info.data ? chosenList(info.data, params.get('list')) : null;
  const refresh = () => void client.invalidateQueries({ queryKey: ['door-lists', slug] });
  const check = useMutation({
    mutationFn: (c: string) => doorListsApi.checkIn(slug, list!.id, c),
    onSuccess: (r) => {
      setResult(r);
      setUndone(null);
      refresh();
    },
  });
  const undo = useMutation({
    mutationFn: (ticketId: number) => doorListsApi.undo(slug, ticketId),
    onSuccess: (u) => {
      setUndone(u);
      setResult(null);
      refresh();
    },
  });

  if (info.isPending) return <PageLoading />;
  if (info.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert" data-testid="door-lists-error">
          {errorText(info.error)}
        </Alert>
      </Container>
    );
  }
  const d = info.data;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const c = code.replace(/[\s-]/g, '').toUpperCase();
    if (!c || !list) return;
    check.mutate(c);
    setCode('');
  };
  return (
    <Container size="md" px="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/check-in`} size="sm" fw={600} c="indigo.9">
            <span aria-hidden="true">← </span>
            {t('back')}
          </Anchor>
          <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {d.festivalName}
          </Text>
          <Title order={1}>{t('title')}</Title>
        </Stack>
        {d.lists.length === 0 ? (
          <Text c="gray.8" data-testid="no-lists">
            {d.canUndo ? t('noListsOrganiser') : t('noLists')}
          </Text>
        ) : (
          <>
            <Select
              label={t('list')}
              data={d.lists.map((l) => ({ value: String(l.id), label: l.name }))}
              value={list ? String(list.id) : null}
              onChange={(v) => {
                if (!v) return;
                setParams({ list: v }, { replace: true });
                setResult(null);
                setUndone(null);
              }}
              allowDeselect={false}
              data-testid="door-list"
            />
            {list && (
              <Group gap="sm" wrap="wrap">
                <Badge size="lg" variant="light" color="gray" styles={{ label: { color: 'var(--mantine-color-gray-9)' } }} data-testid="door-list-counts">
                  {t('counts', { checkedIn: list.checkedIn, sold: list.sold })}
                </Badge>
                <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
                  {screeningNames(d, list).join(' · ')}
                </Text>
              </Group>
            )}
            {result && (
              <Alert color={outcomeColor(result.result)} role="status" title={t(`result.${result.result}`)} data-testid="door-result">
                <Stack gap={4}>
                  {result.ticket && (
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {result.ticket.holderName || result.ticket.holderEmail} · {result.ticket.screeningTitle}
                    </Text>
                  )}
                  {result.result === 'wrong_list' && list && (
                    <Text data-testid="door-wrong-list">{t('wrongList', { title: result.ticket?.screeningTitle ?? '', list: list.name })}</Text>
                  )}
                  {result.result === 'used' && result.firstUsedAt && (
                    <Text>{t('usedAt', { time: when(result.firstUsedAt, i.language, d.timeZone) })}</Text>
                  )}
                  {canUndo(d, result) && (
                    <Group>
                      <Button size="xs" variant="white" color="dark" onClick={() => undo.mutate(result.ticket!.id)} loading={undo.isPending} data-testid="door-undo">
                        {t('undo')}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Alert>
            )}
            {undone && (
              <Alert color="gray" role="status" data-testid="door-undone">
                {t('undone', { who: undone.undoneBy, time: when(undone.undoneAt, i.language, d.timeZone) })}
              </Alert>
            )}
            {(check.isError || undo.isError) && (
              <Alert color="red" role="alert" data-testid="door-failed">
                {errorText(check.error ?? undo.error)}
              </Alert>
            )}
            <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <TextInput
                  label={t('code')}
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  autoComplete="off"
                  spellCheck={false}
                  styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
                  style={{ flex: '1 1 240px' }}
                  data-testid="door-code"
                />
                <Button type="submit" disabled={!code.trim() || check.isPending} data-testid="door-check">
                  {t('check')}
                </Button>
              </Group>
            </Paper>
          </>
        )}
        {d.canUndo && <ManageLists slug={slug} />}
      </Stack>
    </Container>
  );
}

/** ManageLists is the organiser's part: the lists, a new list, removing one. */
function ManageLists({ slug }: { slug: string }) {
  const { t, i18n: i } = useTranslation(ns);
  const client = useQueryClient();
  const info = useQuery({ queryKey: ['door-lists', slug], queryFn: () => doorListsApi.info(slug) });
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const done = () => void client.invalidateQueries({ queryKey: ['door-lists', slug] });
  const create = useMutation({
    mutationFn: () => doorListsApi.create(slug, { name, screeningIds: chosen.map(Number) }),
    onSuccess: () => {
      setName('');
      setChosen([]);
      done();
    },
  });
  const remove = useMutation({ mutationFn: (id: number) => doorListsApi.remove(slug, id), onSuccess: done });
  if (!info.data) return null;
  const d = info.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="door-lists-manage">
      <Stack gap="sm">
        <Title order={2} size="h4" id="door-lists-manage">
          {t('manage.title')}
        </Title>
        {d.lists.map((l) => (
          <Group key={l.id} justify="space-between" wrap="wrap" gap="xs" data-testid="door-list-row">
            <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0, flex: '1 1 200px' }}>
              {l.name} <Text span size="sm" c="gray.8">({screeningNames(d, l).join(', ')})</Text>
            </Text>
            <Button size="xs" variant="default" onClick={() => remove.mutate(l.id)} aria-label={t('manage.removeLabel', { name: l.name })}>
              {t('manage.remove')}
            </Button>
          </Group>
        ))}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
          noValidate
        >
          <Stack gap="sm">
            <TextInput label={t('manage.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="door-list-name" />
            <Checkbox.Group label={t('manage.screenings')} value={chosen} onChange={setChosen}>
              <Stack gap={6} mt={6}>
                {d.screenings.map((s) => (
                  <Checkbox key={s.id} value={String(s.id)} label={`${s.title} · ${when(s.startsAt, i.language, d.timeZone)}`} data-testid="door-list-screening" />
                ))}
              </Stack>
            </Checkbox.Group>
            {create.isError && (
              <Alert color="red" role="alert" data-testid="door-list-failed">
                {errorText(create.error)}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={create.isPending} data-testid="door-list-create">
                {t('manage.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
