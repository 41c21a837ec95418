/**
 * The optional company and VAT id a buyer gives for the receipt, as POST
 * /api/v1/payments and POST /api/v1/ticket-orders take them ("" for a
 * field not given; lib/buyerTax checks them before they are sent).
 */
export interface BuyerTax {
  buyerCompany: string;
  buyerVatId: string;
}

export const emptyBuyerTax: BuyerTax = { buyerCompany: '', buyerVatId: '' };

/** buyerTaxBody is what a request carries of b: only the fields given (both are optional). */
export function buyerTaxBody(b: BuyerTax): Partial<BuyerTax> {
  const out: Partial<BuyerTax> = {};
  if (b.buyerCompany) out.buyerCompany = b.buyerCompany;
  if (b.buyerVatId) out.buyerVatId = b.buyerVatId;
  return out;
}
