import { defineConfig } from 'vitest/config';

// A config of its own so that the React Router Vite plugin (vite.config.ts) never loads under vitest.
export default defineConfig({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    restoreMocks: true,
  },
});
