import { Anchor, Button, Container, Group, Stack, Tabs, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { festivalsApi, type Festival, manageFestivalKey, myFestivalsKey, publicFestivalKey } from '../../api/festivals';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { CategoriesSection } from './CategoriesSection';
import { CriteriaSection } from './CriteriaSection';
import { formatDateRange, useLanguage } from '../../lib/dates';
import { DetailsSection } from './DetailsSection';
import { StatusBadge, StatusBanner } from '../../ui/FestivalStatus';
import { ManageNav } from '../../ui/ManageFrame';

type Section = 'details' | 'categories' | 'criteria';

/**
 * /manage/festivals/:slug: the organiser's editor (admins may use it too).
 * Three sections save separately, each with the version the page holds; the
 * festival a save returns becomes the page's (new version). When someone
 * else saved in between, the server answers 409 and the page offers to
 * reload the latest version.
 */
export default function ManageFestivalPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('festivals');
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: manageFestivalKey(slug),
    queryFn: () => festivalsApi.manage(slug),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // The festival the forms were made from: set from the first load, a save or a reload, never by a
  // background refetch, so that a save never carries a version its forms did not start from.
  const [editing, setEditing] = useState<{ festival: Festival; generation: number } | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [tab, setTab] = useState<Section>('details');
  if (!editing && query.data) setEditing({ festival: query.data, generation: 0 });
  const festival = editing?.festival ?? query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  usePageMeta(festival ? t('editor.meta.title', { name: festival.name }) : t('editor.meta.fallback'), t('editor.meta.description'));

  if (query.isPending && !festival) return <PageLoading />;
  if (notFound) {
    return (
      <Container size="sm" py={64} data-testid="editor-not-found">
        <Stack align="center" gap="md" ta="center">
          <Title order={1}>{t('editor.notFound.title')}</Title>
          <Text c="gray.7">{t('editor.notFound.message')}</Text>
          <Button component={Link} to="/manage">
            {t('editor.notFound.back')}
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!festival) {
    return (
      <Container size="md" px="md" py="xl">
        <Notice color="red" role="alert" title={t('editor.loadError')} data-testid="editor-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="gray.9">
              {apiErrorText(query.error, 'festivals')}
            </Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('editor.retry')}
            </Button>
          </Stack>
        </Notice>
      </Container>
    );
  }

  const generation = editing?.generation ?? 0;

  const onSaved = (f: Festival) => {
    setEditing((prev) => ({ festival: f, generation: prev?.generation ?? 0 }));
    setConflict(null);
    queryClient.setQueryData(manageFestivalKey(slug), f);
    void queryClient.invalidateQueries({ queryKey: myFestivalsKey });
    void queryClient.invalidateQueries({ queryKey: publicFestivalKey(slug) });
  };

  const reload = async () => {
    setReloading(true);
    try {
      const result = await query.refetch();
      if (result.data) {
        // New forms from the latest version: unsaved edits are dropped, as the message says.
        setEditing({ festival: result.data, generation: generation + 1 });
        setConflict(null);
      }
    } finally {
      setReloading(false);
    }
  };

  const sectionProps = { festival, onSaved, onConflict: setConflict };

  return (
    <EditorFrame festival={festival}>
      {conflict && (
        <Notice color="orange" role="alert" title={t('editor.conflictTitle')} data-testid="conflict">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="gray.9">
              {conflict}
            </Text>
            <Button size="xs" onClick={() => void reload()} loading={reloading}>
              {t('editor.reload')}
            </Button>
            {query.isError && !reloading && (
              <Text size="sm" c="red.9">
                {apiErrorText(query.error, 'festivals')}
              </Text>
            )}
          </Stack>
        </Notice>
      )}
      <Tabs value={tab} onChange={(v) => v && setTab(v as Section)} keepMounted>
        <Tabs.List aria-label={t('editor.tabs.label')}>
          <Tabs.Tab value="details">{t('editor.tabs.details')}</Tabs.Tab>
          <Tabs.Tab value="categories">{t('editor.tabs.categories')}</Tabs.Tab>
          <Tabs.Tab value="criteria">{t('editor.tabs.criteria')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="lg">
          <DetailsSection key={`details-${generation}`} {...sectionProps} />
        </Tabs.Panel>
        <Tabs.Panel value="categories" pt="lg">
          <CategoriesSection key={`categories-${generation}`} {...sectionProps} />
        </Tabs.Panel>
        <Tabs.Panel value="criteria" pt="lg">
          <CriteriaSection key={`criteria-${generation}`} {...sectionProps} />
        </Tabs.Panel>
      </Tabs>
    </EditorFrame>
  );
}

function EditorFrame({ festival: f, children }: { festival: Festival; children: React.ReactNode }) {
  const { t } = useTranslation('festivals');
  const { tag } = useLanguage();
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Anchor component={Link} to="/manage" size="sm" c="indigo.9">
          {t('editor.back')}
        </Anchor>
        <Stack gap={4}>
          <Group gap="sm" align="center" wrap="wrap">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {f.name}
            </Title>
            <StatusBadge status={f.status} />
          </Group>
          <Text c="gray.7">
            {formatDateRange(f.startDate, f.endDate, tag)} · {f.location}
          </Text>
        </Stack>
        <ManageNav slug={f.slug} current="festival" />
        <StatusBanner festival={f} />
        {children}
      </Stack>
    </Container>
  );
}
