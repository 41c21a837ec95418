// ESLint (flat config): `npm run lint` runs it (and `make test`).
//
// Beyond the recommended rules of ESLint, typescript-eslint, React's hooks and
// jsx-a11y, it enforces the front end's layout (ARCHITECTURE.md, "Front end"):
//
//   src/main.tsx, src/router.tsx, src/pages.ts, src/app/   the app: may import anything
//   src/features/<name>/   one feature: imports only src/ui, src/lib, src/api,
//                          src/i18n and itself (its tests also src/test)
//   src/ui/                shared components: src/lib, src/api, src/i18n
//   src/lib/               shared logic: src/api, src/i18n
//   src/api/               the API client: nothing else of ours
//   src/i18n/              languages, catalogues, page content: nothing else of ours
//   src/test/              test utilities: anything but the app; only tests import it
//
// and no import cycles (import-x/no-cycle: value imports; the type-only
// cycles it skips are counted by scripts/import-graph.mjs, which lint also runs).
// No recommended rule is switched off. typescript-eslint's rules here need no
// type information (its type-checked set would type-check the project again
// on every lint; `npm run typecheck` does that once).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const tests = ['**/*.test.{ts,tsx}'];

/**
 * zones lists, for import-x/no-restricted-paths, what each part of src may
 * import besides itself (a whitelist: `except` inside `from: './src'`). Tests
 * may also import src/test (testing); nothing else may.
 */
function zones(testing) {
  const test = testing ? ['./test'] : [];
  const only = (target, allowed, message) => ({ target, from: './src', except: [...new Set([...allowed, ...test])], message });
  return [
    ...features.map((name) =>
      only(
        `./src/features/${name}`,
        ['./ui', './lib', './api', './i18n', `./features/${name}`],
        `a feature imports only src/ui, src/lib, src/api, src/i18n and itself: move what ${name} shares to src/ui or src/lib, or compose features in src/app`,
      ),
    ),
    only('./src/ui', ['./ui', './lib', './api', './i18n'], 'src/ui imports only src/lib, src/api, src/i18n and itself'),
    only('./src/lib', ['./lib', './api', './i18n'], 'src/lib imports only src/api, src/i18n and itself'),
    only('./src/api', ['./api'], 'src/api imports nothing else of ours'),
    only('./src/i18n', ['./i18n', './locales', './content'], 'src/i18n imports only its catalogues (src/locales, src/content)'),
    only(
      './src/test',
      ['./test', './features', './ui', './lib', './api', './i18n', './theme.ts', './locales', './content'],
      'src/test imports anything but the app',
    ),
    // The app (main.tsx, router.tsx, pages.ts, src/app) imports anything.
  ];
}

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.vitest/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: zones(false) }],
    },
  },
  {
    files: tests,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: zones(true) }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // A page (or component) past 300 lines of code is split into parts in its folder.
    files: ['src/**/*.tsx'],
    ignores: tests,
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Node scripts and tool configs.
    files: ['scripts/**/*.mjs', '*.config.{js,ts,cjs}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
