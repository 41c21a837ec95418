import { request, type Page } from './client';

/** Where a payout account stands at its provider (marquee.PayoutAccountStatus). */
export type PayoutAccountStatus = 'onboarding' | 'active' | 'restricted';

/** The organiser's tax data on a festival's payout account (marquee.PayoutTaxData). */
export interface PayoutTaxData {
  legalName: string;
  address: string;
  /** ISO 3166 two-letter code. */
  country: string;
  taxId: string;
}

/** A festival's payout account (marquee.PayoutAccount). */
export interface PayoutAccount extends PayoutTaxData {
  festivalId: number;
  provider: 'stripe' | 'test';
  reference: string;
  status: PayoutAccountStatus;
  createdAt: string;
  updatedAt: string;
}

/** What the payouts page shows of a festival's account (marquee.PayoutAccountView). */
export interface PayoutAccountView {
  account: PayoutAccount | null;
  provider: 'stripe' | 'test';
  minimumCents: number;
  scheduleDay: number;
}

/** Where a payout stands (marquee.PayoutStatus). */
export type PayoutStatus = 'pending' | 'paid' | 'failed';

/** One payout of a festival's balance (marquee.Payout). */
export interface Payout {
  id: number;
  festivalId: number;
  festivalSlug: string;
  festivalName: string;
  amountCents: number;
  currency: string;
  status: PayoutStatus;
  trigger: 'schedule' | 'admin';
  period: string;
  provider: string;
  account: string;
  transfer: string;
  /** Why it failed, in the reader's language. */
  failureMessage: string;
  retriedBy: number;
  createdAt: string;
  settledAt: string | null;
}

const manage = (slug: string) => `/api/v1/manage/festivals/${encodeURIComponent(slug)}`;

export const payoutsApi = {
  /** GET …/payout-account: the festival's account view (organiser or admin). */
  account: (slug: string) => request<PayoutAccountView>('GET', `${manage(slug)}/payout-account`),
  /** PUT …/payout-account: connect the account or update its tax data; answers the provider's onboarding link. */
  connect: (slug: string, data: PayoutTaxData) =>
    request<{ account: PayoutAccount; url: string }>('PUT', `${manage(slug)}/payout-account`, data),
  /** POST …/payout-account/refresh: the provider's current status. */
  refresh: (slug: string) => request<PayoutAccountView>('POST', `${manage(slug)}/payout-account/refresh`),
  /** POST …/payout-account/test-onboarding: finish the test mode's simulated onboarding. */
  completeTestOnboarding: (slug: string, failTransfers: boolean) =>
    request<PayoutAccountView>('POST', `${manage(slug)}/payout-account/test-onboarding`, { failTransfers }),
  /** GET …/payouts?page=: the festival's payouts, newest first. */
  festivalPayouts: (slug: string, page = 1) => request<Page<Payout>>('GET', `${manage(slug)}/payouts?page=${page}`),
  /** GET /api/v1/admin/payouts?status=&page= (admins). */
  adminList: (status: PayoutStatus | 'all', page = 1) =>
    request<Page<Payout>>('GET', `/api/v1/admin/payouts?${new URLSearchParams({ status, page: String(page) })}`),
  /** POST /api/v1/admin/festivals/{slug}/payouts: pay the festival's available balance now (admins). */
  payNow: (slug: string) => request<Payout>('POST', `/api/v1/admin/festivals/${encodeURIComponent(slug)}/payouts`),
  /** POST /api/v1/admin/payouts/{id}/retry: pay a failed payout's festival again (admins). */
  retry: (id: number) => request<Payout>('POST', `/api/v1/admin/payouts/${id}/retry`),
};
