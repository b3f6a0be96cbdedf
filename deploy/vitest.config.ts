import { defineConfig } from 'vitest/config';

// The multi-instance deployment test (README, "Deployment"): PostgreSQL, Redis, two instances of the production
// build and nginx in front. Run by `npm test -- --scope=deploy`, which builds first; not part of the default scope,
// which needs none of those servers.
export default defineConfig({
  test: {
    name: 'deploy',
    include: ['*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
