import { Anchor, Button, Container, Group, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { filmsApi, type Film, filmKey, filmsKey } from '../../api/films';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { notify } from '../../lib/notify';
import { FilmForm, type SavedState } from './FilmForm';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

function BackLink() {
  const { t } = useTranslation('films');
  return (
    <Anchor component={Link} to="/films" size="sm" fw={600}>
      <span aria-hidden="true">← </span>
      {t('editor.back')}
    </Anchor>
  );
}

/**
 * /films/new and /films/:id: a film project's form. A saved film also
 * offers 'Submit this film' and deletion (refused by the server while a
 * submission is active: its message shows).
 */
export default function FilmEditorPage() {
  const { id } = useParams();
  const { t } = useTranslation('films');
  const isNew = id === undefined || id === 'new';
  const film = useQuery({ queryKey: filmKey(id ?? 'new'), queryFn: () => filmsApi.get(id!), enabled: !isNew });
  usePageMeta(isNew ? t('editor.newTitle') : (film.data?.title ?? t('editor.editTitle')), t('meta.description'));

  let body: React.ReactNode;
  if (isNew) {
    body = <Editor />;
  } else if (film.isPending) {
    body = <PageLoading />;
  } else if (film.isError) {
    const missing = film.error instanceof ApiError && film.error.status === 404;
    body = (
      <Notice color="red" role="alert" title={missing ? t('editor.notFound') : t('editor.loadError')} data-testid="film-error">
        <Stack gap="sm" align="flex-start">
          {!missing && (
            <Text size="sm" c="gray.9">
              {apiErrorText(film.error, 'films')}
            </Text>
          )}
          <Button size="xs" variant="default" component={Link} to="/films">
            {t('editor.back')}
          </Button>
        </Stack>
      </Notice>
    );
  } else {
    body = <Editor key={film.data.id} film={film.data} />;
  }

  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <BackLink />
        {body}
      </Stack>
    </Container>
  );
}

function Editor({ film }: { film?: Film }) {
  const { t } = useTranslation('films');
  const location = useLocation();
  const arrived = (location.state as SavedState | null) ?? null;
  const [saved, setSaved] = useState<SavedState | null>(arrived?.saved ? arrived : null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {film ? film.title : t('editor.newTitle')}
        </Title>
        {film && (
          <Button component={Link} to={`/submit-film?film=${film.id}`} data-testid="submit-this-film">
            {t('editor.submitThis')}
          </Button>
        )}
      </Group>
      {saved && film && (
        <Notice color="green" role="status" data-testid="film-saved">
          {saved.saved === 'created' ? t('editor.created') : t('editor.saved')}
          {saved.posterError ? ` ${t('editor.posterFailed')}` : ''}
        </Notice>
      )}
      <FilmForm film={film} onSaved={setSaved} />
      {film && <DeleteFilm film={film} />}
    </Stack>
  );
}

function DeleteFilm({ film }: { film: Film }) {
  const { t } = useTranslation('films');
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => filmsApi.remove(film.id),
    onSuccess: () => {
      setOpen(false);
      client.removeQueries({ queryKey: filmKey(film.id) });
      void client.invalidateQueries({ queryKey: filmsKey, exact: true });
      void notify('green', t('delete.done', { title: film.title }));
      void navigate('/films', { replace: true });
    },
  });
  const close = () => {
    setOpen(false);
    remove.reset();
  };

  return (
    <Stack component="section" aria-labelledby="film-delete-title" gap="xs" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Title order={2} size="h4" id="film-delete-title">
        {t('delete.title')}
      </Title>
      <Text size="sm" c="gray.7">
        {t('delete.hint')}
      </Text>
      <Group>
        <Button color="red.9" variant="outline" onClick={() => setOpen(true)} data-testid="film-delete">
          {t('delete.button')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={open}
        title={t('delete.confirmTitle')}
        onClose={close}
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        error={remove.isError ? apiErrorText(remove.error, 'films') : null}
        cancelLabel={t('delete.cancel')}
        confirmLabel={t('delete.confirm')}
        confirmTestId="film-delete-confirm"
        errorTestId="film-delete-error"
      >
        <Text size="sm">{t('delete.confirmText', { title: film.title })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
