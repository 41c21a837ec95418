import { ActionIcon, Button, Group, Image, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { filmProjectKey, filmProjectsApi, projectLimits, type FilmProject } from '../../api/filmProjects';
import { Title } from '../../ui/Title';
import { errorText } from './errors';
import { moveId } from './specsForm';

/** StillsSection shows a film's stills in order, to move, delete and add (at most ten). */
export function StillsSection({ film }: { film: FilmProject }) {
  const { t } = useTranslation('film-project');
  const client = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const done = (f: FilmProject) => client.setQueryData(filmProjectKey(String(film.id)), f);
  const add = useMutation({ mutationFn: (file: File) => filmProjectsApi.addStill(film.id, file), onSuccess: done });
  const order = useMutation({ mutationFn: (ids: number[]) => filmProjectsApi.orderStills(film.id, ids), onSuccess: done });
  const remove = useMutation({ mutationFn: (still: number) => filmProjectsApi.deleteStill(film.id, still), onSuccess: done });
  const busy = add.isPending || order.isPending || remove.isPending;
  const failed = add.error ?? order.error ?? remove.error;
  const ids = film.stills.map((s) => s.id);
  const full = film.stills.length >= projectLimits.stills;
  useEffect(() => {
    if (input.current && !add.isPending) input.current.value = '';
  }, [add.isPending]);

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="stills-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="stills-title">
          {t('stills.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('stills.hint', { max: projectLimits.stills, count: film.stills.length })}
        </Text>
        {film.stills.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="stills">
            {film.stills.map((s, i) => (
              <Stack key={s.id} gap={4} data-testid="still">
                <Image
                  src={s.images.card.url}
                  alt={t('stills.alt', { n: i + 1, film: film.title })}
                  w="100%"
                  h={110}
                  fit="cover"
                  radius="sm"
                />
                <Group gap={4} justify="center" wrap="nowrap">
                  <ActionIcon variant="default" aria-label={t('stills.up', { n: i + 1 })} disabled={busy || i === 0}
                    onClick={() => order.mutate(moveId(ids, i, -1))}>
                    ↑
                  </ActionIcon>
                  <ActionIcon variant="default" aria-label={t('stills.down', { n: i + 1 })} disabled={busy || i === ids.length - 1}
                    onClick={() => order.mutate(moveId(ids, i, 1))}>
                    ↓
                  </ActionIcon>
                  <Button size="compact-xs" variant="subtle" color="red" disabled={busy} onClick={() => remove.mutate(s.id)}
                    data-testid="still-delete">
                    {t('stills.delete')}
                  </Button>
                </Group>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        <Stack gap={4}>
          <Text component="label" htmlFor={inputId} fw={500} size="sm">
            {t('stills.add')}
          </Text>
          <input
            id={inputId}
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            disabled={busy || full}
            onChange={(e) => {
              const f = e.currentTarget.files?.[0];
              if (f) add.mutate(f);
            }}
            data-testid="still-input"
          />
          {full && (
            <Text size="sm" c="gray.7">
              {t('stills.full')}
            </Text>
          )}
        </Stack>
        {failed && (
          <Text role="alert" c="red.9" size="sm" data-testid="stills-error">
            {errorText(failed)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
