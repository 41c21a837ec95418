import { Anchor, Divider, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { ContentPage } from '../../ui/page/ContentPage';
import { LegalSection, type LegalSectionContent } from './LegalSection';

export type PrivacyContent = {
  eyebrow: string;
  title: string;
  subtitle: string;
  intro: string[];
  sections: LegalSectionContent[];
  closing: { title: string; text: string };
  [key: string]: unknown;
}

/** /privacy: the privacy policy in the current language. */
export default function PrivacyPage() {
  const { t } = useTranslation('legal');
  usePageMeta(t('privacy.meta.title'), t('privacy.meta.description'));

  return (
    <ContentPage<PrivacyContent> page="privacy" reading>
      {(c) => (
        <>
          {c.sections.map((s, i) => (
            <Stack key={i} gap="xl">
              <Divider />
              <LegalSection section={s} id={`privacy-section-${i}`} />
            </Stack>
          ))}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} bg="gray.0" component="section" aria-labelledby="privacy-closing">
            <Stack gap="sm">
              <Title order={2} size="h4" id="privacy-closing">
                {c.closing.title}
              </Title>
              <Text>{c.closing.text}</Text>
              <Anchor component={Link} to="/contact" fw={600}>
                {t('privacy.contactLink')}
              </Anchor>
            </Stack>
          </Paper>
        </>
      )}
    </ContentPage>
  );
}
