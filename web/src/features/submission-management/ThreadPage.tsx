import { Anchor, Container, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { submissionManagementApi as api } from '../../api/submissionManagement';
import { usePageMeta } from '../../lib/usePageMeta';
import { Title } from '../../ui/Title';
import { ns, threadKey } from './logic';
import { ThreadView } from './ThreadView';

/** /submissions/:id/messages: the filmmaker's thread with the festival team about one submission. */
export default function ThreadPage() {
  const { id: rawId = '' } = useParams();
  const id = Number(rawId);
  const { t } = useTranslation(ns);
  const thread = useQuery({ queryKey: threadKey(id), queryFn: () => api.thread(id) });
  usePageMeta(t('thread.pageTitle'), t('thread.pageDescription'));
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/submissions" size="sm">
            {t('thread.back')}
          </Anchor>
          <Title order={1}>{t('thread.pageTitle')}</Title>
          {thread.data && (
            <Text c="gray.7" data-testid="thread-about">
              {t('thread.about', { film: thread.data.filmTitle, festival: thread.data.festivalName })}
            </Text>
          )}
        </div>
        <ThreadView queryKey={threadKey(id)} load={() => api.thread(id)} post={(body) => api.post(id, body)} mine="filmmaker" />
      </Stack>
    </Container>
  );
}
