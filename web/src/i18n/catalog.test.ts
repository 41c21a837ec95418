// Fails when a language lacks a key that English has (UI strings and page
// content alike), or carries an empty text where English has one.
const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });
const contents = import.meta.glob<Record<string, unknown>>('../content/*/*.json', { eager: true, import: 'default' });

function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) {
    return [`${prefix}[length=${value.length}]`, ...value.flatMap((v, i) => keyPaths(v, `${prefix}[${i}]`))];
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function emptyTexts(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [prefix] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyTexts(v, `${prefix}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => emptyTexts(v, prefix ? `${prefix}.${k}` : k));
  }
  return [];
}

function byLanguage(files: Record<string, Record<string, unknown>>, root: string) {
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, data] of Object.entries(files)) {
    const [, lang, file] = path.replace(root, '').split('/');
    (out[lang] ??= {})[file] = data;
  }
  return out;
}

for (const [label, files, root] of [
  ['locales', catalogues, '../locales'],
  ['content', contents, '../content'],
] as const) {
  const langs = byLanguage(files, root);
  describe(`${label} catalogue`, () => {
    it('has English', () => {
      if (label === 'locales') expect(langs.en).toBeDefined();
    });
    for (const lang of ['ja', 'zh']) {
      for (const [file, en] of Object.entries(langs.en ?? {})) {
        it(`${lang}/${file} has every key of en/${file}`, () => {
          const other = langs[lang]?.[file];
          expect(other, `${lang}/${file} is missing`).toBeDefined();
          const missing = keyPaths(en).filter((k) => !new Set(keyPaths(other)).has(k));
          expect(missing).toEqual([]);
          expect(emptyTexts(other)).toEqual([]);
        });
      }
    }
  });
}

// Marquee's credits are 点数 in Chinese (a count of them: N 点), on every
// page and in the server's messages (locale/catalog_test.go checks those):
// 积分 reads as loyalty points and made a fee message disagree with its page.
describe('zh credits word', () => {
  for (const [label, files] of [
    ['locales', catalogues],
    ['content', contents],
  ] as const) {
    it(`${label}/zh never calls credits 积分`, () => {
      const bad = Object.entries(files)
        .filter(([path]) => path.includes('/zh/'))
        .flatMap(([path, data]) => {
          const found: string[] = [];
          const walk = (v: unknown, at: string) => {
            if (typeof v === 'string') {
              if (v.includes('积分')) found.push(`${path} ${at}: ${v}`);
            } else if (v !== null && typeof v === 'object') {
              for (const [k, x] of Object.entries(v)) walk(x, at ? `${at}.${k}` : k);
            }
          };
          walk(data, '');
          return found;
        });
      expect(bad).toEqual([]);
    });
  }
});
