import { api, unwrap, type Schemas } from './client';

export type PromotionPrice = Schemas['PromotionPrice'];

/** A promotion campaign featuring a festival. */
export type Promotion = Schemas['Promotion'];

export type PromotableFestival = Schemas['PromotableFestival'];

/** The organiser's promotion screen. */
export type PromotionOverview = Schemas['PromotionOverview'];

/** A festival in the home page's 'Featured festivals' strip. */
export type FeaturedFestival = Schemas['FeaturedFestival'];

export const promotionsApi = {
  /** GET /api/v1/manage/promotions: my festivals, their campaigns, the prices and my balance. */
  overview: () => unwrap(api.GET('/api/v1/manage/promotions')),
  /** POST /api/v1/manage/festivals/{slug}/promotions {days, key}: starts a campaign, paid in credits (402 when short). */
  start: (slug: string, days: number, key: string) =>
    unwrap(
      api.POST('/api/v1/manage/festivals/{slug}/promotions', {
        params: { path: { slug } },
        // One of the lengths the prices list (7, 14 or 30); the server refuses any other.
        body: { days: days as Schemas['NewPromotion']['days'], key },
      }),
    ),
  /** GET /api/v1/promotion-prices. */
  prices: () => unwrap(api.GET('/api/v1/promotion-prices')).then((r) => r.items),
  /** PUT /api/v1/admin/promotion-prices/{days} {credits} (admins only). */
  updatePrice: (days: number, credits: number) =>
    unwrap(api.PUT('/api/v1/admin/promotion-prices/{days}', { params: { path: { days } }, body: { credits } })),
  /** GET /api/v1/admin/promotions?page= (admins only). */
  adminList: (page: number) => unwrap(api.GET('/api/v1/admin/promotions', { params: { query: { page } } })),
  /** POST /api/v1/admin/promotions/{id}/end (admins only): ends a campaign, refunding its unused days. */
  end: (id: number) => unwrap(api.POST('/api/v1/admin/promotions/{id}/end', { params: { path: { id } } })),
};
