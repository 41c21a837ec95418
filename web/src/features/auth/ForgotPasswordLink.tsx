import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** ForgotPasswordLink is the login form's way to /forgot-password. */
export function ForgotPasswordLink() {
  const { t } = useTranslation('privacy');
  return (
    <Anchor component={Link} to="/forgot-password" size="sm" style={{ alignSelf: 'flex-end' }}>
      {t('forgot.link')}
    </Anchor>
  );
}
