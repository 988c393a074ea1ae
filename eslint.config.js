// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
