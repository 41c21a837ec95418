import { Elements } from '@stripe/react-stripe-js';
import { useTranslation } from 'react-i18next';
import { ticketsApi, type TicketOrder } from '../../api/tickets';
import { stripeFor, useStripeCard } from '../../ui/payment/StripeCard';
import { TicketPayForm, type PayOutcome, type Payer } from './TicketPayForm';
import { ns } from './ScreeningsSection';

function StripeTicketForm({ order, onOutcome, payer }: { order: TicketOrder; onOutcome: (o: PayOutcome) => void; payer?: Payer }) {
  const { t } = useTranslation(['pricing', ns]);
  const form = useStripeCard();

  async function pay(country: string): Promise<TicketOrder> {
    if (!form.ready()) throw new Error(t('checkout.pay.incomplete'));
    const created = payer ? await payer.pay({ country }) : await ticketsApi.pay(order.id, { country });
    if (created.order.status !== 'pending' || !created.clientSecret) return created.order;
    await form.confirm(created.clientSecret, country);
    return (payer ? await payer.confirm() : await ticketsApi.confirm(order.id)).order;
  }

  return <TicketPayForm order={order} card={form.card} checkCard={form.checkCard} pay={pay} onOutcome={onOutcome} />;
}

/** StripeTicketPayment pays an order with Stripe Elements (this chunk loads only with Stripe). */
export default function StripeTicketPayment({
  order,
  publishableKey,
  onOutcome,
  payer,
}: {
  order: TicketOrder;
  publishableKey: string;
  onOutcome: (o: PayOutcome) => void;
  payer?: Payer;
}) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as 'en' | 'ja' | 'zh';
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ locale: language }}>
      <StripeTicketForm order={order} onOutcome={onOutcome} payer={payer} />
    </Elements>
  );
}
