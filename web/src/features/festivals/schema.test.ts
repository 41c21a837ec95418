import { describe, expect, it } from 'vitest';
import { emptyDetails, validateDetails } from './schema';

const good = {
  ...emptyDetails,
  name: 'Kyoto Shorts',
  location: 'Kyoto, Japan',
  startDate: '2030-06-05',
  endDate: '2030-06-07',
  contactEmail: 'team@kyoto-shorts.jp',
};

describe('validateDetails', () => {
  it('accepts a complete festival and trims and upper-cases what the server would', () => {
    const r = validateDetails({ ...good, name: '  Kyoto Shorts ', country: 'jp', description: ' a\r\nb ' });
    expect(r).toEqual({ ok: true, data: { ...good, country: 'JP', description: 'a\nb' } });
  });

  it('names the first problem of every required field', () => {
    const r = validateDetails(emptyDetails);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      name: 'name.required',
      location: 'location.required',
      startDate: 'startDate.required',
      endDate: 'endDate.required',
      contactEmail: 'contactEmail.required',
    });
  });

  it('counts characters, not UTF-16 units, for the name length', () => {
    expect(validateDetails({ ...good, name: '映画祭' }).ok).toBe(true);
    const r = validateDetails({ ...good, name: '映画' });
    expect(r.ok ? null : r.errors.name).toBe('name.length');
    const long = validateDetails({ ...good, name: 'x'.repeat(201) });
    expect(long.ok ? null : long.errors.name).toBe('name.length');
  });

  it('refuses an end before the start even when other fields fail too', () => {
    const r = validateDetails({ ...good, name: '', endDate: '2030-06-01' });
    expect(r.ok ? null : r.errors).toEqual({ name: 'name.required', endDate: 'endDate.beforeStart' });
  });

  it('refuses a start in the past only when told today', () => {
    const past = { ...good, startDate: '2020-01-01', endDate: '2020-01-02' };
    expect(validateDetails(past).ok).toBe(true);
    const r = validateDetails(past, { today: '2026-05-01' });
    expect(r.ok ? null : r.errors).toEqual({ startDate: 'startDate.past' });
  });

  it('checks the optional fields', () => {
    const r = validateDetails({
      ...good,
      description: 'd'.repeat(5001),
      country: 'ZZ',
      city: 'c'.repeat(101),
      website: 'ftp://example.com',
      contactEmail: 'team@example',
    });
    expect(r.ok ? null : r.errors).toEqual({
      description: 'description.tooLong',
      country: 'country.invalid',
      city: 'city.tooLong',
      website: 'website.invalid',
      contactEmail: 'contactEmail.invalid',
    });
    expect(validateDetails({ ...good, website: 'https://kyoto-shorts.jp/en' }).ok).toBe(true);
    expect(validateDetails({ ...good, website: 'https://localhost' }).ok).toBe(false);
  });
});
