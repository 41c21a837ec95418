import { Anchor, Container, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { Title } from '../../ui/Title';
import { ns } from './logic';
import { BulkMessages } from './BulkSection';
import { Extensions } from './ExtensionsSection';
import { NoticeTextsEditor } from './NoticeTextsSection';
import { Questions } from './QuestionsSection';
import { Statuses } from './StatusesSection';


/**
 * /manage/festivals/:slug/submission-tools: the organiser's questions asked
 * at submission, their own statuses, deadline extensions, the texts of the
 * decision e-mails, and bulk messages to entrants.
 */
export default function SubmissionToolsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('tools.title'), t('tools.description'));
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
        <Questions slug={slug} />
        <Statuses slug={slug} />
        <Extensions slug={slug} />
        <NoticeTextsEditor slug={slug} />
        <BulkMessages slug={slug} />
      </Stack>
    </Container>
  );
}

