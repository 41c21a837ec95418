import { defaultLanguage } from './languages';

/** Page content: one JSON document per page and language under src/content/{lang}/{page}.json. */
export type PageContent = Record<string, unknown>;

export type ContentLoaders = Record<string, () => Promise<unknown>>;

const bundled: ContentLoaders = import.meta.glob('../content/*/*.json', { import: 'default' });

function isEmpty(content: unknown): boolean {
  if (content === null || content === undefined) return true;
  if (typeof content !== 'object') return true;
  return Object.keys(content as object).length === 0;
}

async function loadOne(loaders: ContentLoaders, page: string, language: string): Promise<PageContent | null> {
  const load = loaders[`../content/${language}/${page}.json`];
  if (!load) return null;
  const content = await load();
  return isEmpty(content) ? null : (content as PageContent);
}

/**
 * loadPageContent returns the texts of one page in one language, following the
 * seed's rules: the page in the requested language; when that language has no
 * such page or loading it fails, the English page; when English has nothing
 * either (or fails), null, which the page shows as 'Content not available'.
 */
export async function loadPageContent(
  page: string,
  language: string,
  loaders: ContentLoaders = bundled,
): Promise<PageContent | null> {
  if (language !== defaultLanguage) {
    try {
      const content = await loadOne(loaders, page, language);
      if (content) return content;
    } catch {
      // Fall through to English.
    }
  }
  try {
    return await loadOne(loaders, page, defaultLanguage);
  } catch {
    return null;
  }
}
