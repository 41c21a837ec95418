import { Anchor, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** PrivacyLink is the account page's way to /account/privacy: one's data, its download and deletion. */
export function PrivacyLink() {
  const { t } = useTranslation('privacy');
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm">
        {t('page.linkIntro')}{' '}
        <Anchor component={Link} to="/account/privacy" fw={600}>
          {t('page.link')}
        </Anchor>
      </Text>
    </Paper>
  );
}
