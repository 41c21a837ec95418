import { api, unwrap, type Schemas } from './client';

/**
 * The home page's 'Featured festivals' strip's calls, kept apart from the
 * promotion and analytics clients (which do not import them back) so that
 * the strip carries only these.
 */

/** GET /api/v1/promotions/featured. */
export const featuredFestivals = () => unwrap(api.GET('/api/v1/promotions/featured')).then((r) => r.items);

/** POST /api/v1/promotions/events: impressions of featured festivals, or a click on one (204). */
export const campaignEvents = (ids: number[], kind: Schemas['CampaignEventKind']) =>
  unwrap(api.POST('/api/v1/promotions/events', { body: { ids, kind } }));
