import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { endpointRoutes } from './vite/endpoint-routes.ts';
import { storefrontChunks } from './vite/storefront-chunks.ts';

// In development the API runs as its own process; the dev server forwards /api there.
const apiOrigin = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [reactRouter(), endpointRoutes()],
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
});
