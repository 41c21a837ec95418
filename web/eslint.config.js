// ESLint (flat config): `npm run lint` runs it (and `make test`).
//
// Beyond the recommended rules of ESLint, typescript-eslint, React's hooks and
// jsx-a11y, it enforces the front end's layout (ARCHITECTURE.md, "Front end"):
//
//   src/main.tsx, src/router.tsx, src/pages.ts, src/app/   the app: may import anything
//   src/features/<name>/   one feature: imports only src/ui, src/lib, src/api,
//                          src/i18n, src/theme.ts and itself (tests also src/test)
//   src/ui/                shared components: src/lib, src/api, src/i18n, src/theme.ts
//   src/lib/               shared logic: src/api, src/i18n
//   src/api/               the API client: nothing else of ours
//   src/i18n/              languages, catalogues, page content: nothing else of ours
//   src/test/              test utilities: anything but the app; only tests import it
//
// and no import cycles (import-x/no-cycle: value imports; the type-only
// cycles it skips are counted by scripts/import-graph.mjs, which lint also runs).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const tests = ['**/*.test.{ts,tsx}'];

/** zones lists, for import-x/no-restricted-paths, what each part of src may not import. */
const zones = [
  // A feature imports only the shared layers and itself (src/test: tests only, below).
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src',
    except: ['./ui', './lib', './api', './i18n', './theme.ts', './test', `./features/${name}`],
    message: `a feature imports only src/ui, src/lib, src/api, src/i18n and itself: move what ${name} shares to src/ui or src/lib, or compose features in src/app`,
  })),
  {
    target: './src/ui',
    from: './src',
    except: ['./ui', './lib', './api', './i18n', './theme.ts'],
    message: 'src/ui imports only src/lib, src/api, src/i18n and itself',
  },
  {
    target: './src/lib',
    from: './src',
    except: ['./lib', './api', './i18n'],
    message: 'src/lib imports only src/api, src/i18n and itself',
  },
  { target: './src/api', from: './src', except: ['./api'], message: 'src/api imports nothing else of ours' },
  {
    target: './src/i18n',
    from: './src',
    except: ['./i18n', './locales', './content'],
    message: 'src/i18n imports only its catalogues (src/locales, src/content)',
  },
  {
    target: './src/test',
    from: './src',
    except: ['./features', './ui', './lib', './api', './i18n', './theme.ts', './test', './locales', './content'],
    message: 'src/test imports anything but the app',
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.vitest/'] },
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
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: tests,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...zones, { target: './src', from: './src/test', message: 'only tests import src/test' }] },
      ],
    },
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
    // Node scripts and tool configs.
    files: ['scripts/**/*.mjs', '*.config.{js,ts,cjs}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
