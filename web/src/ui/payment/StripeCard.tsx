import { Input, Paper } from '@mantine/core';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardError } from '../../lib/checkout';
import type { CardCheck } from '../../lib/checkout';

// One Stripe.js per publishable key for the page's life (loadStripe injects the script once).
const stripes = new Map<string, Promise<Stripe | null>>();

/** stripeFor is the one Stripe.js of a publishable key. */
export function stripeFor(key: string): Promise<Stripe | null> {
  let promise = stripes.get(key);
  if (!promise) {
    promise = loadStripe(key);
    stripes.set(key, promise);
  }
  return promise;
}

/** What useStripeCard gives a payment form inside <Elements>. */
export interface StripeCardForm {
  card: ReactNode;
  checkCard: () => CardCheck;
  /** Whether Stripe.js and the card element are ready. */
  ready: () => boolean;
  /** Confirms a PaymentIntent with the card; throws CardError with Stripe's own message when it fails. */
  confirm: (clientSecret: string, country: string) => Promise<void>;
  reset: () => void;
}

/**
 * useStripeCard is the card field of Stripe Elements (the credit checkout
 * and the ticket checkout share it); it must be used inside <Elements>.
 */
export function useStripeCard(): StripeCardForm {
  const { t } = useTranslation('pricing');
  const stripe = useStripe();
  const elements = useElements();
  const complete = useRef(false);
  const [cardError, setCardError] = useState<string | null>(null);

  const ready = () => Boolean(stripe && elements?.getElement(CardElement));

  function checkCard(): CardCheck {
    return ready() && complete.current ? 'ok' : 'missing';
  }

  async function confirm(clientSecret: string, country: string) {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new Error(t('checkout.pay.incomplete'));
    const { error } = await stripe.confirmCardPayment(clientSecret, {
      payment_method: { card, billing_details: { address: { country } } },
    });
    // Stripe's own message ('Your card was declined.'), shown as it is.
    if (error) throw new CardError(error.message ?? t('errors.generic'));
  }

  const card = (
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

  return {
    card,
    checkCard,
    ready,
    confirm,
    reset: () => {
      elements?.getElement(CardElement)?.clear();
      complete.current = false;
    },
  };
}
