import { Anchor, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { Title } from '../../ui/Title';
import { submissionManagementApi as api } from '../../api/submissionManagement';
import { ns, statusesKey } from './logic';
import { useErrorText } from './shared';
import { BulkMessages } from './BulkSection';
import { Extensions } from './ExtensionsSection';
import { NoticeTextsEditor } from './NoticeTextsSection';
import { Questions } from './QuestionsSection';
import { Statuses } from './StatusesSection';


/**
 * /manage/festivals/:slug/submission-tools: the organiser's questions asked
 * at submission, their own statuses, deadline extensions, the texts of the
 * decision e-mails, and bulk messages to entrants. Only the festival's
 * team gets the tools: the statuses (a managed read, which the statuses
 * section shares) answer anyone else not found, and the page says so.
 */
export default function SubmissionToolsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  usePageMeta(t('tools.title'), t('tools.description'));
  const access = useQuery({ queryKey: statusesKey(slug), queryFn: () => api.statuses(slug) });
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/submissions`} size="sm">
            {t('tools.back')}
          </Anchor>
          <Title order={1}>{t('tools.title')}</Title>
          <Text c="gray.7">{t('tools.description')}</Text>
        </div>
        {access.isPending && (
          <Center py="xl">
            <Loader role="status" aria-label={t('tools.loading')} />
          </Center>
        )}
        {access.isError && (
          <Text c="red.9" role="alert" data-testid="tools-error">
            {errorText(access.error)}
          </Text>
        )}
        {access.isSuccess && (
          <>
            <Questions slug={slug} />
            <Statuses slug={slug} />
            <Extensions slug={slug} />
            <NoticeTextsEditor slug={slug} />
            <BulkMessages slug={slug} />
          </>
        )}
      </Stack>
    </Container>
  );
}

