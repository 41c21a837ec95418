import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { languageFor } from '../../i18n/languages';
import { formatMoney } from '../../lib/format';
import { ns } from './TypeChooser';

/** errorText is a refused call's message: its first field's, else its own. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    const first = Object.values(err.fields)[0];
    return first || err.message || fallback;
  }
  return fallback;
}

/** useMoney formats cents in the currency and the page's language. */
export function useMoney(currency: string) {
  const { i18n } = useTranslation(ns);
  const tag = languageFor(i18n.resolvedLanguage ?? i18n.language).htmlLang;
  return (cents: number) => formatMoney(cents, currency, tag);
}
