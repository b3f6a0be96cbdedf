import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { runSourcesTick } from './fetcher.ts';

let database: Database;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(path.join(tmpdir(), 'detal-downloads-'));
});

afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

describe("a fetch's temporary files (issue 34, point 8)", () => {
  it('are removed by the next tick when the process that fetched them died midway', async () => {
    // A process that has ended: its pid names no live process (until the system reuses it, which takes long).
    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    const orphan = `detal-price-${deadPid}-7-0123456789ab.download`;
    const ours = `detal-price-${process.pid}-8-0123456789ab.download`;
    const unrelated = 'someone-elses.download';
    for (const name of [orphan, ours, unrelated]) await writeFile(path.join(folder, name), 'article;brand;price\n');
    await runSourcesTick(database, { timeZone: 'Europe/Moscow', log: pino({ level: 'silent' }), tempDir: folder });
    // A live process's download (a fetch running now) and other programs' files stay.
    expect((await readdir(folder)).sort()).toEqual([ours, unrelated].sort());
  });
});
