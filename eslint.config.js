import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import { layers } from './eslint.layers.js';

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
  // Guards of the layering (docs/decisions/0005-layers-and-import-guards.md): no import cycle anywhere (type-only imports aside: they vanish at run time), and no import
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
  // The storefront's bundle carries no zod (issue 17, decision 0031): its pages take the contract's run-time values
  // from '@detal/contract/browser'; types still come from the main entry. The back office and the server-only
  // modules may load the schemas.
  {
    files: ['web/app/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.server.ts',
      'web/app/features/admin*/**',
      'web/app/routes/admin*',
      'web/app/layouts/admin.tsx',
    ],
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
        },
      ],
    },
  },
);
