import { Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { festivalsApi, type Festival, myFestivalsKey } from '../../api/festivals';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { formatDateRange, useLanguage } from '../../lib/dates';
import { StatusBadge } from '../../ui/FestivalStatus';

/**
 * MyFestivals lists the signed-in user's festivals (GET
 * /api/v1/manage/festivals) with their review status, the admins' reason
 * for a rejection, a link to edit each and, once approved, to its public
 * page; plus a link to register another. Its heading is an h2, for a page
 * whose h1 comes first.
 */
export function MyFestivals() {
  const { t } = useTranslation('festivals');
  const query = useQuery({ queryKey: myFestivalsKey, queryFn: festivalsApi.mine });

  return (
    <Stack component="section" gap="md" aria-labelledby="my-festivals" data-testid="my-festivals">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={2} id="my-festivals">
          {t('mine.title')}
        </Title>
        <Button component={Link} to="/submit" variant="light">
          {t('mine.register')}
        </Button>
      </Group>
      {query.isPending ? (
        <Group justify="center" py="md">
          <Loader role="status" size="sm" aria-label={t('mine.loading')} />
        </Group>
      ) : query.isError ? (
        <Notice color="red" role="alert" title={t('mine.loadError')} data-testid="my-festivals-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="gray.9">
              {apiErrorText(query.error, 'festivals')}
            </Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('mine.retry')}
            </Button>
          </Stack>
        </Notice>
      ) : query.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg" data-testid="my-festivals-empty">
          <Text c="gray.8">
            {t('mine.empty')}{' '}
            <Anchor component={Link} to="/submit" c="indigo.9" fw={600} inherit>
              {t('mine.emptyLink')}
            </Anchor>
          </Text>
        </Paper>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {query.data.map((f) => (
            <MyFestival key={f.id} festival={f} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function MyFestival({ festival: f }: { festival: Festival }) {
  const { t } = useTranslation('festivals');
  const { tag } = useLanguage();
  const slug = encodeURIComponent(f.slug);
  const nameId = `my-festival-${f.id}`;
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="my-festival" aria-labelledby={nameId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={3} size="h4" id={nameId} style={{ overflowWrap: 'anywhere' }}>
            {f.name}
          </Title>
          <StatusBadge status={f.status} />
        </Group>
        <Text size="sm" c="gray.7">
          {formatDateRange(f.startDate, f.endDate, tag)} · {f.location}
        </Text>
        {f.status === 'pending' && (
          <Text size="sm" c="gray.8">
            {t('mine.pending')}
          </Text>
        )}
        {f.status === 'rejected' && (
          <Text size="sm" c="red.9" style={{ whiteSpace: 'pre-line' }} data-testid="rejection-reason">
            {t('mine.reason', { reason: f.rejectionReason || t('editor.banner.noReason') })}
          </Text>
        )}
        <Group gap="md">
          <Anchor component={Link} to={`/manage/festivals/${slug}`} size="sm" fw={600} c="indigo.9"
            aria-label={t('mine.editNamed', { name: f.name })}>
            {t('mine.edit')}
          </Anchor>
          {f.status === 'approved' && (
            <Anchor component={Link} to={`/festival/${slug}`} size="sm" fw={600} c="indigo.9"
              aria-label={t('mine.viewNamed', { name: f.name })}>
              {t('mine.view')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
