/** formatCents renders integer cents in a currency ("usd") in the language tag. */
export function formatCents(cents: number, currency: string, tag: string): string {
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency: (currency || 'usd').toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}
