import { defineConfig } from 'vitest/config';
import { endpointRoutes } from './vite/endpoint-routes.ts';

// A config of its own so that the React Router Vite plugin (vite.config.ts) never loads under vitest.
export default defineConfig({
  plugins: [endpointRoutes()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    // The server project's migrated database snapshot: page tests run against the real server (test/shop-server.ts).
    globalSetup: ['../server/test/global-setup.ts'],
    restoreMocks: true,
    // Above the 5 s that findBy*/waitFor wait (test/setup.ts), so a missing element fails as such, not as a timeout.
    testTimeout: 20_000,
  },
});
