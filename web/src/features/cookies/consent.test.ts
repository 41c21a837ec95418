import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  consentCookie,
  consentCookieName,
  consentMaxAgeSeconds,
  cookieValue,
  defaultConsent,
  parseConsent,
  readConsent,
  serializeConsent,
  useConsent,
  writeConsent,
} from './consent';

function clearConsentCookie() {
  document.cookie = `${consentCookieName}=; path=/; max-age=0`;
}

afterEach(() => {
  clearConsentCookie();
  window.localStorage.clear();
});

describe('consent cookie value', () => {
  it('serializes every choice as v1.a<0|1>.p<0|1>', () => {
    expect(serializeConsent({ analytics: false, preferences: false })).toBe('v1.a0.p0');
    expect(serializeConsent({ analytics: true, preferences: false })).toBe('v1.a1.p0');
    expect(serializeConsent({ analytics: false, preferences: true })).toBe('v1.a0.p1');
    expect(serializeConsent({ analytics: true, preferences: true })).toBe('v1.a1.p1');
  });

  it('parses what it writes', () => {
    for (const analytics of [false, true]) {
      for (const preferences of [false, true]) {
        expect(parseConsent(serializeConsent({ analytics, preferences }))).toEqual({ analytics, preferences });
      }
    }
  });

  it('treats a missing or invalid value as no choice', () => {
    for (const value of [null, undefined, '', 'yes', 'v1.a1', 'v2.a1.p1', 'v1.a2.p0', 'v1.a1.p1.x', 'V1.A1.P1', 'true']) {
      expect(parseConsent(value), String(value)).toBeNull();
    }
  });

  it('defaults to essential cookies only', () => {
    expect(defaultConsent).toEqual({ analytics: false, preferences: false });
  });
});

describe('reading and writing the cookie', () => {
  it('finds the consent cookie among others', () => {
    expect(cookieValue('a=1; marquee_consent=v1.a1.p0; b=2', consentCookieName)).toBe('v1.a1.p0');
    expect(readConsent('other=1; marquee_consent=v1.a0.p1')).toEqual({ analytics: false, preferences: true });
    expect(readConsent('xmarquee_consent=v1.a1.p1')).toBeNull();
    expect(readConsent('marquee_consent=garbage')).toBeNull();
    expect(readConsent('')).toBeNull();
  });

  it('builds a first-party cookie for 180 days, path /, SameSite=Lax', () => {
    expect(consentCookie({ analytics: true, preferences: false })).toBe(
      `marquee_consent=v1.a1.p0; path=/; max-age=${180 * 24 * 60 * 60}; SameSite=Lax`,
    );
    expect(consentMaxAgeSeconds).toBe(15552000);
    expect(consentCookie(defaultConsent, true)).toMatch(/; Secure$/);
  });

  it('stores the choice in document.cookie, never in local storage', () => {
    writeConsent({ analytics: true, preferences: true });
    expect(cookieValue(document.cookie, consentCookieName)).toBe('v1.a1.p1');
    expect(readConsent()).toEqual({ analytics: true, preferences: true });
    expect(window.localStorage.length).toBe(0);
  });
});

describe('useConsent', () => {
  it('reports no choice, then follows changes', () => {
    const { result } = renderHook(() => useConsent());
    expect(result.current.decided).toBe(false);
    expect(result.current.consent).toBeNull();
    expect(result.current.effective).toEqual(defaultConsent);
    act(() => result.current.acceptAll());
    expect(result.current.decided).toBe(true);
    expect(result.current.effective).toEqual({ analytics: true, preferences: true });
    act(() => result.current.essentialOnly());
    expect(result.current.consent).toEqual({ analytics: false, preferences: false });
    act(() => result.current.save({ analytics: false, preferences: true }));
    expect(readConsent()).toEqual({ analytics: false, preferences: true });
  });

  it('ignores an invalid cookie', () => {
    document.cookie = `${consentCookieName}=v9.zz; path=/`;
    const { result } = renderHook(() => useConsent());
    expect(result.current.decided).toBe(false);
  });
});
