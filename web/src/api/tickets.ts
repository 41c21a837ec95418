import { api, unwrap, type Schemas } from './client';
import { buyerTaxBody, emptyBuyerTax, type BuyerTax } from './buyerTax';

/** A screening as everyone sees it. Instants are RFC 3339 UTC; timeZone is the festival's IANA zone. */
export type Screening = Schemas['Screening'];

/** A screening with its sales figures and local times, for its organiser. */
export type ManagedScreening = Schemas['ManagedScreening'];

/** What the screening form sends: local "YYYY-MM-DDTHH:MM" times in the festival's zone, cents. */
export type ScreeningInput = Schemas['ScreeningInput'];

export type TicketStatus = Schemas['TicketStatus'];

/** One admission; code is the secret the QR code holds. */
export type Ticket = Schemas['Ticket'];

export type TicketOrderStatus = Schemas['TicketOrderStatus'];

/** A buyer's order: seats held until holdExpiresAt while pending, tickets once paid. */
export type TicketOrder = Schemas['TicketOrder'];

/** POST /ticket-orders/{id}/pay. */
export type TicketPayInput = Schemas['TicketPayRequest'];

export type CheckInOutcome = Schemas['CheckInOutcome'];

/** The door's answer to one scan. */
export type CheckInResult = Schemas['CheckInResult'];

/** A screening as the door's select shows it. */
export type DoorScreening = Schemas['CheckInInfo']['screenings'][number];

/** GET /manage/festivals/{slug}/check-in. */
export type CheckInInfo = Schemas['CheckInInfo'];

/** A ticket holder found by name or e-mail at the door. */
export type Holder = Schemas['Holder'];

/** One of the festival's door staff. */
export type DoorStaffMember = Schemas['DoorStaffMember'];

const slugParam = (slug: string) => ({ params: { path: { slug } } });
const at = (slug: string, id: number) => ({ params: { path: { slug, id } } });
const idParam = (id: number | string) => ({ params: { path: { id: Number(id) } } });

/** The buyer's calls and the public screening lists. */
export const ticketsApi = {
  /** GET /api/v1/festivals/{slug}/screenings: scheduled screenings that have not ended. */
  festivalScreenings: (slug: string) => unwrap(api.GET('/api/v1/festivals/{slug}/screenings', slugParam(slug))),
  /** GET /api/v1/screenings/{id}. */
  screening: (id: number | string) => unwrap(api.GET('/api/v1/screenings/{id}', idParam(id))),
  /** POST /api/v1/ticket-orders: holds the seats for 10 minutes (a free screening is paid at once). */
  createOrder: (screeningId: number, quantity: number, buyer: BuyerTax = emptyBuyerTax, voucherCode = '') =>
    unwrap(
      api.POST('/api/v1/ticket-orders', {
        body: { screeningId, quantity, ...buyerTaxBody(buyer), ...(voucherCode.trim() ? { voucherCode: voucherCode.trim() } : {}) },
      }),
    ),
  /** POST /api/v1/ticket-orders/{id}/pay. */
  pay: (id: number, input: TicketPayInput) => unwrap(api.POST('/api/v1/ticket-orders/{id}/pay', { ...idParam(id), body: input })),
  /** POST /api/v1/ticket-orders/{id}/confirm, after Stripe confirmed the payment. */
  confirm: (id: number) => unwrap(api.POST('/api/v1/ticket-orders/{id}/confirm', idParam(id))),
  /** POST /api/v1/ticket-orders/{id}/cancel: releases the hold. */
  cancel: (id: number) => unwrap(api.POST('/api/v1/ticket-orders/{id}/cancel', idParam(id))),
  /** GET /api/v1/ticket-orders/{id}. */
  order: (id: number | string) => unwrap(api.GET('/api/v1/ticket-orders/{id}', idParam(id))),
  /** GET /api/v1/tickets/{id}. */
  ticket: (id: number | string) => unwrap(api.GET('/api/v1/tickets/{id}', idParam(id))),
  /** The address of a ticket's calendar file. */
  calendarUrl: (id: number) => `/api/v1/tickets/${id}/calendar.ics`,
  /** The address of a ticket's PDF (QR code, screening, holder), for its owner only. */
  pdfUrl: (id: number) => `/api/v1/tickets/${id}/ticket.pdf`,
};

/** The organiser's screening, time-zone and door-staff calls. */
export const screeningsApi = {
  /** timeZoneChosen is false while the festival keeps the zone of its country and city (marquee.DefaultTimeZone). */
  list: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/screenings', slugParam(slug))),
  create: (slug: string, input: ScreeningInput) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/screenings', { ...slugParam(slug), body: input })),
  update: (slug: string, id: number, input: ScreeningInput) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/screenings/{id}', { ...at(slug, id), body: input })),
  cancel: (slug: string, id: number) => unwrap(api.POST('/api/v1/manage/festivals/{slug}/screenings/{id}/cancel', at(slug, id))),
  setTimeZone: (slug: string, timeZone: string) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/time-zone', { ...slugParam(slug), body: { timeZone } })),
  /** setCurrency sets the festival's ticket currency (usd, eur, jpy, cny); refused once tickets are sold. */
  setCurrency: (slug: string, currency: string) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/currency', { ...slugParam(slug), body: { currency } })),
  films: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/screening-films', slugParam(slug))),
  doorStaff: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/door-staff', slugParam(slug))),
  addDoorStaff: (slug: string, email: string) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/door-staff', { ...slugParam(slug), body: { email } })),
  removeDoorStaff: (slug: string, userId: number) =>
    unwrap(api.DELETE('/api/v1/manage/festivals/{slug}/door-staff/{userId}', { params: { path: { slug, userId } } })),
};

/** The door's calls. */
export const checkInApi = {
  info: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/check-in', slugParam(slug))),
  byCode: (slug: string, screeningId: number, code: string) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/check-in', { ...slugParam(slug), body: { screeningId, code } })),
  byTicket: (slug: string, screeningId: number, ticketId: number) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/check-in', { ...slugParam(slug), body: { screeningId, ticketId } })),
  holders: (slug: string, q: string, screeningId: number) =>
    unwrap(
      api.GET('/api/v1/manage/festivals/{slug}/check-in/holders', { params: { path: { slug }, query: { q, screeningId } } }),
    ),
};
