import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openDatabase, type Database, type OpenDatabaseOptions } from '../../src/db/index.ts';
import { databaseUrlFor, runAdminStatements, templateDatabaseName } from './postgres-admin.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by global-setup.ts when the tests run on PostgreSQL; names this run's per-file databases. */
    testDatabaseRun: string;
    /** Set by global-setup.ts when the tests run on PGlite: a dump of a migrated database. */
    pgliteSnapshotPath: string;
  }
}

/** The driver this run's tests use: PostgreSQL when TEST_DATABASE_URL is set, else in-memory PGlite. */
export const testDriver: Database['driver'] = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Prefix of the per-file databases of one run, so that its global teardown finds the ones left behind. */
export function testDatabasePrefix(run: string): string {
  return `detal_t_${run}_`;
}

// SQLSTATEs of a template being copied or recreated by a concurrent run at that instant: worth another try.
const transientCopyErrors = new Set(['55006', '3D000']);

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

async function createFromTemplate(adminUrl: string, name: string): Promise<void> {
  const template = templateDatabaseName(inject('testDatabaseRun'));
  for (let attempt = 1; ; attempt += 1) {
    try {
      await runAdminStatements(adminUrl, [`CREATE DATABASE "${name}" TEMPLATE "${template}"`]);
      return;
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= 20 || state === undefined || !transientCopyErrors.has(state)) throw error;
      await sleep(100 * attempt);
    }
  }
}

function newTestDatabaseName(): string {
  const run = inject('testDatabaseRun');
  if (!run) throw new Error('TEST_DATABASE_URL is set but test/global-setup.ts did not prepare the template database');
  return `${testDatabasePrefix(run)}${randomBytes(6).toString('hex')}`;
}

/** The migrated PGlite dump of this run, read once per test file. */
let pgliteSnapshot: Promise<Blob> | undefined;

function loadPgliteSnapshot(): Promise<Blob> {
  const snapshotPath = inject('pgliteSnapshotPath');
  if (!snapshotPath) throw new Error('test/global-setup.ts did not prepare the PGlite template');
  pgliteSnapshot ??= readFile(snapshotPath).then((bytes) => new Blob([bytes]));
  return pgliteSnapshot;
}

/**
 * A fresh, migrated database of its own for the calling test file: in-memory PGlite loaded from the migrated
 * dump, or with TEST_DATABASE_URL a new PostgreSQL database copied from the migrated template and dropped again
 * by close(). Each call gives another database.
 */
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ pglite: new PGlite({ loadDataDir: await loadPgliteSnapshot() }) });

  const name = newTestDatabaseName();
  await createFromTemplate(adminUrl, name);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await runAdminStatements(adminUrl, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]);
    },
  };
}

export interface TestDatabaseTarget {
  /** What to pass to openDatabase(); it may be opened several times, one after another. */
  options: OpenDatabaseOptions;
  /** Deletes the database; close every connection to it first. */
  remove(): Promise<void>;
}

/**
 * A fresh database for tests that open it themselves, more than once: PGlite in a temporary folder, or an
 * empty PostgreSQL database (never migrated: openDatabase() applies the migrations).
 */
export async function createTestDatabaseTarget(): Promise<TestDatabaseTarget> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'detal-test-'));
    return { options: { dataDir }, remove: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = newTestDatabaseName();
  await runAdminStatements(adminUrl, [`CREATE DATABASE "${name}"`]);
  return {
    options: { databaseUrl: databaseUrlFor(adminUrl, name) },
    remove: () => runAdminStatements(adminUrl, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]),
  };
}
