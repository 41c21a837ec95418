import { Input, Paper } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditPackage } from '../../api/packages';
import { paymentsApi } from '../../api/payments';
import { CardError } from './checkout';
import { PaymentForm, type CardCheck, type ChargeResult } from './PaymentForm';

// One Stripe.js per publishable key for the page's life (loadStripe injects the script once).
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string): Promise<Stripe | null> {
  let promise = stripes.get(key);
  if (!promise) {
    promise = loadStripe(key);
    stripes.set(key, promise);
  }
  return promise;
}

function StripeForm({ pkg, locale }: { pkg: CreditPackage; locale: string }) {
  const { t } = useTranslation('pricing');
  const stripe = useStripe();
  const elements = useElements();
  const complete = useRef(false);
  const [cardError, setCardError] = useState<string | null>(null);

  function checkCard(): CardCheck {
    return stripe && elements && elements.getElement(CardElement) && complete.current ? 'ok' : 'missing';
  }

  async function charge(country: string): Promise<ChargeResult> {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new Error(t('checkout.pay.incomplete'));
    const created = await paymentsApi.create({ packageId: pkg.id, country, amountCents: pkg.priceCents });
    if (created.purchase.status !== 'pending' || !created.clientSecret) return created;
    const { error } = await stripe.confirmCardPayment(created.clientSecret, {
      payment_method: { card, billing_details: { address: { country } } },
    });
    // Stripe's own message ('Your card was declined.'), shown as it is.
    if (error) throw new CardError(error.message ?? t('errors.generic'));
    return paymentsApi.confirm(created.purchase.id);
  }

  const cardField = (
    <Input.Wrapper label={t('checkout.stripe.card')} labelElement="div" required error={cardError} description={t('checkout.stripe.secure')}>
      <Paper withBorder radius="sm" px="sm" py={10} data-testid="stripe-card" role="group" aria-label={t('checkout.stripe.card')}>
        <CardElement
          options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#212529' } } }}
          onChange={(e) => {
            complete.current = e.complete;
            setCardError(e.error?.message ?? null);
          }}
        />
      </Paper>
    </Input.Wrapper>
  );

  return (
    <PaymentForm
      pkg={pkg}
      locale={locale}
      card={cardField}
      checkCard={checkCard}
      charge={charge}
      onSucceeded={() => {
        elements?.getElement(CardElement)?.clear();
        complete.current = false;
      }}
    />
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
