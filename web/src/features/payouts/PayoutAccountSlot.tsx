import { Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PayoutAccountCard } from './PayoutAccountCard';

/**
 * PayoutAccountSlot is what the earnings page shows in its payoutAccount
 * slot (composed by src/app/EarningsRoute.tsx): the payout account card and
 * a link to the festival's payouts.
 */
export function PayoutAccountSlot({ slug }: { slug: string }) {
  const { t } = useTranslation('payouts');
  return (
    <Stack gap="xs">
      <PayoutAccountCard slug={slug} />
      <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/payouts`} size="sm" c="indigo.9" data-testid="payouts-link">
        {t('account.payoutsLink')}
      </Anchor>
    </Stack>
  );
}
