import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { layers } from './eslint.layers.js';

/** The back office's files: the only ones that may import Mantine. */
const ADMIN_PATHS = ['web/app/features/admin*/**', 'web/app/routes/admin*', 'web/app/layouts/admin.tsx'];
const NO_MANTINE = {
  group: ['@mantine/*'],
  allowTypeImports: false,
  message:
    "Mantine is the back office's (features/admin*, routes/admin*, layouts/admin.tsx); the storefront uses web/app/ui and web/app/design (decision 0045).",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      '**/*.tsbuildinfo',
      '**/*.tmp.*',
      'server/test/fixtures/web-build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Guards of the layering (docs/decisions/0005-layers-and-import-guards.md): no import cycle anywhere (type-only
  // imports too: scripts/check-import-cycles.mjs, the last step of `npm run lint`, counts those), and no import
  // against the direction each layer allows.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    // Tests drive the app from outside, so they may import any layer; cycles stay forbidden for them too.
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // Dependencies are never parsed: a cycle through node_modules is not ours to fix, and parsing them is slow.
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    plugins: { import: importPlugin },
    rules: { 'import/no-restricted-paths': ['error', { zones: layers }] },
  },
  // One UI system per app (decision 0045): Mantine belongs to the back office (its features, routes and layout);
  // the storefront runs on its own kit (web/app/ui) and design tokens (web/app/design), so no Mantine package is
  // imported anywhere else in the web app, tests included.
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ADMIN_PATHS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_MANTINE] }],
    },
  },
  // The storefront's bundle carries no zod (issue 17, decision 0031): its pages take the contract's run-time values
  // from '@detal/contract/browser'; types still come from the main entry. The back office and the server-only
  // modules may load the schemas. (This block's options replace the one above for its files, so it repeats the
  // Mantine pattern.)
  {
    files: ['web/app/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.server.ts', ...ADMIN_PATHS],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@detal/contract',
              allowTypeImports: true,
              message: "Storefront code imports values from '@detal/contract/browser' (no zod in the browser).",
            },
          ],
          patterns: [NO_MANTINE],
        },
      ],
    },
  },
);
