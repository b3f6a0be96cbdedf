import { createHash } from 'node:crypto';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { endpointRoutes } from './vite/endpoint-routes.ts';
import { postcssConfig } from './vite/postcss.ts';
import { storefrontChunks } from './vite/storefront-chunks.ts';

// In development the API runs as its own process; the dev server forwards /api there.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * Short CSS module class names in the production build ('c' and six characters of a hash of the file and the
 * class): a result page repeats a dozen module classes per offer, and Vite's default `_local_hash_line` made up a
 * tenth of its HTML. The server and client builds name a class alike, as the name depends only on the source.
 */
function shortClassName(name: string, filename: string): string {
  const file = path.relative(import.meta.dirname, filename.split('?')[0]!);
  return `c${createHash('sha1').update(`${file}:${name}`).digest('base64url').slice(0, 6)}`;
}

export default defineConfig(({ command }) => ({
  plugins: [reactRouter(), endpointRoutes()],
  css: {
    postcss: postcssConfig,
    ...(command === 'build' ? { modules: { generateScopedName: shortClassName } } : {}),
  },
  environments: {
    client: {
      build: {
        rolldownOptions: { output: { codeSplitting: storefrontChunks(path.resolve(import.meta.dirname, 'app')) } },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
    },
  },
}));
