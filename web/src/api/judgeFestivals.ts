import { api, unwrap } from './client';

/**
 * GET /api/v1/judge/festivals: the festivals I judge (the judge's pages and
 * the header call it). Kept apart from the judging client so that the header, which shows the
 * Judging link from it, carries only this call.
 */
export const judgeFestivals = () => unwrap(api.GET('/api/v1/judge/festivals')).then((r) => r.items ?? []);
