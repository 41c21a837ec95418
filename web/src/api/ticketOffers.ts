import { api, unwrap, type Schemas } from './client';
import { buyerTaxBody, emptyBuyerTax, type BuyerTax } from './buyerTax';

/** A kind of seat of a screening; the default type has no name and the screening's price. */
export type TicketType = Schemas['TicketType'];

/** A ticket type with its counters, for its organiser. */
export type ManagedTicketType = Schemas['ManagedTicketType'];

export type TicketTypeInput = Schemas['TicketTypeInput'];

export type AttendeeNames = Schemas['AttendeeNames'];

/** Seats of one type in an order, with the attendees' names (one per seat, or none). */
export type OrderItem = Schemas['OrderItem'];

export type OrderLine = Schemas['OrderLine'];

export type VoucherKind = Schemas['VoucherKind'];

/** A festival's discount code with its use. */
export type Voucher = Schemas['Voucher'];

/** The organiser's voucher form: days are local YYYY-MM-DD, "" for no bound. */
export type VoucherInput = Schemas['VoucherInput'];

/** What a code does to an order. */
export type VoucherQuote = Schemas['VoucherQuote'];

/** A screening's order as its organiser lists it. */
export type OrganiserOrder = Schemas['OrganiserOrder'];

const screening = (slug: string, id: number) => ({ params: { path: { slug, id } } });
const typeAt = (slug: string, id: number, typeId: number) => ({ params: { path: { slug, id, typeId } } });

/** The query keys of these calls. */
export const ticketTypesKey = (slug: string, screeningId: number) => ['ticket-types', slug, screeningId] as const;
export const screeningOrdersKey = (slug: string, screeningId: number) => ['screening-orders', slug, screeningId] as const;
/** The managed screenings as the ticket offers page lists them. */
export const offerScreeningsKey = (slug: string) => ['screenings', slug] as const;
export const vouchersKey = (slug: string) => ['vouchers', slug] as const;

/** Ticket types, attendee names, vouchers and a screening's orders (organiser); the buyer's code check and order. */
export const ticketOffersApi = {
  types: (slug: string, screeningId: number) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types', screening(slug, screeningId))),
  createType: (slug: string, screeningId: number, input: TicketTypeInput) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types', { ...screening(slug, screeningId), body: input })),
  updateType: (slug: string, screeningId: number, typeId: number, input: TicketTypeInput) =>
    unwrap(
      api.PUT('/api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types/{typeId}', {
        ...typeAt(slug, screeningId, typeId),
        body: input,
      }),
    ),
  deleteType: (slug: string, screeningId: number, typeId: number) =>
    unwrap(api.DELETE('/api/v1/manage/festivals/{slug}/screenings/{id}/ticket-types/{typeId}', typeAt(slug, screeningId, typeId))),
  setAttendeeNames: (slug: string, screeningId: number, attendeeNames: AttendeeNames) =>
    unwrap(
      api.PUT('/api/v1/manage/festivals/{slug}/screenings/{id}/attendee-names', {
        ...screening(slug, screeningId),
        body: { attendeeNames },
      }),
    ),
  orders: (slug: string, screeningId: number) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/screenings/{id}/orders', screening(slug, screeningId))),
  vouchers: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/vouchers', { params: { path: { slug } } })),
  createVoucher: (slug: string, input: VoucherInput) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/vouchers', { params: { path: { slug } }, body: input })),
  disableVoucher: (slug: string, id: number) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/vouchers/{id}/disable', screening(slug, id))),
  /** POST /api/v1/voucher-checks: the total with a code, or a 400 saying why under fields.voucherCode. */
  checkVoucher: (screeningId: number, code: string, items: OrderItem[]) =>
    unwrap(api.POST('/api/v1/voucher-checks', { body: { screeningId, code, items } })),
  /** POST /api/v1/ticket-orders with seats per type. */
  createOrder: (screeningId: number, items: OrderItem[], voucherCode: string, buyer: BuyerTax = emptyBuyerTax) =>
    unwrap(api.POST('/api/v1/ticket-orders', { body: { screeningId, items, voucherCode, ...buyerTaxBody(buyer) } })),
};
