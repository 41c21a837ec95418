/**
 * formatPrice shows a price in US dollars in the reader's locale; whole
 * amounts without cents ($25), others with them ($25.50).
 */
export function formatPrice(priceCents: number, locale: string): string {
  const whole = priceCents % 100 === 0;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(priceCents / 100);
}
