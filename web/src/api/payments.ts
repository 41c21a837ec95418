import { request, type Page } from './client';
import type { PackageId } from './packages';

/** Which card provider the server uses: Stripe, or the built-in test mode (no real charge). */
export type PaymentProvider = 'stripe' | 'test';

/** GET /api/v1/payments/config. */
export interface PaymentConfig {
  provider: PaymentProvider;
  /** Stripe's publishable key (provider 'stripe' only). */
  publishableKey?: string;
}

export type PurchaseStatus = 'pending' | 'succeeded' | 'failed' | 'refunded';

/** One purchase of a credit package. Amounts are in cents (US dollars). */
export interface Purchase {
  id: number;
  userId: number;
  userEmail: string;
  packageId: PackageId | string;
  packageName: string;
  credits: number;
  amountCents: number;
  currency: string;
  country: string;
  provider: PaymentProvider;
  /** The payment provider's reference (a PaymentIntent id, or the test mode's). */
  reference: string;
  status: PurchaseStatus;
  /** The provider's message for a failed payment ('Your card was declined.'), else ''. */
  failureMessage: string;
  refundedCredits: number;
  /** The money a refund returned: the unspent share of the price (or all of it). */
  refundedCents: number;
  /** Refunded, credits taken back, but the payment provider has not confirmed returning the money yet. */
  refundPending: boolean;
  language: string;
  createdAt: string;
  settledAt: string | null;
  /** When the payment provider confirmed the refund; null while refundPending. */
  refundedAt: string | null;
}

export type LedgerReason = 'purchase' | 'refund' | 'adjustment' | 'promotion' | 'promotion-refund';

/** One row of the append-only credit ledger; the balance is the sum of the deltas. */
export interface LedgerEntry {
  id: number;
  userId: number;
  delta: number;
  reason: LedgerReason;
  reference: string;
  createdAt: string;
}

/** The card of the test mode's own form (expMonth 1..12, expYear four digits). */
export interface TestCard {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** POST /api/v1/payments. */
export interface PaymentInput {
  packageId: string;
  /** ISO 3166 two-letter code, upper case. */
  country: string;
  /** Only compared with the package's price by the server. */
  amountCents?: number;
  /** A Stripe PaymentMethod id (API clients; pm_card_visa in test mode). */
  paymentMethodId?: string;
  /** The test mode's card. */
  card?: TestCard;
}

/** The answer of a payment call: the purchase, Stripe's client secret to confirm, and the new balance. */
export interface PaymentResult {
  purchase: Purchase;
  clientSecret?: string;
  balance: number;
}

/** Admin list filter. */
export type PurchaseFilter = PurchaseStatus | 'all';

/** POST /api/v1/admin/purchases/{id}/refund: `uncollected` credits had already been spent. */
export interface RefundResult {
  purchase: Purchase;
  uncollected: number;
}

/**
 * GET /api/v1/admin/purchases/{id}/refund-preview: what a refund would do now. A refund
 * returns the unspent share: `takeCredits` (what the balance still holds of the purchase)
 * and `refundCents` (the same share of the price, rounded down to the cent).
 */
export interface RefundPlan {
  purchaseId: number;
  credits: number;
  amountCents: number;
  currency: string;
  /** The buyer's balance now. */
  balance: number;
  spentCredits: number;
  takeCredits: number;
  refundCents: number;
  /** False when every credit was spent (or the rest is worth less than a cent): nothing to refund. */
  refundable: boolean;
  /** A refund recorded earlier that the provider has not confirmed: confirming asks it again. */
  retry: boolean;
}

/** The figures of the preview the admin confirms. */
export interface RefundConfirmation {
  takeCredits: number;
  refundCents: number;
}

const pageQuery = (page: number, extra: Record<string, string> = {}) =>
  new URLSearchParams({ ...extra, page: String(page) }).toString();

export const paymentsApi = {
  /** GET /api/v1/payments/config: the active provider (and Stripe's publishable key). */
  config: () => request<PaymentConfig>('GET', '/api/v1/payments/config'),
  /**
   * POST /api/v1/payments (signed in): 201 {purchase, clientSecret?, balance}. A declined
   * card is a 201 whose purchase failed with failureMessage; bad input is 400 with fields
   * (country, packageId, amount, card.number, card.expiry, card.cvc, card).
   */
  create: (input: PaymentInput) => request<PaymentResult>('POST', '/api/v1/payments', input),
  /** POST /api/v1/payments/{id}/confirm (signed in), after Stripe confirmed the card payment. */
  confirm: (id: number) =>
    request<{ purchase: Purchase; balance: number }>('POST', `/api/v1/payments/${id}/confirm`),
  /** GET /api/v1/me/purchases?page=: the signed-in user's purchases, newest first. */
  purchases: (page = 1) => request<Page<Purchase>>('GET', `/api/v1/me/purchases?${pageQuery(page)}`),
  /** GET /api/v1/me/purchases/{id}: one of the user's purchases; 404 for anyone else's. */
  purchase: (id: string | number) =>
    request<{ purchase: Purchase }>('GET', `/api/v1/me/purchases/${encodeURIComponent(String(id))}`).then((r) => r.purchase),
  /** GET /api/v1/me/ledger?page=: the signed-in user's credit ledger, newest first. */
  ledger: (page = 1) => request<Page<LedgerEntry>>('GET', `/api/v1/me/ledger?${pageQuery(page)}`),
};

export const adminPurchasesApi = {
  /** GET /api/v1/admin/purchases?status=&page= (admins only). */
  list: (status: PurchaseFilter, page: number) =>
    request<Page<Purchase>>('GET', `/api/v1/admin/purchases?${pageQuery(page, { status })}`),
  /** GET /api/v1/admin/purchases/{id}/refund-preview (admins only): changes nothing. */
  refundPreview: (id: number) => request<RefundPlan>('GET', `/api/v1/admin/purchases/${id}/refund-preview`),
  /**
   * POST /api/v1/admin/purchases/{id}/refund (admins only) with the preview's figures;
   * 409 when the balance changed since (or nothing is left to refund), 503 when the
   * provider did not confirm (the refund is recorded; refunding again retries).
   */
  refund: (id: number, confirm: RefundConfirmation) =>
    request<RefundResult>('POST', `/api/v1/admin/purchases/${id}/refund`, confirm),
};
