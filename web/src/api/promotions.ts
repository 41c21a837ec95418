import { request, type Page } from './client';

export interface PromotionPrice {
  days: number;
  credits: number;
  updatedAt: string;
}

/** A promotion campaign featuring a festival. */
export interface Promotion {
  id: number;
  festivalId: number;
  festivalSlug: string;
  festivalName: string;
  organiserEmail?: string;
  days: number;
  credits: number;
  status: 'active' | 'ended';
  endReason: '' | 'expired' | 'admin';
  refundedCredits: number;
  startsAt: string;
  endsAt: string;
  endedAt: string | null;
  createdAt: string;
}

export interface PromotableFestival {
  id: number;
  slug: string;
  name: string;
  status: 'pending' | 'approved' | 'rejected';
  campaign: Promotion | null;
}

/** The organiser's promotion screen. */
export interface PromotionOverview {
  festivals: PromotableFestival[];
  prices: PromotionPrice[];
  balance: number;
}

/** A festival in the home page's 'Featured festivals' strip. */
export interface FeaturedFestival {
  campaignId: number;
  slug: string;
  name: string;
  location: string;
  country: string;
  startDate: string;
  endDate: string;
}

export const promotionsApi = {
  /** GET /api/v1/manage/promotions. */
  overview: () => request<PromotionOverview>('GET', '/api/v1/manage/promotions'),
  /** POST /api/v1/manage/festivals/{slug}/promotions {days, key}: the same key answers the same campaign, paid once. */
  start: (slug: string, days: number, key: string) =>
    request<Promotion>('POST', `/api/v1/manage/festivals/${encodeURIComponent(slug)}/promotions`, { days, key }),
  /** GET /api/v1/promotion-prices. */
  prices: () => request<{ items: PromotionPrice[] }>('GET', '/api/v1/promotion-prices').then((r) => r.items),
  /** PUT /api/v1/admin/promotion-prices/{days} {credits} (admins; audited). */
  updatePrice: (days: number, credits: number) =>
    request<PromotionPrice>('PUT', `/api/v1/admin/promotion-prices/${days}`, { credits }),
  /** GET /api/v1/admin/promotions?page=. */
  adminList: (page: number) => request<Page<Promotion>>('GET', `/api/v1/admin/promotions?page=${page}`),
  /** POST /api/v1/admin/promotions/{id}/end: ends early, refunding the unused whole days. */
  end: (id: number) => request<Promotion>('POST', `/api/v1/admin/promotions/${id}/end`, {}),
};
