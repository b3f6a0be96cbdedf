import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['global-setup.ts'],
    // One browser journey at a time: the machine has two cores and the app under test needs one.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: too short for a client-side navigation on a loaded CI machine.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
