import { api, unwrap, type Schemas } from './client';

/** A guest's new order and the token of its link (shown once). */
export type GuestOrderResult = Schemas['GuestOrderResult'];

/** What a visitor's waiting-list link shows: the screening, the seats and the place. */
export type GuestWaitlistEntry = Schemas['GuestWaitlistEntry'];

const tokenParam = (token: string) => ({ params: { path: { token } } });

/** The calls of visitors without an account: guest orders by their link's token, and the guest waiting list. */
export const guestTicketsApi = {
  /** POST /api/v1/guest/ticket-orders: holds the seats for 10 minutes for a name and an address. */
  createOrder: (screeningId: number, quantity: number, name: string, email: string) =>
    unwrap(api.POST('/api/v1/guest/ticket-orders', { body: { screeningId, quantity, name, email } })),
  /** GET /api/v1/guest/orders/{token}: 404 when the link is wrong or the screening has ended. */
  order: (token: string) => unwrap(api.GET('/api/v1/guest/orders/{token}', tokenParam(token))),
  /** POST /api/v1/guest/orders/{token}/pay. */
  pay: (token: string, input: Schemas['TicketPayRequest']) =>
    unwrap(api.POST('/api/v1/guest/orders/{token}/pay', { ...tokenParam(token), body: input })),
  /** POST /api/v1/guest/orders/{token}/confirm, after Stripe confirmed the payment. */
  confirm: (token: string) => unwrap(api.POST('/api/v1/guest/orders/{token}/confirm', tokenParam(token))),
  /** POST /api/v1/guest/orders/{token}/cancel: releases the hold. */
  cancel: (token: string) => unwrap(api.POST('/api/v1/guest/orders/{token}/cancel', tokenParam(token))),
  /** POST /api/v1/guest/orders/{token}/self-cancel: a paid order cancelled and refunded by the festival's rule. */
  selfCancel: (token: string) => unwrap(api.POST('/api/v1/guest/orders/{token}/self-cancel', tokenParam(token))),
  /** The address of a guest ticket's PDF. */
  pdfUrl: (token: string, id: number) => `/api/v1/guest/orders/${encodeURIComponent(token)}/tickets/${id}/ticket.pdf`,
  /** The address of a guest ticket's calendar file. */
  calendarUrl: (token: string, id: number) => `/api/v1/guest/orders/${encodeURIComponent(token)}/tickets/${id}/calendar.ics`,
  /** POST /api/v1/tickets/claim-guest-orders: the signed-in, confirmed address takes its guest orders over. */
  claim: () => unwrap(api.POST('/api/v1/tickets/claim-guest-orders')),
  /** POST /api/v1/guest/screenings/{id}/waitlist: e-mails the link that confirms the place. */
  joinWaitlist: (screeningId: number, email: string, quantity: number) =>
    unwrap(api.POST('/api/v1/guest/screenings/{id}/waitlist', { params: { path: { id: screeningId } }, body: { email, quantity } })),
  /** POST /api/v1/guest/waitlist/{token}/confirm: joins the queue (once) and answers the place. */
  confirmWaitlist: (token: string) => unwrap(api.POST('/api/v1/guest/waitlist/{token}/confirm', tokenParam(token))),
  /** POST /api/v1/guest/waitlist/{token}/leave. */
  leaveWaitlist: (token: string) => unwrap(api.POST('/api/v1/guest/waitlist/{token}/leave', tokenParam(token))),
  /** GET /api/v1/guest/waitlist-offers/{token}. */
  offer: (token: string) => unwrap(api.GET('/api/v1/guest/waitlist-offers/{token}', tokenParam(token))),
  /** POST /api/v1/guest/waitlist-offers/{token}/claim: the held seats become the visitor's pending guest order. */
  claimOffer: (token: string, name: string) =>
    unwrap(api.POST('/api/v1/guest/waitlist-offers/{token}/claim', { ...tokenParam(token), body: { name } })),
};
