import type { Screening, Ticket, TicketOrder } from '../../api/tickets';

/** screening builds a public Screening answer with sensible defaults (on sale, 12 left). */
export function screening(over: Partial<Screening> = {}): Screening {
  return {
    id: 7,
    festivalSlug: 'kyoto-shorts',
    festivalName: 'Kyoto Shorts',
    title: 'Opening night',
    submissionId: null,
    venue: 'Kyoto Cinema, Hall 1',
    startsAt: '2030-06-05T10:00:00Z',
    endsAt: '2030-06-05T12:00:00Z',
    timeZone: 'Asia/Tokyo',
    capacity: 100,
    priceCents: 1250,
    currency: 'usd',
    salesStartAt: '2020-01-01T00:00:00Z',
    salesEndAt: '2030-06-05T10:00:00Z',
    status: 'scheduled',
    remaining: 12,
    onSale: true,
    soldOut: false,
    ...over,
  };
}

/** ticket builds a Ticket answer. */
export function ticket(over: Partial<Ticket> = {}): Ticket {
  return {
    id: 31,
    orderId: 5,
    code: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    status: 'valid',
    checkedInAt: null,
    holderName: 'Aiko Tanaka',
    holderEmail: 'aiko@example.com',
    screening: screening(),
    ...over,
  };
}

/** order builds a TicketOrder answer: pending, held for ten minutes from now. */
export function order(over: Partial<TicketOrder> = {}): TicketOrder {
  return {
    id: 5,
    screening: screening(),
    quantity: 2,
    amountCents: 2500,
    currency: 'usd',
    status: 'pending',
    holdExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    failureMessage: '',
    provider: 'test',
    createdAt: new Date().toISOString(),
    paidAt: null,
    tickets: [],
    ...over,
  };
}
