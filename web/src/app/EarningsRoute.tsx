import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageMeta } from '../lib/usePageMeta';
import { EarningsView } from '../features/earnings/EarningsView';
import { PayoutAccountSlot } from '../features/payouts/PayoutAccountSlot';
import { ManageFrame } from '../ui/ManageFrame';

/**
 * /manage/festivals/:slug/earnings: the festival's earnings (earnings) in
 * the organiser's frame. The payout account (payouts: its card and a link
 * to the festival's payouts) goes in the view's payoutAccount slot: the
 * payouts feature's component is composed here, never imported by the
 * earnings feature.
 */
export default function EarningsRoute() {
  const { slug = '' } = useParams();
  const { t } = useTranslation('earnings');
  usePageMeta(t('title'), t('description'));
  return (
    <ManageFrame slug={slug} current="earnings" title={t('title')}>
      <EarningsView slug={slug} payoutAccount={<PayoutAccountSlot slug={slug} />} />
    </ManageFrame>
  );
}
