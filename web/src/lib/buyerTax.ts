/**
 * The optional company and VAT id a buyer gives for the receipt (credit
 * checkout and ticket orders). The server's rule (buyer_tax.go) is the one
 * that counts; this check only spares a round trip and names the field.
 */

import type { BuyerTax } from '../api/buyerTax';

export { buyerTaxBody, emptyBuyerTax, type BuyerTax } from '../api/buyerTax';

/** The most characters of a company name (marquee.BuyerCompanyMax). */
export const buyerCompanyMax = 200;

/** normaliseVatId is a VAT id as the server stores it: upper case, without spaces, dots and dashes. */
export function normaliseVatId(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

const vatIdPattern = /^[A-Z]{2}[A-Z0-9]{2,13}$/;

/** The problems checkBuyerTax finds, per request field, as pricing's buyerTax.* keys. */
export type BuyerTaxProblems = Partial<Record<keyof BuyerTax, 'companyTooLong' | 'companyRequired' | 'vatIdInvalid'>>;

/**
 * checkBuyerTax normalises what was typed and checks it: a company of at
 * most buyerCompanyMax characters, a VAT id of a two-letter country prefix
 * and 2 to 13 letters or digits, and a company whenever a VAT id is given.
 */
export function checkBuyerTax(input: BuyerTax): { value: BuyerTax; problems: BuyerTaxProblems } {
  const value = { buyerCompany: input.buyerCompany.trim(), buyerVatId: normaliseVatId(input.buyerVatId) };
  const problems: BuyerTaxProblems = {};
  if ([...value.buyerCompany].length > buyerCompanyMax) problems.buyerCompany = 'companyTooLong';
  if (value.buyerVatId !== '') {
    if (!vatIdPattern.test(value.buyerVatId)) problems.buyerVatId = 'vatIdInvalid';
    else if (value.buyerCompany === '') problems.buyerCompany = 'companyRequired';
  }
  return { value, problems };
}

