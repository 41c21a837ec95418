import { Elements } from '@stripe/react-stripe-js';
import { useTranslation } from 'react-i18next';
import type { CreditPackage } from '../../api/packages';
import { paymentsApi } from '../../api/payments';
import { PaymentForm, type ChargeResult } from './PaymentForm';
import { stripeFor, useStripeCard } from '../../ui/payment/StripeCard';
import { buyerTaxBody, type BuyerTax } from '../../lib/buyerTax';

function StripeForm({ pkg, locale }: { pkg: CreditPackage; locale: string }) {
  const { t } = useTranslation('pricing');
  const form = useStripeCard();

  async function charge(country: string, buyer: BuyerTax): Promise<ChargeResult> {
    if (!form.ready()) throw new Error(t('checkout.pay.incomplete'));
    const created = await paymentsApi.create({ packageId: pkg.id, country, amountCents: pkg.priceCents, ...buyerTaxBody(buyer) });
    if (created.purchase.status !== 'pending' || !created.clientSecret) return created;
    await form.confirm(created.clientSecret, country);
    return paymentsApi.confirm(created.purchase.id);
  }

  return (
    <PaymentForm pkg={pkg} locale={locale} card={form.card} checkCard={form.checkCard} charge={charge} onSucceeded={form.reset} />
  );
}

/**
 * StripeCheckout collects the card with Stripe Elements. This module (and
 * Stripe.js with it) loads only on the checkout, and only when the server's
 * provider is Stripe.
 */
export default function StripeCheckout({ pkg, locale, publishableKey }: { pkg: CreditPackage; locale: string; publishableKey: string }) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? 'en') as 'en' | 'ja' | 'zh';
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ locale: language }}>
      <StripeForm pkg={pkg} locale={locale} />
    </Elements>
  );
}
