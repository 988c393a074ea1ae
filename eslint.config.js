// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// The walls (docs/architecture.md): which folder may import which. A feature or module is a
// folder of its area; another one sees only its public.ts. Zones are built from the folders
// themselves, so a new feature is walled in the moment it exists.
const here = import.meta.dirname;
const web = `${here}/apps/web/src`;
const api = `${here}/apps/api/src`;
const WEB_AREAS = ['lms', 'sis', 'admin', 'account'];
const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => `${dir}/${e.name}`);
const webFeatures = WEB_AREAS.flatMap((area) => foldersOf(`${web}/${area}`));
const apiModules = foldersOf(`${api}/modules`).flatMap((dir) =>
  dir.endsWith('/learning') ? foldersOf(dir) : [dir],
);
const SQL_IN_REPOSITORIES = 'SQL lives in the module’s *.repository.ts files; services call them.';
const PUBLIC = 'imports another only through its public.ts, which names what it shares.';
const zones = [
  ...webFeatures.map((dir) => ({
    target: `${dir}/**/*`,
    from: `${web}/{${WEB_AREAS.join(',')}}/**/*`,
    except: [`${dir}/**/*`, `${web}/*/*/public.ts`],
    message: `A feature ${PUBLIC}`,
  })),
  {
    target: `${web}/{lib,components}/**/*`,
    from: `${web}/{app,${WEB_AREAS.join(',')}}/**/*`,
    message: 'Shared code (lib, components) imports no feature and not the app.',
  },
  {
    target: `${web}/{${WEB_AREAS.join(',')}}/**/*`,
    from: `${web}/app/**/*`,
    message: 'Features do not import the app; the app composes them.',
  },
  ...apiModules.map((dir) => ({
    target: `${dir}/**/*`,
    from: `${api}/modules/**/*`,
    except: [`${dir}/**/*`, `${api}/modules/*/public.ts`, `${api}/modules/learning/*/public.ts`],
    message: `A module ${PUBLIC}`,
  })),
  {
    target: `${api}/{lib,plugins}/**/*`,
    from: `${api}/modules/**/*`,
    message: 'lib and plugins import no module; app.ts wires modules in.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'packages/db/migrations/**',
      'test-results/**',
      'eslint.config.js',
      '**/*.mjs',
      '**/vite.config.ts',
      '**/vitest.config.ts',
      '**/drizzle.config.ts',
      '**/playwright.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Fastify handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read the environment in apps/api/src/plugins/env.ts only.',
        },
      ],
    },
  },
  {
    files: ['apps/{api,web}/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    // Files small enough to read whole (docs/style.md). Tests read as stories and seed data as
    // data: both are left out; so is the benchmark data generator's table of names.
    files: ['{apps,packages,bench,e2e,scripts}/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**',
      'e2e/tests/**',
      'packages/db/src/seed*.ts',
    ],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // The layer rule (docs/architecture.md): in a module, SQL lives in *.repository.ts only.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.test.ts', '**/*.fixtures.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: SQL_IN_REPOSITORIES }],
          patterns: [
            {
              group: ['@lantern/db/schema', '@lantern/db/schema/*', '**/lib/sql'],
              allowTypeImports: true,
              message: SQL_IN_REPOSITORIES,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Components use the hooks in each feature’s api/ folder; only src/lib/api-client.ts calls fetch.',
        },
      ],
      // Stored HTML is shown by one component only, after the server sanitised it (decision 0019).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Show stored HTML with <RichText> (src/components/rich-text.tsx) only.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/rich-text.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The env plugin is the app's one reader of the environment; tools, tests and benchmarks read their own settings.
    files: [
      'apps/api/src/plugins/env.ts',
      'scripts/**',
      'e2e/**',
      'bench/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      'apps/api/test/**',
      'packages/db/src/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
