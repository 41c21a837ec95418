import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { useSession } from '../../lib/useSession';

/**
 * VisitorLimitHint follows a visitor's refused question (429: visitors
 * have a smaller hourly allowance than signed-in users) with a way to sign
 * in that comes back to this page. Signed-in users and other errors get
 * nothing: the server's message says the rest.
 */
export function VisitorLimitHint({ error }: { error: unknown }) {
  const { t } = useTranslation('inquiry');
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading || user || !(error instanceof ApiError) || error.status !== 429) return null;
  return (
    <Button component={Link} to="/login" state={{ from: location }} size="xs" variant="light" data-testid="inquiry-sign-in">
      {t('visitorLimit.signIn')}
    </Button>
  );
}
