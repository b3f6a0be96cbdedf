import { defineConfig } from 'vitest/config';

// The project keeps the name 'server' on both drivers; test/global-setup.ts prints the driver of each run,
// taken from TEST_DATABASE_URL (unset: PGlite in memory; set: PostgreSQL).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/compose-modules.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
