import { request } from './client';
import type { FeaturedFestival } from './promotions';

/**
 * The home page's 'Featured festivals' strip's calls, kept apart from the
 * promotion and analytics clients (which do not import them back) so that
 * the strip carries only these.
 */

/** GET /api/v1/promotions/featured. */
export const featuredFestivals = () =>
  request<{ items: FeaturedFestival[] }>('GET', '/api/v1/promotions/featured').then((r) => r.items);

/** POST /api/v1/promotions/events: impressions of featured festivals, or a click on one (204). */
export const campaignEvents = (ids: number[], kind: 'view' | 'click') =>
  request<void>('POST', '/api/v1/promotions/events', { ids, kind });
