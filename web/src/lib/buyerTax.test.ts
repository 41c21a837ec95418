import { describe, expect, it } from 'vitest';
import { buyerTaxBody, checkBuyerTax, normaliseVatId } from './buyerTax';

describe('buyerTax', () => {
  it('normalises a VAT id as the server stores it', () => {
    expect(normaliseVatId(' de 123.456-789 ')).toBe('DE123456789');
  });

  it.each([
    ['', '', {}],
    ['Kino AB', '', {}],
    ['ACME', 'DE12', {}],
    ['ACME', 'NL123456789B01', {}],
    ['ACME', 'DE1234567890123', {}],
    ['ACME', 'DE12345678901234', { buyerVatId: 'vatIdInvalid' }],
    ['ACME', 'DE1', { buyerVatId: 'vatIdInvalid' }],
    ['ACME', '1E123456', { buyerVatId: 'vatIdInvalid' }],
    ['ACME', 'DE12/456', { buyerVatId: 'vatIdInvalid' }],
    ['', 'DE123456789', { buyerCompany: 'companyRequired' }],
    ['株'.repeat(201), '', { buyerCompany: 'companyTooLong' }],
  ])('checks company %j with VAT id %j', (buyerCompany, buyerVatId, problems) => {
    expect(checkBuyerTax({ buyerCompany, buyerVatId }).problems).toEqual(problems);
  });

  it('counts a company in characters, as the server does', () => {
    expect(checkBuyerTax({ buyerCompany: '株'.repeat(200), buyerVatId: '' }).problems).toEqual({});
  });

  it('sends only the fields given', () => {
    expect(buyerTaxBody({ buyerCompany: '', buyerVatId: '' })).toEqual({});
    expect(buyerTaxBody({ buyerCompany: 'ACME', buyerVatId: '' })).toEqual({ buyerCompany: 'ACME' });
  });
});
