import { request, type Page } from './client';

/** Where a ticket order stands (marquee.TicketOrderStatus). */
export type TicketOrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

/** A ticket order as admins list it (marquee.AdminTicketOrder). */
export interface AdminTicketOrder {
  id: number;
  userId: number;
  userEmail: string;
  festivalSlug: string;
  festivalName: string;
  screeningId: number;
  screeningTitle: string;
  startsAt: string;
  quantity: number;
  amountCents: number;
  currency: string;
  status: TicketOrderStatus;
  failureMessage: string;
  provider: string;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  /** A paid order with a price (marquee.TicketOrderRefundable). */
  refundable: boolean;
}

export const adminTicketOrdersApi = {
  /** GET /api/v1/admin/ticket-orders?status=&page= (admins only), newest first, 20 a page. */
  list: (page: number, status = 'all') =>
    request<Page<AdminTicketOrder>>('GET', `/api/v1/admin/ticket-orders?${new URLSearchParams({ status, page: String(page) })}`),
  /**
   * POST /api/v1/admin/ticket-orders/{id}/refund (admins only): the whole order, as a
   * cancelled screening's; 409 when it is not refundable, 503 when the provider did not
   * confirm (the order stays paid; refunding again retries).
   */
  refund: (id: number) =>
    request<{ order: AdminTicketOrder }>('POST', `/api/v1/admin/ticket-orders/${id}/refund`).then((r) => r.order),
};
