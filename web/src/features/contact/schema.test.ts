import { describe, expect, it } from 'vitest';
import { emptyContact, validateContact } from './schema';

const good = { name: 'Ana', email: 'ana@example.com', subject: 'Hello', message: 'A long enough message.', website: '' };

describe('validateContact', () => {
  it('accepts a good message and trims every text', () => {
    const r = validateContact({ ...good, name: '  Ana  ', email: ' ana@example.com ', subject: ' Hi ', message: '  0123456789  ' });
    expect(r).toEqual({ ok: true, data: { name: 'Ana', email: 'ana@example.com', subject: 'Hi', message: '0123456789', website: '' } });
  });

  it('requires every field, whitespace counting as empty', () => {
    const r = validateContact({ ...emptyContact, name: '   ' });
    expect(r).toEqual({
      ok: false,
      errors: { name: 'name.required', email: 'email.required', subject: 'subject.required', message: 'message.required' },
    });
  });

  it('applies the server limits exactly', () => {
    expect(validateContact({ ...good, name: 'a'.repeat(100) }).ok).toBe(true);
    expect(validateContact({ ...good, name: 'a'.repeat(101) })).toMatchObject({ errors: { name: 'name.tooLong' } });
    expect(validateContact({ ...good, subject: 's'.repeat(200) }).ok).toBe(true);
    expect(validateContact({ ...good, subject: 's'.repeat(201) })).toMatchObject({ errors: { subject: 'subject.tooLong' } });
    expect(validateContact({ ...good, message: '123456789' })).toMatchObject({ errors: { message: 'message.tooShort' } });
    expect(validateContact({ ...good, message: '1234567890' }).ok).toBe(true);
    expect(validateContact({ ...good, message: 'm'.repeat(5000) }).ok).toBe(true);
    expect(validateContact({ ...good, message: 'm'.repeat(5001) })).toMatchObject({ errors: { message: 'message.tooLong' } });
  });

  it('counts characters, not UTF-16 units, like the server', () => {
    expect(validateContact({ ...good, name: '🎬'.repeat(100) }).ok).toBe(true);
    expect(validateContact({ ...good, message: '映画祭に応募したいです' }).ok).toBe(true);
  });

  it('checks the e-mail address', () => {
    for (const email of ['ana', 'ana@', '@example.com', 'ana@example', 'a na@example.com', 'ana@@example.com']) {
      expect(validateContact({ ...good, email }), email).toMatchObject({ errors: { email: 'email.invalid' } });
    }
    expect(validateContact({ ...good, email: `${'a'.repeat(243)}@example.com` })).toMatchObject({ errors: { email: 'email.tooLong' } });
    expect(validateContact({ ...good, email: 'first.last+tag@sub.example.co.jp' }).ok).toBe(true);
  });

  it('passes the honeypot through untouched', () => {
    expect(validateContact({ ...good, website: 'http://spam.example' })).toMatchObject({ ok: true, data: { website: 'http://spam.example' } });
  });
});
