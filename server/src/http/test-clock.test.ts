import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testClockFromEnv } from './clock.ts';

/** The e2e journeys' clock (decision 0056): only in test mode, moved by writing its file. */
describe('testClockFromEnv', () => {
  it('is off unless DETAL_TEST_MODE is 1 and TEST_CLOCK_FILE is set', () => {
    expect(testClockFromEnv({})).toBeNull();
    expect(testClockFromEnv({ TEST_CLOCK_FILE: '/tmp/x' })).toBeNull();
    expect(testClockFromEnv({ DETAL_TEST_MODE: 'true', TEST_CLOCK_FILE: '/tmp/x' })).toBeNull();
    expect(testClockFromEnv({ DETAL_TEST_MODE: '1' })).toBeNull();
  });

  it('adds the milliseconds the file holds, read again at every call; no file is no shift', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'detal-clock-')), 'clock');
    const clock = testClockFromEnv({ DETAL_TEST_MODE: '1', TEST_CLOCK_FILE: file })!;
    expect(Math.abs(clock().getTime() - Date.now())).toBeLessThan(1_000);
    await writeFile(file, String(15 * 86_400_000));
    expect(clock().getTime() - Date.now()).toBeGreaterThan(15 * 86_400_000 - 1_000);
    await writeFile(file, '0');
    expect(Math.abs(clock().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
