import { countryCodes } from '../../lib/countries';

const cache = new Map<string, { value: string; label: string }[]>();

/** countryName returns the name of an ISO country code in the language (BCP 47 tag), or the code itself. */
export function countryName(code: string, tag: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([tag], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** countryOptions lists every country the server accepts, named and sorted in the language. */
export function countryOptions(tag: string): { value: string; label: string }[] {
  const cached = cache.get(tag);
  if (cached) return cached;
  const names = new Intl.DisplayNames([tag], { type: 'region' });
  const collator = new Intl.Collator(tag);
  const options = countryCodes
    .map((code) => ({ value: code as string, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
  cache.set(tag, options);
  return options;
}
