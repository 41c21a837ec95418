import { api, unwrap, type Schemas } from './client';

/** The payout providers: Stripe Connect, or the embedded test mode. */
export type PayoutProviderName = 'stripe' | 'test';

/** Where a payout account stands at its provider (marquee.PayoutAccountStatus). */
export type PayoutAccountStatus = Schemas['PayoutAccountStatus'];

/** The organiser's tax data on a festival's payout account (marquee.PayoutTaxData); country is ISO 3166 two-letter. */
export type PayoutTaxData = Schemas['PayoutTaxData'];

/** A festival's payout account (marquee.PayoutAccount). */
export type PayoutAccount = Omit<Schemas['PayoutAccount'], 'provider'> & { provider: PayoutProviderName };

/** What the earnings page shows of a festival's account (marquee.PayoutAccountView). */
export type PayoutAccountView = Omit<Schemas['PayoutAccountView'], 'account' | 'provider'> & {
  account: PayoutAccount | null;
  provider: PayoutProviderName;
};

/** The provider's onboarding link for a connected account (marquee.PayoutOnboarding). */
export type PayoutOnboarding = Omit<Schemas['PayoutOnboarding'], 'account'> & { account: PayoutAccount };

/** Where a payout stands (marquee.PayoutStatus). */
export type PayoutStatus = Schemas['PayoutStatus'];

/** One payout of a festival's balance (marquee.Payout); failureMessage is in the reader's language. */
export type Payout = Schemas['Payout'];

/** A page of payouts, newest first. */
export type PayoutPage = Schemas['PagePayout'];

const slugPath = (slug: string) => ({ params: { path: { slug } } });

export const payoutsApi = {
  /** GET …/payout-account: the festival's account view (organiser or admin). */
  account: (slug: string) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/payout-account', slugPath(slug))) as Promise<PayoutAccountView>,
  /** PUT …/payout-account: connect the account or update its tax data; answers the provider's onboarding link. */
  connect: (slug: string, data: PayoutTaxData) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/payout-account', { ...slugPath(slug), body: data })) as Promise<PayoutOnboarding>,
  /** POST …/payout-account/refresh: the provider's current status. */
  refresh: (slug: string) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/payout-account/refresh', slugPath(slug))) as Promise<PayoutAccountView>,
  /** POST …/payout-account/test-onboarding: finish the test mode's simulated onboarding. */
  completeTestOnboarding: (slug: string, failTransfers: boolean) =>
    unwrap(
      api.POST('/api/v1/manage/festivals/{slug}/payout-account/test-onboarding', { ...slugPath(slug), body: { failTransfers } }),
    ) as Promise<PayoutAccountView>,
  /** GET …/payouts?page=: the festival's payouts, newest first. */
  festivalPayouts: (slug: string, page = 1) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/payouts', { params: { path: { slug }, query: { page } } })),
  /** GET /api/v1/admin/payouts?status=&page= (admins). */
  adminList: (status: PayoutStatus | 'all', page = 1) => unwrap(api.GET('/api/v1/admin/payouts', { params: { query: { status, page } } })),
  /** POST /api/v1/admin/festivals/{slug}/payouts: pay the festival's available balance now (admins). */
  payNow: (slug: string) => unwrap(api.POST('/api/v1/admin/festivals/{slug}/payouts', slugPath(slug))),
  /** POST /api/v1/admin/payouts/{id}/retry: pay a failed payout's festival again (admins). */
  retry: (id: number) => unwrap(api.POST('/api/v1/admin/payouts/{id}/retry', { params: { path: { id } } })),
};
