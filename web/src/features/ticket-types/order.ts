import type { AttendeeNames, OrderItem, TicketType, VoucherQuote } from '../../api/ticketOffers';

/** The most tickets one order can hold (marquee.TicketOrderMax). */
export const orderMax = 10;

/** Seats chosen per ticket type id. */
export type Quantities = Record<number, number>;

/** Attendee names typed per ticket type id, one per seat. */
export type Names = Record<number, string[]>;

/** totalSeats is the seats chosen over every type. */
export function totalSeats(q: Quantities): number {
  return Object.values(q).reduce((sum, n) => sum + (n > 0 ? n : 0), 0);
}

/**
 * maxFor is the most seats of type t a buyer may choose given the other
 * types' choices: its own remaining seats, the screening's remaining seats
 * and the order's limit, less what the other types take.
 */
export function maxFor(t: TicketType, q: Quantities, screeningRemaining: number): number {
  const others = totalSeats(q) - (q[t.id] ?? 0);
  return Math.max(0, Math.min(t.remaining, screeningRemaining - others, orderMax - others));
}

/** setQuantity returns q with type id's seats set to n, clamped to 0..max. */
export function setQuantity(q: Quantities, id: number, n: number, max: number): Quantities {
  const v = Number.isFinite(n) ? Math.max(0, Math.min(Math.trunc(n), max)) : 0;
  return { ...q, [id]: v };
}

/** subtotalCents is the chosen seats at their types' prices. */
export function subtotalCents(types: TicketType[], q: Quantities): number {
  return types.reduce((sum, t) => sum + t.priceCents * Math.max(0, q[t.id] ?? 0), 0);
}

/**
 * toItems is the order's request: the chosen types in id order (the
 * server's), each with its attendees' names (none when the screening asks
 * for none), trimmed and one per seat.
 */
export function toItems(types: TicketType[], q: Quantities, names: Names, mode: AttendeeNames): OrderItem[] {
  return types
    .filter((t) => (q[t.id] ?? 0) > 0)
    .sort((a, b) => a.id - b.id)
    .map((t) => {
      const n = q[t.id] ?? 0;
      const typed = names[t.id] ?? [];
      const attendees = mode === 'off' ? [] : Array.from({ length: n }, (_, i) => (typed[i] ?? '').trim());
      return { ticketTypeId: t.id, quantity: n, attendees };
    });
}

/** missingNames reports whether a required attendee name is empty. */
export function missingNames(items: OrderItem[], mode: AttendeeNames): boolean {
  return mode === 'required' && items.some((it) => (it.attendees ?? []).length < it.quantity || (it.attendees ?? []).some((a) => a === ''));
}

/**
 * orderTotal is what the buyer sees: the subtotal, and the voucher's
 * discount while its quote is for this very choice (same subtotal).
 */
export function orderTotal(subtotal: number, quote: VoucherQuote | null): { subtotal: number; discount: number; total: number } {
  if (quote && quote.subtotalCents === subtotal) {
    return { subtotal, discount: quote.discountCents, total: quote.totalCents };
  }
  return { subtotal, discount: 0, total: subtotal };
}

/** initialQuantities picks one seat of the first type that has any left. */
export function initialQuantities(types: TicketType[], screeningRemaining: number): Quantities {
  const first = types.find((t) => t.remaining > 0);
  return first && screeningRemaining > 0 ? { [first.id]: 1 } : {};
}
