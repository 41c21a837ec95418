import type { CreditPackage } from '../../api/packages';
import { paymentsApi } from '../../api/payments';
import { PaymentForm } from './PaymentForm';
import { useTestCard } from '../../ui/payment/TestCard';
import { buyerTaxBody, type BuyerTax } from '../../lib/buyerTax';

/**
 * TestCheckout is the checkout of the test mode (no card provider configured):
 * our own card form, labelled plainly, sending the card to POST /api/v1/payments.
 */
export function TestCheckout({ pkg, locale }: { pkg: CreditPackage; locale: string }) {
  const form = useTestCard();

  async function charge(country: string, buyer: BuyerTax) {
    return paymentsApi.create({ packageId: pkg.id, country, amountCents: pkg.priceCents, card: form.cardValue(), ...buyerTaxBody(buyer) });
  }

  return (
    <PaymentForm
      pkg={pkg}
      locale={locale}
      card={form.card}
      checkCard={form.checkCard}
      charge={charge}
      onCardFieldErrors={form.markServerFields}
      onSucceeded={form.reset}
    />
  );
}
