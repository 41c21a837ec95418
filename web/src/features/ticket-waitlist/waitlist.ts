import type { WaitlistEntry, WaitlistOffer } from '../../api/ticketDoor';

/** What the waiting-list page shows for the buyer's entry (or none). */
export type WaitlistView = 'join' | 'waiting' | 'offered';

/** waitlistView says which state the page is in: no entry yet, waiting in line, or an offer to take. */
export function waitlistView(entry: WaitlistEntry | null | undefined): WaitlistView {
  if (!entry || entry.status === 'left' || entry.status === 'lapsed' || entry.status === 'claimed') return 'join';
  return entry.status === 'offered' ? 'offered' : 'waiting';
}

/** minutesLeft is the whole minutes until iso (0 once passed), rounded up so that "1 minute" shows until the end. */
export function minutesLeft(iso: string, now = Date.now()): number {
  const ms = new Date(iso).getTime() - now;
  return ms <= 0 ? 0 : Math.ceil(ms / 60000);
}

/** offerOpen says whether an offer can still be taken at now. */
export function offerOpen(offer: Pick<WaitlistOffer, 'status' | 'expiresAt'>, now = Date.now()): boolean {
  return offer.status === 'offered' && minutesLeft(offer.expiresAt, now) > 0;
}

/** formatWhen writes an instant in the festival's zone, in the page's language. */
export function formatWhen(iso: string, lang: string, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
