import { Button, Container, Group, List, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type SubmitResult } from '../../api/submissions';
import { formatNumber } from '../../lib/format';
import { Notice } from '../../ui/Notice';

/** Confirmation is what the filmmaker sees once submitted: each entry with its fee, the balance left, and the ways on. */
export function Confirmation({ result }: { result: SubmitResult }) {
  const { t, i18n } = useTranslation('submissions');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg" data-testid="submit-done">
        <Title order={1}>{t('done.title')}</Title>
        <Notice color="green" role="status">
          {t('done.intro', { count: result.submissions.length })}
        </Notice>
        <List spacing="xs" data-testid="done-entries">
          {result.submissions.map((s) => (
            <List.Item key={s.id}>
              {t('done.entry', {
                film: s.filmTitle,
                festival: s.festivalName,
                category: s.categoryName,
                paid: formatNumber(s.paidCredits, lang),
                count: s.paidCredits,
              })}
            </List.Item>
          ))}
        </List>
        <Text fw={600} data-testid="done-balance">
          {t('done.balance', { count: result.balance, balance: formatNumber(result.balance, lang) })}
        </Text>
        <Group>
          <Button component={Link} to="/submissions">
            {t('done.viewSubmissions')}
          </Button>
          <Button component={Link} to="/films" variant="default">
            {t('done.films')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
