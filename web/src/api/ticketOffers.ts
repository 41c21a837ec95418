import { request } from './client';
import type { TicketOrder, TicketOrderStatus } from './tickets';

/** A kind of seat of a screening; the default type has no name and the screening's price. */
export interface TicketType {
  id: number;
  name: string;
  priceCents: number;
  /** The most seats of this type; null for none of its own (0 stops its sales). */
  quota: number | null;
  default: boolean;
  /** Seats of this type still for sale (never more than the screening's). */
  remaining: number;
}

/** A ticket type with its counters, for its organiser. */
export interface ManagedTicketType extends TicketType {
  sold: number;
  held: number;
}

export interface TicketTypeInput {
  name: string;
  priceCents: number;
  quota: number | null;
}

export type AttendeeNames = 'off' | 'optional' | 'required';

/** Seats of one type in an order, with the attendees' names (one per seat, or none). */
export interface OrderItem {
  ticketTypeId: number;
  quantity: number;
  attendees: string[];
}

export interface OrderLine {
  ticketTypeId: number;
  name: string;
  quantity: number;
  priceCents: number;
}

export type VoucherKind = 'percent' | 'fixed' | 'free';

/** A festival's discount code with its use. */
export interface Voucher {
  id: number;
  code: string;
  kind: VoucherKind;
  /** The percentage, or cents off (fixed); 0 for a free ticket. */
  value: number;
  usageLimit: number;
  used: number;
  validFrom: string | null;
  validUntil: string | null;
  disabledAt: string | null;
  screeningIds: number[];
  typeNames: string[];
  createdAt: string;
}

/** The organiser's voucher form: days are local YYYY-MM-DD, "" for no bound. */
export interface VoucherInput {
  code: string;
  kind: VoucherKind;
  value: number;
  usageLimit: number;
  validFrom: string;
  validUntil: string;
  screeningIds: number[];
  typeNames: string[];
}

/** What a code does to an order. */
export interface VoucherQuote {
  code: string;
  kind: VoucherKind;
  value: number;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
}

/** A screening's order as its organiser lists it. */
export interface OrganiserOrder {
  id: number;
  buyerName: string;
  buyerEmail: string;
  status: TicketOrderStatus;
  quantity: number;
  amountCents: number;
  discountCents: number;
  voucherCode: string;
  lines: OrderLine[];
  attendees: string[];
  createdAt: string;
}

const enc = encodeURIComponent;
const manage = (slug: string) => `/api/v1/manage/festivals/${enc(slug)}`;

/** Ticket types, attendee names, vouchers and a screening's orders (organiser); the buyer's code check and order. */
export const ticketOffersApi = {
  types: (slug: string, screeningId: number) =>
    request<ManagedTicketType[]>('GET', `${manage(slug)}/screenings/${screeningId}/ticket-types`),
  createType: (slug: string, screeningId: number, input: TicketTypeInput) =>
    request<ManagedTicketType>('POST', `${manage(slug)}/screenings/${screeningId}/ticket-types`, input),
  updateType: (slug: string, screeningId: number, typeId: number, input: TicketTypeInput) =>
    request<ManagedTicketType>('PUT', `${manage(slug)}/screenings/${screeningId}/ticket-types/${typeId}`, input),
  deleteType: (slug: string, screeningId: number, typeId: number) =>
    request<void>('DELETE', `${manage(slug)}/screenings/${screeningId}/ticket-types/${typeId}`),
  setAttendeeNames: (slug: string, screeningId: number, attendeeNames: AttendeeNames) =>
    request<{ attendeeNames: AttendeeNames }>('PUT', `${manage(slug)}/screenings/${screeningId}/attendee-names`, { attendeeNames }),
  orders: (slug: string, screeningId: number) =>
    request<OrganiserOrder[]>('GET', `${manage(slug)}/screenings/${screeningId}/orders`),
  vouchers: (slug: string) => request<Voucher[]>('GET', `${manage(slug)}/vouchers`),
  createVoucher: (slug: string, input: VoucherInput) => request<Voucher>('POST', `${manage(slug)}/vouchers`, input),
  disableVoucher: (slug: string, id: number) => request<Voucher>('POST', `${manage(slug)}/vouchers/${id}/disable`),
  /** POST /api/v1/voucher-checks: the total with a code, or a 400 saying why under fields.voucherCode. */
  checkVoucher: (screeningId: number, code: string, items: OrderItem[]) =>
    request<VoucherQuote>('POST', '/api/v1/voucher-checks', { screeningId, code, items }),
  /** POST /api/v1/ticket-orders with seats per type. */
  createOrder: (screeningId: number, items: OrderItem[], voucherCode: string) =>
    request<TicketOrder>('POST', '/api/v1/ticket-orders', { screeningId, items, voucherCode }),
};
