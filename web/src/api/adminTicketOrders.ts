import { api, unwrap, type Schemas } from './client';

/** Where a ticket order stands (marquee.TicketOrderStatus). */
export type TicketOrderStatus = Schemas['TicketOrderStatus'];

/** A ticket order as admins list it (marquee.AdminTicketOrder; refundable: a paid order with a price). */
export type AdminTicketOrder = Schemas['AdminTicketOrder'];

export const adminTicketOrdersApi = {
  /** GET /api/v1/admin/ticket-orders?status=&page= (admins only), newest first, 20 a page. */
  list: (page: number, status = 'all') =>
    unwrap(api.GET('/api/v1/admin/ticket-orders', { params: { query: { status, page } } })),
  /**
   * POST /api/v1/admin/ticket-orders/{id}/refund (admins only): the whole order, as a
   * cancelled screening's; 409 when it is not refundable, 503 when the provider did not
   * confirm (the order stays paid; refunding again retries).
   */
  refund: (id: number) =>
    unwrap(api.POST('/api/v1/admin/ticket-orders/{id}/refund', { params: { path: { id } } })).then((r) => r.order),
};
