import { api, unwrap, type Schemas } from './client';

/** Which card provider the server uses: Stripe, or the built-in test mode (no real charge). */
export type PaymentProvider = 'stripe' | 'test';

/** GET /api/v1/payments/config. */
export type PaymentConfig = Schemas['PaymentConfig'];

export type PurchaseStatus = Schemas['PurchaseStatus'];

/** One purchase of a credit package. Amounts are in cents (US dollars). */
export type Purchase = Schemas['Purchase'];

export type LedgerReason = Schemas['LedgerReason'];

/** One row of the append-only credit ledger; the balance is the sum of the deltas. */
export type LedgerEntry = Schemas['LedgerEntry'];

/** The card of the test mode's own form (expMonth 1..12, expYear four digits). */
export type TestCard = Schemas['TestCard'];

/** POST /api/v1/payments. */
export type PaymentInput = Schemas['CheckoutRequest'];

/** The answer of a payment call: the purchase, Stripe's client secret to confirm, and the new balance. */
export type PaymentResult = Schemas['CheckoutResult'];

/** Admin list filter. */
export type PurchaseFilter = PurchaseStatus | 'all';

/** POST /api/v1/admin/purchases/{id}/refund: `uncollected` credits had already been spent. */
export type RefundResult = Schemas['RefundResult'];

/**
 * GET /api/v1/admin/purchases/{id}/refund-preview: what a refund would do now. A refund
 * returns the unspent share: `takeCredits` (what the balance still holds of the purchase)
 * and `refundCents` (the same share of the price, rounded down to the cent).
 */
export type RefundPlan = Schemas['RefundPlan'];

/** The figures of the preview the admin confirms. */
export type RefundConfirmation = Schemas['RefundConfirmation'];

export const paymentsApi = {
  /** GET /api/v1/payments/config: the active provider (and Stripe's publishable key). */
  config: () => unwrap(api.GET('/api/v1/payments/config')),
  /**
   * POST /api/v1/payments (signed in): 201 {purchase, clientSecret?, balance}. A declined
   * card is a 201 whose purchase failed with failureMessage; bad input is 400 with fields
   * (country, packageId, amount, card.number, card.expiry, card.cvc, card).
   */
  create: (input: PaymentInput) => unwrap(api.POST('/api/v1/payments', { body: input })),
  /** POST /api/v1/payments/{id}/confirm (signed in), after Stripe confirmed the card payment. */
  confirm: (id: number) => unwrap(api.POST('/api/v1/payments/{id}/confirm', { params: { path: { id } } })),
  /** GET /api/v1/me/purchases?page=: the signed-in user's purchases, newest first. */
  purchases: (page = 1) => unwrap(api.GET('/api/v1/me/purchases', { params: { query: { page } } })),
  /** GET /api/v1/me/purchases/{id}: one of the user's purchases; 404 for anyone else's. */
  purchase: (id: string | number) =>
    unwrap(api.GET('/api/v1/me/purchases/{id}', { params: { path: { id: Number(id) } } })).then((r) => r.purchase),
  /** GET /api/v1/me/ledger?page=: the signed-in user's credit ledger, newest first. */
  ledger: (page = 1) => unwrap(api.GET('/api/v1/me/ledger', { params: { query: { page } } })),
};

export const adminPurchasesApi = {
  /** GET /api/v1/admin/purchases?status=&page= (admins only). */
  list: (status: PurchaseFilter, page: number) =>
    unwrap(api.GET('/api/v1/admin/purchases', { params: { query: { status, page } } })),
  /** GET /api/v1/admin/purchases/{id}/refund-preview (admins only): changes nothing. */
  refundPreview: (id: number) =>
    unwrap(api.GET('/api/v1/admin/purchases/{id}/refund-preview', { params: { path: { id } } })),
  /**
   * POST /api/v1/admin/purchases/{id}/refund (admins only) with the preview's figures;
   * 409 when the balance changed since (or nothing is left to refund), 503 when the
   * provider did not confirm (the refund is recorded; refunding again retries).
   */
  refund: (id: number, confirm: RefundConfirmation) =>
    unwrap(api.POST('/api/v1/admin/purchases/{id}/refund', { params: { path: { id } }, body: confirm })),
};
