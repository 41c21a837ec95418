import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  detectLanguage,
  languageFor,
  languages,
  languageStorageKey,
  type LanguageCode,
} from './languages';
import en from '../locales/en/common.json';

// English common strings ship in the main bundle (the shell needs them at
// once); every other catalogue (a language, or a feature's namespace) is
// fetched when first used.
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
]);

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (language === 'en' && namespace === 'common') return callback(null, en);
    const load = catalogues[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (m) => callback(null, m.default),
      (err: Error) => callback(err, null),
    );
  },
};

function savedLanguage(): string | null {
  try {
    return window.localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

function applyDocumentLanguage(code: string) {
  document.documentElement.lang = languageFor(code).htmlLang;
}

export const initialLanguage: LanguageCode = detectLanguage(
  savedLanguage(),
  typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language],
);

i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: initialLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: languages.map((l) => l.code),
    load: 'languageOnly',
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common: en } },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

applyDocumentLanguage(initialLanguage);
i18n.on('languageChanged', applyDocumentLanguage);

/** setLanguage switches the site language and remembers the choice. */
export async function setLanguage(code: LanguageCode): Promise<void> {
  try {
    window.localStorage.setItem(languageStorageKey, code);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  await i18n.changeLanguage(code);
}

export default i18n;
