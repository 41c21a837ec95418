import { Anchor, Badge, Button, Container, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { checkInApi, type CheckInInfo, type CheckInResult } from '../../api/tickets';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { PageLoadError } from '../../ui/PageLoadError';
import { formatLocalTime, useTag } from '../../lib/format';
import { ns, ResultPanel } from './ResultPanel';
import type { CameraProblem } from './Scanner';
import { HolderSearch } from './HolderSearch';

const Scanner = lazy(() => import('./Scanner'));

/** How long the same code is ignored after a scan, so that a ticket held up to the camera answers once. */
export const sameCodePauseMs = 3000;

/** normaliseCode is what the server compares: no spaces or dashes, upper case. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** defaultScreening picks the screening the door most likely works on: the first scheduled one not yet over. */
export function defaultScreening(info: CheckInInfo, now = Date.now()): number | null {
  const open = info.screenings.filter((s) => s.status === 'scheduled');
  const next = open.find((s) => new Date(s.endsAt).getTime() > now) ?? open[0] ?? info.screenings[0];
  return next ? next.id : null;
}

/**
 * /manage/festivals/:slug/check-in (the organiser, admins and the door
 * staff): choose the screening; scan tickets with the camera or type their
 * code; each answer in large type and colour; find a holder by name or e-mail.
 */
export default function CheckInPage() {
  const { t } = useTranslation(ns);
  const { slug = '' } = useParams();
  usePageMeta(t('meta.title'), t('meta.description'));
  // Live counts (checked in / sold): other doors check tickets in too.
  const info = useQuery({ queryKey: ['check-in', slug], queryFn: () => checkInApi.info(slug), refetchInterval: 5000 });

  if (info.isPending) return <PageLoading />;
  if (info.isError) {
    return (
      <PageLoadError
        error={info.error}
        ns={ns}
        notFoundTitle={t('notFound')}
        errorTitle={t('loadError')}
        backTo="/"
        backLabel={t('home')}
        testId="check-in-error"
      />
    );
  }
  return <Door slug={slug} info={info.data} />;
}

function Door({ slug, info }: { slug: string; info: CheckInInfo }) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('screening')) || defaultScreening(info);
  const screening = info.screenings.find((s) => s.id === chosen) ?? null;
  const [result, setResult] = useState<CheckInResult | null>(null);
  const [camera, setCamera] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [code, setCode] = useState('');
  const last = useRef<{ code: string; at: number } | null>(null);
  const client = useQueryClient();

  const check = useMutation({
    mutationFn: (input: { code: string } | { ticketId: number }) =>
      'code' in input ? checkInApi.byCode(slug, chosen!, input.code) : checkInApi.byTicket(slug, chosen!, input.ticketId),
    onSuccess: (r) => {
      setResult(r);
      // The counts and any search results change with a check-in.
      void client.invalidateQueries({ queryKey: ['check-in', slug] });
    },
    onError: () => setResult(null),
  });

  function scanned(text: string) {
    const c = normaliseCode(text);
    if (!c || !screening) return;
    const now = Date.now();
    if (check.isPending) return;
    if (last.current && last.current.code === c && now - last.current.at < sameCodePauseMs) return;
    last.current = { code: c, at: now };
    check.mutate({ code: c });
  }

  function typed(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const c = normaliseCode(code);
    if (!c || !screening) return;
    last.current = { code: c, at: Date.now() };
    check.mutate({ code: c });
    setCode('');
  }

  const options = info.screenings.map((s) => ({
    value: String(s.id),
    label: `${s.title} · ${formatLocalTime(s.startsAt, tag, info.timeZone)}${s.status === 'cancelled' ? ` (${t('cancelled')})` : ''}`,
  }));

  return (
    <Container size="md" px="md" py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
            {info.festivalName}
          </Text>
          <Title order={1}>{t('title')}</Title>
          <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/check-in/lists`} size="sm" fw={600} c="indigo.9" data-testid="check-in-lists-link">
            {t('listsLink')}
          </Anchor>
        </Stack>
        {info.screenings.length === 0 ? (
          <Text c="gray.8" data-testid="no-screenings">
            {t('noScreenings')}
          </Text>
        ) : (
          <>
            <Select
              label={t('screening')}
              description={t('zone', { zone: info.timeZone })}
              data={options}
              value={chosen ? String(chosen) : null}
              onChange={(v) => {
                if (!v) return;
                setParams({ screening: v }, { replace: true });
                setResult(null);
                last.current = null;
              }}
              allowDeselect={false}
              data-testid="check-in-screening"
            />
            {screening && (
              <Group gap="sm">
                <Badge variant="light" color="gray" styles={{ label: { color: 'var(--mantine-color-gray-9)' } }} data-testid="check-in-counts">
                  {t('counts', { checkedIn: screening.checkedIn, sold: screening.sold })}
                </Badge>
              </Group>
            )}

            {check.isPending && <Loader role="status" aria-label={t('checking')} size="sm" />}
            {check.isError && (
              <Notice color="red" role="alert" data-testid="check-in-failed">
                {apiErrorText(check.error, ns)}
              </Notice>
            )}
            {result && <ResultPanel result={result} timeZone={info.timeZone} />}

            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="check-in-camera">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Title order={2} size="h4" id="check-in-camera">
                    {t('camera.title')}
                  </Title>
                  <Button
                    variant={camera ? 'default' : 'filled'}
                    onClick={() => {
                      setProblem(null);
                      setCamera((c) => !c);
                    }}
                    data-testid="camera-toggle"
                  >
                    {camera ? t('camera.stop') : t('camera.start')}
                  </Button>
                </Group>
                {problem && (
                  <Notice color="red" role="alert" data-testid="camera-problem">
                    {t(`camera.problem.${problem}`)}
                  </Notice>
                )}
                {camera && !problem && (
                  <Suspense fallback={<Loader role="status" aria-label={t('camera.loading')} size="sm" />}>
                    <Scanner
                      label={t('camera.label')}
                      onCode={scanned}
                      onProblem={(p) => {
                        setProblem(p);
                        setCamera(false);
                      }}
                    />
                  </Suspense>
                )}
              </Stack>
            </Paper>

            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="check-in-code">
              <form onSubmit={typed} noValidate aria-labelledby="check-in-code">
                <Stack gap="sm">
                  <Title order={2} size="h4" id="check-in-code">
                    {t('code.title')}
                  </Title>
                  <Group align="flex-end" gap="sm" wrap="wrap">
                    <TextInput
                      label={t('code.label')}
                      value={code}
                      onChange={(e) => setCode(e.currentTarget.value)}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
                      style={{ flex: '1 1 260px' }}
                      data-testid="check-in-code"
                    />
                    <Button type="submit" disabled={normaliseCode(code) === '' || check.isPending} data-testid="check-in-submit">
                      {t('code.check')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            </Paper>

            {screening && (
              <HolderSearch
                slug={slug}
                screeningId={screening.id}
                timeZone={info.timeZone}
                onCheckIn={(id) => check.mutate({ ticketId: id })}
                busy={check.isPending}
              />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
