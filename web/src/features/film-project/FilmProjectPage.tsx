import {
  Anchor,
  Button,
  Checkbox,
  Container,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  filmProjectKey,
  filmProjectsApi,
  filmSounds,
  premiereStatuses,
  projectLimits,
  type FilmProject,
} from '../../api/filmProjects';
import { usePageMeta } from '../../lib/usePageMeta';
import { Title } from '../../ui/Title';
import { errorText, fieldErrors } from './errors';
import { StillsSection } from './StillsSection';
import { toSpecs, toValues, type SpecsValues } from './specsForm';

/**
 * /films/:id/project: what festivals ask of a film beyond its details: the
 * trailer, technical specs, first-time and student flags, premiere status,
 * the screenings and awards it has, and up to ten stills (re-encoded by the
 * server as posters are), in the filmmaker's order.
 */
export default function FilmProjectPage() {
  const { t } = useTranslation('film-project');
  const { id = '' } = useParams();
  usePageMeta(t('meta.title'), t('meta.description'));
  const film = useQuery({ queryKey: filmProjectKey(id), queryFn: () => filmProjectsApi.get(id) });

  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Anchor component={Link} to={`/films/${id}`} size="sm" fw={600}>
          {t('back')}
        </Anchor>
        {film.isPending ? (
          <Loader role="status" aria-label={t('loading')} />
        ) : film.isError ? (
          <Text role="alert" c="red.9">
            {errorText(film.error)}
          </Text>
        ) : (
          <>
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {t('title', { film: film.data.title })}
            </Title>
            <SpecsSection film={film.data} />
            <StillsSection film={film.data} />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** The form's values that text inputs edit. */
type TextKey = 'trailerUrl' | 'completionDate' | 'aspectRatio' | 'shootingFormat' | 'languages' | 'subtitles';

function SpecsSection({ film }: { film: FilmProject }) {
  const { t } = useTranslation('film-project');
  const client = useQueryClient();
  const [v, setV] = useState<SpecsValues>(() => toValues(film.specs));
  const save = useMutation({
    mutationFn: (values: SpecsValues) => filmProjectsApi.saveSpecs(film.id, toSpecs(values)),
    onSuccess: (f) => {
      client.setQueryData(filmProjectKey(String(film.id)), f);
      setV(toValues(f.specs));
    },
  });
  const errs = fieldErrors(save.error);
  const set = <K extends keyof SpecsValues>(k: K, value: SpecsValues[K]) => {
    save.reset();
    setV((old) => ({ ...old, [k]: value }));
  };
  const busy = save.isPending;
  /** textField binds a text input to one value of the form: the value, its changes, the server's error for it, and off while saving. */
  const textField = (k: TextKey) => ({
    value: v[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(k, e.currentTarget.value),
    error: errs[k],
    disabled: busy,
  });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="specs-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(v);
        }}
        noValidate
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="specs-title">
            {t('specs.title')}
          </Title>
          <TextInput
            label={t('specs.trailer')}
            description={t('specs.trailerHint')}
            type="url"
            {...textField('trailerUrl')}
            maxLength={projectLimits.trailer}
            data-testid="spec-trailer"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('specs.completionDate')}
              type="date"
              {...textField('completionDate')}
              data-testid="spec-completion"
            />
            <TextInput
              label={t('specs.aspectRatio')}
              placeholder="1.85:1"
              {...textField('aspectRatio')}
              maxLength={projectLimits.aspectRatio}
              data-testid="spec-aspect"
            />
            <Select
              label={t('specs.sound')}
              data={filmSounds.map((s) => ({ value: s, label: t(`sounds.${s.replace('.', '_')}`) }))}
              value={v.sound || null}
              onChange={(s) => set('sound', s ?? '')}
              clearable
              comboboxProps={{ withinPortal: true }}
              error={errs.sound}
              disabled={busy}
              data-testid="spec-sound"
            />
            <TextInput
              label={t('specs.shootingFormat')}
              placeholder={t('specs.shootingFormatHint')}
              {...textField('shootingFormat')}
              maxLength={projectLimits.shootingFormat}
              data-testid="spec-format"
            />
            <TextInput
              label={t('specs.languages')}
              description={t('specs.listHint')}
              {...textField('languages')}
              data-testid="spec-languages"
            />
            <TextInput
              label={t('specs.subtitles')}
              description={t('specs.subtitlesHint')}
              {...textField('subtitles')}
              data-testid="spec-subtitles"
            />
            <Select
              label={t('specs.premiere')}
              data={premiereStatuses.map((p) => ({ value: p, label: t(`premieres.${p}`) }))}
              value={v.premiere || null}
              onChange={(p) => set('premiere', (p ?? '') as SpecsValues['premiere'])}
              clearable
              comboboxProps={{ withinPortal: true }}
              error={errs.premiere}
              disabled={busy}
              data-testid="spec-premiere"
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label={t('specs.firstTime')}
              checked={v.firstTime}
              onChange={(e) => set('firstTime', e.currentTarget.checked)}
              disabled={busy}
              data-testid="spec-first-time"
            />
            <Checkbox
              label={t('specs.student')}
              checked={v.student}
              onChange={(e) => set('student', e.currentTarget.checked)}
              disabled={busy}
              data-testid="spec-student"
            />
          </Group>
          <HistoryFields v={v} set={set} error={errs.history} busy={busy} />
          {save.isError && !Object.keys(errs).length && (
            <Text role="alert" c="red.9" size="sm">
              {errorText(save.error)}
            </Text>
          )}
          {save.isSuccess && (
            <Text role="status" c="teal.9" size="sm" data-testid="specs-saved">
              {t('specs.saved')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="specs-save">
              {t('specs.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function HistoryFields({
  v,
  set,
  error,
  busy,
}: {
  v: SpecsValues;
  set: <K extends keyof SpecsValues>(k: K, value: SpecsValues[K]) => void;
  error?: string;
  busy: boolean;
}) {
  const { t } = useTranslation('film-project');
  const row = (i: number, patch: Partial<SpecsValues['history'][number]>) =>
    set(
      'history',
      v.history.map((h, j) => (j === i ? { ...h, ...patch } : h)),
    );
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        {t('history.title')}
      </Text>
      <Text size="xs" c="gray.7">
        {t('history.hint')}
      </Text>
      {v.history.map((h, i) => (
        <Group key={i} gap="xs" align="flex-end" wrap="wrap" data-testid="history-row">
          <TextInput
            style={{ flex: '2 1 12rem' }}
            label={t('history.festival')}
            value={h.festival}
            onChange={(e) => row(i, { festival: e.currentTarget.value })}
            maxLength={projectLimits.text}
            disabled={busy}
            data-testid="history-festival"
          />
          <TextInput
            style={{ flex: '0 1 6rem' }}
            label={t('history.year')}
            inputMode="numeric"
            value={h.year}
            onChange={(e) => row(i, { year: e.currentTarget.value })}
            maxLength={4}
            disabled={busy}
            data-testid="history-year"
          />
          <TextInput
            style={{ flex: '2 1 10rem' }}
            label={t('history.award')}
            value={h.award}
            onChange={(e) => row(i, { award: e.currentTarget.value })}
            maxLength={projectLimits.text}
            disabled={busy}
            data-testid="history-award"
          />
          <Button
            variant="subtle"
            color="red"
            onClick={() => set(
              'history',
              v.history.filter((_, j) => j !== i),
            )}
            disabled={busy}
          >
            {t('history.remove')}
          </Button>
        </Group>
      ))}
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={() => set('history', [...v.history, { festival: '', year: '', award: '' }])}
          disabled={busy || v.history.length >= projectLimits.history}
          data-testid="history-add"
        >
          {t('history.add')}
        </Button>
      </Group>
    </Stack>
  );
}
