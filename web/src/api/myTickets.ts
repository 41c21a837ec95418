import { api, unwrap } from './client';

/**
 * GET /api/v1/tickets?page=: my tickets, upcoming first (the tickets page
 * and the header call it). Kept apart from the tickets client so that the
 * header, which asks whether a signed-in user has any, carries only this call.
 */
export const myTickets = (page = 1) => unwrap(api.GET('/api/v1/tickets', { params: { query: { page } } }));
