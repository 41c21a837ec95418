import { request, type Page } from './client';
import type { Ticket } from './tickets';

/**
 * GET /api/v1/tickets?page=: my tickets, upcoming first (the tickets page
 * and the header call it). Kept apart from the tickets client so that the
 * header, which asks whether a signed-in user has any, carries only this call.
 */
export const myTickets = (page = 1) => request<Page<Ticket>>('GET', `/api/v1/tickets?page=${page}`);
