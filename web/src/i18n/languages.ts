/** A language the public site speaks. */
export interface Language {
  code: LanguageCode;
  name: string;
  flag: string;
  /** Value for the <html lang> attribute. */
  htmlLang: string;
}

export type LanguageCode = 'en' | 'ja' | 'zh';

/** The languages Marquee speaks, English first (the default and fallback). */
export const languages: Language[] = [
  { code: 'en', name: 'English', flag: '🇬🇧', htmlLang: 'en' },
  { code: 'ja', name: '日本語', flag: '🇯🇵', htmlLang: 'ja' },
  { code: 'zh', name: '中文', flag: '🇨🇳', htmlLang: 'zh-Hans' },
];

export const defaultLanguage: LanguageCode = 'en';

/** The local storage key the seed client used; the only key Marquee keeps there. */
export const languageStorageKey = 'selectedLanguage';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && languages.some((l) => l.code === value);
}

/**
 * detectLanguage applies the seed's rule: the saved `selectedLanguage`, else
 * the first browser language whose prefix Marquee speaks, else English.
 */
export function detectLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): LanguageCode {
  if (isLanguageCode(saved)) return saved;
  for (const tag of browserLanguages) {
    const prefix = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguageCode(prefix)) return prefix;
  }
  return defaultLanguage;
}

/** languageFor returns the Language entry for a code, English when unknown. */
export function languageFor(code: string | undefined): Language {
  return languages.find((l) => l.code === code) ?? languages[0];
}
