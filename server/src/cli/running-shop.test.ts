import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.ts';
import { staff } from '../db/schema/index.ts';
import { createTestDatabaseTarget, testDriver, type TestDatabaseTarget } from '../../test/helpers/db.ts';
import { startShop, type RunningShop } from '../../test/helpers/running-shop.ts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** One of the shop's commands as the owner types it (`npm run admin -- …` is `node --import tsx …admin.ts …`). */
async function command(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', `server/src/cli/${script}`, ...args],
      { cwd: repositoryRoot, env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** The first owner's setup link the shop printed at start, and whether the shop still takes it. */
async function setupLinkState(shop: RunningShop): Promise<{ printed: boolean; usable: boolean }> {
  const token = /\/admin\/setup\?token=([\w-]+)/.exec(shop.stdout())?.[1];
  if (!token) return { printed: false, usable: false };
  const response = await fetch(`${shop.baseUrl}/api/v1/admin/staff-setup-check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return { printed: true, usable: ((await response.json()) as { data: { usable: boolean } }).data.usable };
}

/**
 * Issue 26, point 1: with the shop running on the embedded database, `staff-create` said it created the owner
 * and printed a link the shop called «недействительна»: two processes wrote one PGlite folder. Every command
 * that opens the database now refuses while a shop holds the folder; on PostgreSQL they work beside the shop.
 */
describe('the owner’s commands beside a running shop', { timeout: 300_000 }, () => {
  let target: TestDatabaseTarget;
  let env: Record<string, string>;
  let shop: RunningShop;

  beforeAll(async () => {
    target = await createTestDatabaseTarget();
    env = { DATABASE_URL: target.options.databaseUrl ?? '', DATA_DIR: target.options.dataDir ?? '' };
    shop = await startShop(env);
    env.PUBLIC_URL = shop.baseUrl;
  }, 240_000);

  afterAll(async () => {
    await shop?.stop();
    await target?.remove();
  });

  const staffCount = async () => {
    const database = await openDatabase(target.options);
    try {
      return (await database.db.select({ id: staff.id }).from(staff)).length;
    } finally {
      await database.close();
    }
  };

  it.runIf(testDriver === 'pglite')(
    'on the embedded database every command refuses in Russian, touching nothing, until the shop stops',
    async () => {
      const crosses = path.join(target.options.dataDir!, 'crosses.csv');
      writeFileSync(crosses, 'MANN,W71275,KNECHT,OC90\n');
      const runs = [
        await command('admin.ts', ['staff-create', '--email', 'a@b.ru', '--role', 'owner', '--link'], env),
        await command('admin.ts', ['bill-paid', '--bill', '1'], env),
        await command('import.ts', ['crosses', '--file', crosses], env),
        await command('seed.ts', ['--offers', '10'], env),
      ];
      for (const run of runs) {
        expect(run).toMatchObject({ code: 1, stdout: '' });
        expect(run.stderr).toContain(`Встроенная база данных в папке ${target.options.dataDir} занята`);
        expect(run.stderr).toContain('Остановите магазин');
        expect(run.stderr).toContain('Ничего не изменено');
        // An expected refusal, not a crash: no stack trace.
        expect(run.stderr).not.toMatch(/^\s+at /m);
      }
      // Nothing was created: the link the shop printed at start still creates the first owner.
      expect(await setupLinkState(shop)).toEqual({ printed: true, usable: true });
      await shop.stop();
      expect(await staffCount()).toBe(0);
      const after = await command('admin.ts', ['staff-create', '--email', 'a@b.ru', '--role', 'owner', '--link'], env);
      expect(after.code).toBe(0);
      expect(after.stdout).toMatch(/Сотрудник № 1 a@b\.ru \(owner\) создан/);
      expect(await staffCount()).toBe(1);
    },
  );

  it.runIf(testDriver === 'postgres')(
    'on PostgreSQL a command works beside the shop, and the shop sees it',
    async () => {
      expect(await setupLinkState(shop)).toEqual({ printed: true, usable: true });
      const run = await command('admin.ts', ['staff-create', '--email', 'a@b.ru', '--role', 'manager', '--link'], env);
      expect(run.code).toBe(0);
      const token = /\/admin\/set-password\?token=([\w-]+)/.exec(run.stdout)?.[1];
      expect(token).toBeDefined();
      const response = await fetch(`${shop.baseUrl}/api/v1/admin/staff-set-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: shop.baseUrl },
        body: JSON.stringify({ token, password: 'manager password', password_confirmation: 'manager password' }),
      });
      expect(response.status).toBe(200);
      expect(await staffCount()).toBe(1);
      // A staff member exists now: the link printed at start no longer works.
      expect(await setupLinkState(shop)).toEqual({ printed: true, usable: false });
    },
  );
});
