/**
 * Cookie consent: the visitor's choice lives in the first-party cookie
 * `marquee_consent` (never in local storage, which holds only
 * `selectedLanguage`). The value is `v1.a<0|1>.p<0|1>`: format version,
 * analytics and preference cookies. Essential cookies need no consent.
 */
import { useCallback, useSyncExternalStore } from 'react';

export const consentCookieName = 'marquee_consent';
/** 180 days, in seconds. */
export const consentMaxAgeSeconds = 180 * 24 * 60 * 60;

export interface Consent {
  analytics: boolean;
  preferences: boolean;
}

/** What applies before the visitor chooses: essential cookies only. */
export const defaultConsent: Consent = { analytics: false, preferences: false };
export const allConsent: Consent = { analytics: true, preferences: true };

const pattern = /^v1\.a([01])\.p([01])$/;

/** parseConsent reads a cookie value; null when it is missing or not a value Marquee wrote. */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (!value) return null;
  const m = pattern.exec(value.trim());
  if (!m) return null;
  return { analytics: m[1] === '1', preferences: m[2] === '1' };
}

/** serializeConsent writes the cookie value for a choice. */
export function serializeConsent(consent: Consent): string {
  return `v1.a${consent.analytics ? 1 : 0}.p${consent.preferences ? 1 : 0}`;
}

/** cookieValue returns the raw value of one cookie in a `document.cookie` string. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** readConsent returns the stored choice, or null when the visitor has not chosen (or the cookie is invalid). */
export function readConsent(cookies: string = typeof document === 'undefined' ? '' : document.cookie): Consent | null {
  return parseConsent(cookieValue(cookies, consentCookieName));
}

/** consentCookie builds the Set-Cookie style string that stores a choice. */
export function consentCookie(consent: Consent, secure = false): string {
  const parts = [
    `${consentCookieName}=${serializeConsent(consent)}`,
    'path=/',
    `max-age=${consentMaxAgeSeconds}`,
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

const listeners = new Set<() => void>();

/** writeConsent stores a choice in the cookie and tells every mounted useConsent. */
export function writeConsent(consent: Consent): void {
  document.cookie = consentCookie(consent, window.location.protocol === 'https:');
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

// The snapshot is the serialized choice (a string, so React compares it by value).
function snapshot(): string {
  const consent = readConsent();
  return consent ? serializeConsent(consent) : '';
}

export interface ConsentState {
  /** The stored choice; null until the visitor has chosen. */
  consent: Consent | null;
  /** The choice in force: the stored one, else essential only. */
  effective: Consent;
  /** Whether the visitor has made a choice (the banner hides once they have). */
  decided: boolean;
  save: (consent: Consent) => void;
  acceptAll: () => void;
  essentialOnly: () => void;
}

/**
 * useConsent gives components the current choice and ways to change it. All
 * mounted users (the banner, the /cookies page) update together; no provider
 * is needed because the cookie itself is the store.
 */
export function useConsent(): ConsentState {
  const value = useSyncExternalStore(subscribe, snapshot, () => '');
  const consent = parseConsent(value);
  const save = useCallback((c: Consent) => writeConsent(c), []);
  const acceptAll = useCallback(() => writeConsent(allConsent), []);
  const essentialOnly = useCallback(() => writeConsent(defaultConsent), []);
  return { consent, effective: consent ?? defaultConsent, decided: consent !== null, save, acceptAll, essentialOnly };
}
