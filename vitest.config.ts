import { defineConfig } from 'vitest/config';

// Each workspace keeps its own vitest.config.ts; `npm test` (scripts/test.mjs) picks projects by name.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'server', 'web', 'e2e', 'deploy'],
  },
});
