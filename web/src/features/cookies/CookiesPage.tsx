import { Badge, Button, Card, Group, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../lib/usePageMeta';
import { ContentPage } from '../../ui/page/ContentPage';
import { useConsent } from './consent';
import { CookiePreferencesModal } from './CookiePreferencesModal';
import { CyclingIcon, type CookieCategory } from './icons';

interface CookieSection {
  id: CookieCategory;
  title: string;
  content: string;
  examples: string[];
}

export type CookiesContent = {
  eyebrow: string;
  title: string;
  subtitle: string;
  intro: string[];
  sections: CookieSection[];
  manage: { title: string; paragraphs: string[] };
  [key: string]: unknown;
}

function StateBadge({ on, always, testId }: { on: boolean; always?: boolean; testId?: string }) {
  const { t } = useTranslation('cookies');
  const label = always ? t('page.alwaysOn') : on ? t('page.on') : t('page.off');
  return (
    <Badge color={on ? 'teal.9' : 'gray.7'} variant={on ? 'filled' : 'outline'} data-testid={testId} data-state={on ? 'on' : 'off'}>
      {label}
    </Badge>
  );
}

/** /cookies: the cookie policy, the current choice and the controls to change it. */
export default function CookiesPage() {
  const { t } = useTranslation('cookies');
  usePageMeta(t('page.meta.title'), t('page.meta.description'));
  const { consent, effective, acceptAll } = useConsent();
  const [prefsOpen, setPrefsOpen] = useState(false);
  const [saved, setSaved] = useState(false);

  const stateOf = (id: CookieCategory) => (id === 'essential' ? true : effective[id]);

  return (
    <>
      <ContentPage<CookiesContent> page="cookies">
        {(c) => (
          <>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="consent-choice-title">
              <Stack gap="sm">
                <Title order={2} size="h3" id="consent-choice-title">
                  {t('page.currentChoice')}
                </Title>
                {!consent && (
                  <Text size="sm" c="gray.7" data-testid="consent-not-chosen">
                    {t('page.notChosen')}
                  </Text>
                )}
                <Group gap="lg" wrap="wrap">
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {t('modal.essential.label')}
                    </Text>
                    <StateBadge on always testId="consent-essential" />
                  </Group>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {t('modal.analytics.label')}
                    </Text>
                    <StateBadge on={effective.analytics} testId="consent-analytics" />
                  </Group>
                  <Group gap={6}>
                    <Text size="sm" fw={600}>
                      {t('modal.preferences.label')}
                    </Text>
                    <StateBadge on={effective.preferences} testId="consent-preferences" />
                  </Group>
                </Group>
                <Group gap="sm" mt="xs">
                  <Button variant="default" onClick={() => setPrefsOpen(true)}>
                    {t('page.preferences')}
                  </Button>
                  <Button
                    onClick={() => {
                      acceptAll();
                      setSaved(true);
                    }}
                  >
                    {t('page.acceptAll')}
                  </Button>
                </Group>
                <Text size="sm" c="teal.9" role="status" aria-live="polite" mih={20}>
                  {saved ? t('page.saved') : ''}
                </Text>
              </Stack>
            </Paper>

            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
              {c.sections.map((s) => (
                <Card key={s.id} withBorder radius="md" padding="lg" component="section" aria-labelledby={`cookie-section-${s.id}`}>
                  <Stack gap="sm">
                    <Group justify="space-between" align="flex-start" wrap="nowrap">
                      <CyclingIcon category={s.id} color={s.id === 'essential' ? 'indigo' : s.id === 'analytics' ? 'grape' : 'teal'} />
                      <StateBadge on={stateOf(s.id)} always={s.id === 'essential'} />
                    </Group>
                    <Title order={2} size="h4" id={`cookie-section-${s.id}`}>
                      {s.title}
                    </Title>
                    <Text size="sm">{s.content}</Text>
                    <List size="sm" spacing={4}>
                      {s.examples.map((e, i) => (
                        <List.Item key={i}>{e}</List.Item>
                      ))}
                    </List>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>

            <Stack gap="sm" component="section" aria-labelledby="cookie-manage-title">
              <Title order={2} size="h3" id="cookie-manage-title">
                {c.manage.title}
              </Title>
              {c.manage.paragraphs.map((p, i) => (
                <Text key={i}>{p}</Text>
              ))}
            </Stack>
          </>
        )}
      </ContentPage>
      <CookiePreferencesModal opened={prefsOpen} onClose={() => setPrefsOpen(false)} onSaved={() => setSaved(true)} />
    </>
  );
}
