import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { filmLimits, filmsApi, type Film, type FilmDetails, filmKey, filmsKey } from '../../api/films';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { CountrySelect } from '../../ui/CountrySelect';
import { inputStyles } from '../../ui/inputStyles';
import { CreditsField } from './CreditsField';
import { PosterField } from './PosterField';
import { serverField, type FilmField } from './schema';
import { useFilmForm, type Problem } from './useFilmForm';

/** What the editor page shows after navigating from a created film. */
export interface SavedState {
  saved: 'created' | 'updated';
  /** The server's refusal of the poster sent after saving, if any. */
  posterError?: string;
}

/**
 * FilmForm creates a film (no `film`) or edits one: details, credits,
 * screener, public listing and poster. The poster is sent after the film
 * is saved (PUT /films/{id}/poster); a new film's page then opens.
 */
export function FilmForm({ film, onSaved }: { film?: Film; onSaved: (state: SavedState) => void }) {
  const { t } = useTranslation('films');
  const client = useQueryClient();
  const navigate = useNavigate();
  const { values, set, validate, showProblems, errorOf, refFor } = useFilmForm(film);
  const [poster, setPoster] = useState<File | null>(null);
  const [posterError, setPosterError] = useState<string | undefined>();
  // CountrySelect is memoised: give it a stable callback.
  const onCountry = useCallback((v: string | null) => set('country', v ?? ''), [set]);

  const save = useMutation({
    mutationFn: async ({ details, image }: { details: FilmDetails; image: File | null }) => {
      const saved = film ? await filmsApi.update(film.id, details) : await filmsApi.create(details);
      if (!image) return { film: saved, posterError: undefined };
      try {
        return { film: await filmsApi.uploadPoster(saved.id, image), posterError: undefined };
      } catch (err) {
        return { film: saved, posterError: apiErrorText(err, 'films') };
      }
    },
    onSuccess: (r) => {
      client.setQueryData(filmKey(r.film.id), r.film);
      void client.invalidateQueries({ queryKey: filmsKey, exact: true });
      setPosterError(r.posterError);
      if (!r.posterError) setPoster(null);
      onSaved({ saved: film ? 'updated' : 'created', posterError: r.posterError });
      if (!film) void navigate(`/films/${r.film.id}`, { replace: true, state: { saved: 'created', posterError: r.posterError } });
    },
    onError: (err) => {
      if (!(err instanceof ApiError)) return;
      const fields: Partial<Record<FilmField, Problem>> = {};
      for (const [k, text] of Object.entries(err.fields)) {
        const f = serverField(k);
        if (f && !fields[f]) fields[f] = { text };
      }
      if (Object.keys(fields).length > 0) showProblems(fields);
    },
  });
  const busy = save.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    const details = validate();
    if (details) save.mutate({ details, image: poster });
  };

  const common = { styles: inputStyles, disabled: busy };
  const serverFieldsShown = save.error instanceof ApiError && Object.keys(save.error.fields).some((k) => serverField(k));

  return (
    <form onSubmit={submit} noValidate aria-labelledby="film-form-title" data-testid="film-form">
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="film-form-title">
          <Stack gap="md">
            <Title order={2} size="h3" id="film-form-title">
              {t('form.detailsTitle')}
            </Title>
            <TextInput
              ref={refFor('title')}
              label={t('form.title')}
              withAsterisk
              aria-required
              value={values.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={errorOf('title')}
              maxLength={filmLimits.title}
              {...common}
            />
            <TextInput
              ref={refFor('originalTitle')}
              label={t('form.originalTitle')}
              description={t('form.originalTitleHint')}
              value={values.originalTitle}
              onChange={(e) => set('originalTitle', e.currentTarget.value)}
              error={errorOf('originalTitle')}
              maxLength={filmLimits.title}
              {...common}
            />
            <Textarea
              ref={refFor('logline')}
              label={t('form.logline')}
              description={t('form.loglineHint', { max: filmLimits.logline })}
              rows={2}
              value={values.logline}
              onChange={(e) => set('logline', e.currentTarget.value)}
              error={errorOf('logline')}
              {...common}
            />
            <Textarea
              ref={refFor('synopsis')}
              label={t('form.synopsis')}
              rows={6}
              value={values.synopsis}
              onChange={(e) => set('synopsis', e.currentTarget.value)}
              error={errorOf('synopsis')}
              {...common}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                ref={refFor('runtimeMinutes')}
                label={t('form.runtime')}
                min={1}
                max={filmLimits.runtime}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                value={values.runtimeMinutes}
                onChange={(v) => set('runtimeMinutes', String(v))}
                error={errorOf('runtimeMinutes')}
                {...common}
              />
              <NumberInput
                ref={refFor('year')}
                label={t('form.year')}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                thousandSeparator={false}
                value={values.year}
                onChange={(v) => set('year', String(v))}
                error={errorOf('year')}
                {...common}
              />
              <TextInput
                ref={refFor('genre')}
                label={t('form.genre')}
                placeholder={t('form.genrePlaceholder')}
                value={values.genre}
                onChange={(e) => set('genre', e.currentTarget.value)}
                error={errorOf('genre')}
                maxLength={filmLimits.genre}
                {...common}
              />
              <TextInput
                ref={refFor('language')}
                label={t('form.language')}
                value={values.language}
                onChange={(e) => set('language', e.currentTarget.value)}
                error={errorOf('language')}
                maxLength={filmLimits.language}
                {...common}
              />
              <CountrySelect
                ref={refFor('country') as React.Ref<HTMLInputElement>}
                label={t('form.country')}
                placeholder={t('form.countryPlaceholder')}
                value={values.country || null}
                onChange={onCountry}
                error={errorOf('country')}
                {...common}
              />
              <TextInput
                ref={refFor('director')}
                label={t('form.director')}
                value={values.director}
                onChange={(e) => set('director', e.currentTarget.value)}
                error={errorOf('director')}
                maxLength={filmLimits.director}
                {...common}
              />
            </SimpleGrid>
            <div ref={refFor('credits')} tabIndex={-1}>
              <CreditsField rows={values.credits} onChange={(rows) => set('credits', rows)} error={errorOf('credits')} disabled={busy} />
            </div>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="film-screener-title">
          <Stack gap="md">
            <Title order={2} size="h3" id="film-screener-title">
              {t('form.screenerTitle')}
            </Title>
            <Notice color="indigo" role="note" data-testid="screener-note">
              {t('form.screenerNote')}
            </Notice>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput
                ref={refFor('screenerUrl')}
                type="url"
                label={t('form.screenerUrl')}
                placeholder="https://vimeo.com/…"
                value={values.screenerUrl}
                onChange={(e) => set('screenerUrl', e.currentTarget.value)}
                error={errorOf('screenerUrl')}
                maxLength={filmLimits.screener}
                autoComplete="off"
                {...common}
              />
              <TextInput
                ref={refFor('screenerPassword')}
                label={t('form.screenerPassword')}
                value={values.screenerPassword}
                onChange={(e) => set('screenerPassword', e.currentTarget.value)}
                error={errorOf('screenerPassword')}
                maxLength={filmLimits.screener}
                autoComplete="off"
                spellCheck={false}
                {...common}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="film-poster-title">
          <Stack gap="md">
            <Title order={2} size="h3" id="film-poster-title">
              {t('form.showcaseTitle')}
            </Title>
            <PosterField
              currentUrl={film?.posterUrl ?? ''}
              currentImages={film?.posterImages}
              file={poster}
              onChange={(f) => {
                setPoster(f);
                setPosterError(undefined);
              }}
              error={posterError}
              disabled={busy}
            />
            <Switch
              label={t('form.public')}
              description={t('form.publicHint')}
              checked={values.public}
              onChange={(e) => set('public', e.currentTarget.checked)}
              disabled={busy}
              styles={{ description: inputStyles.description }}
              data-testid="public-switch"
            />
          </Stack>
        </Paper>

        {save.isError && (
          <Notice color="red" role="alert" title={t('form.saveError')} data-testid="film-save-error">
            <Text size="sm" c="gray.9">
              {serverFieldsShown ? t('form.fixFields') : apiErrorText(save.error, 'films')}
            </Text>
          </Notice>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={busy} data-testid="film-save">
            {busy ? t('form.saving') : film ? t('form.save') : t('form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
