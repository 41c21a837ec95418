import { describe, expect, it } from 'vitest';
import type { TicketType, VoucherQuote } from '../../api/ticketOffers';
import { initialQuantities, maxFor, missingNames, orderTotal, setQuantity, subtotalCents, toItems, totalSeats } from './order';

const full: TicketType = { id: 3, name: '', priceCents: 1500, quota: null, default: true, remaining: 8 };
const conc: TicketType = { id: 5, name: 'Concession', priceCents: 1000, quota: 4, default: false, remaining: 2 };
const guest: TicketType = { id: 9, name: 'Guest', priceCents: 0, quota: 1, default: false, remaining: 1 };
const types = [full, conc, guest];

describe('ticket type quantities', () => {
  it('bounds each type by its own rest, the screening rest and the order limit', () => {
    expect(maxFor(conc, {}, 8)).toBe(2);
    expect(maxFor(full, { 5: 2 }, 8)).toBe(6);
    expect(maxFor(full, { 5: 2, 9: 1 }, 20)).toBe(7);
    expect(maxFor(full, { 5: 2 }, 3)).toBe(1);
    expect(maxFor(guest, { 3: 10 }, 20)).toBe(0);
  });

  it('clamps a typed quantity', () => {
    expect(setQuantity({}, 5, 7, 2)).toEqual({ 5: 2 });
    expect(setQuantity({ 5: 2 }, 5, -1, 2)).toEqual({ 5: 0 });
    expect(setQuantity({}, 5, Number.NaN, 2)).toEqual({ 5: 0 });
    expect(totalSeats({ 3: 2, 5: 1, 9: 0 })).toBe(3);
  });

  it('totals the seats at their prices and applies a quote only to the same choice', () => {
    const q = { 3: 2, 5: 1, 9: 1 };
    const sub = subtotalCents(types, q);
    expect(sub).toBe(4000);
    const quote: VoucherQuote = { code: 'HALF', kind: 'percent', value: 50, subtotalCents: 4000, discountCents: 2000, totalCents: 2000 };
    expect(orderTotal(sub, quote)).toEqual({ subtotal: 4000, discount: 2000, total: 2000 });
    expect(orderTotal(subtotalCents(types, { 3: 1 }), quote)).toEqual({ subtotal: 1500, discount: 0, total: 1500 });
    expect(orderTotal(sub, null).total).toBe(4000);
  });

  it('builds the request in type order with one trimmed name per seat', () => {
    const items = toItems(types, { 5: 2, 3: 1 }, { 5: [' Aiko ', 'Ben'], 3: ['Chen', 'extra'] }, 'required');
    expect(items).toEqual([
      { ticketTypeId: 3, quantity: 1, attendees: ['Chen'] },
      { ticketTypeId: 5, quantity: 2, attendees: ['Aiko', 'Ben'] },
    ]);
    expect(missingNames(items, 'required')).toBe(false);
    const short = toItems(types, { 5: 2 }, { 5: ['Aiko'] }, 'required');
    expect(missingNames(short, 'required')).toBe(true);
    expect(missingNames(short, 'optional')).toBe(false);
    expect(toItems(types, { 5: 1 }, { 5: ['Aiko'] }, 'off')).toEqual([{ ticketTypeId: 5, quantity: 1, attendees: [] }]);
  });

  it('starts with one seat of the first type that has seats', () => {
    expect(initialQuantities([{ ...full, remaining: 0 }, conc], 5)).toEqual({ 5: 1 });
    expect(initialQuantities(types, 0)).toEqual({});
  });
});
