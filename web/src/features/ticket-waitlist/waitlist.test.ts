import { describe, expect, it } from 'vitest';
import type { WaitlistEntry } from '../../api/ticketDoor';
import { formatWhen, minutesLeft, offerOpen, waitlistView } from './waitlist';

const entry = (status: WaitlistEntry['status']): WaitlistEntry => ({
  id: 1,
  screeningId: 2,
  quantity: 1,
  status,
  ahead: 0,
  offerExpiresAt: null,
  createdAt: '2026-03-10T12:00:00Z',
});

describe('waitlistView', () => {
  it('offers to join without an open entry', () => {
    expect(waitlistView(null)).toBe('join');
    expect(waitlistView(entry('lapsed'))).toBe('join');
    expect(waitlistView(entry('left'))).toBe('join');
    expect(waitlistView(entry('claimed'))).toBe('join');
  });
  it('tells waiting from offered', () => {
    expect(waitlistView(entry('waiting'))).toBe('waiting');
    expect(waitlistView(entry('offered'))).toBe('offered');
  });
});

describe('minutesLeft and offerOpen', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('rounds up and stops at zero', () => {
    expect(minutesLeft('2026-03-10T12:00:01Z', now)).toBe(1);
    expect(minutesLeft('2026-03-10T12:30:00Z', now)).toBe(30);
    expect(minutesLeft('2026-03-10T11:59:00Z', now)).toBe(0);
  });
  it('closes an offer at its deadline or once it is no longer offered', () => {
    expect(offerOpen({ status: 'offered', expiresAt: '2026-03-10T12:10:00Z' }, now)).toBe(true);
    expect(offerOpen({ status: 'offered', expiresAt: '2026-03-10T12:00:00Z' }, now)).toBe(false);
    expect(offerOpen({ status: 'claimed', expiresAt: '2026-03-10T12:10:00Z' }, now)).toBe(false);
  });
});

describe('formatWhen', () => {
  it('writes the time in the festival zone', () => {
    expect(formatWhen('2026-03-15T10:30:00Z', 'en-GB', 'Asia/Tokyo')).toContain('19:30');
  });
});
