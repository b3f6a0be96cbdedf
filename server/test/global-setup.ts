import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/index.ts';
import { testDatabasePrefix } from './helpers/db.ts';
import { databaseUrlFor, listDatabases, runAdminStatements, templateDatabaseName } from './helpers/postgres-admin.ts';

type Teardown = () => Promise<void>;

/**
 * Prepares the migrated template every test file's database starts from, once per run, and says which driver
 * the run uses. PostgreSQL (TEST_DATABASE_URL set): creates and migrates this run's template database, and at
 * the end drops it with this run's leftover per-file databases. PGlite: migrates an in-memory database and dumps it to a file;
 * each test database is loaded from the dump, which is faster than creating one.
 */
export default async function setup(project: TestProject): Promise<Teardown> {
  const run = randomBytes(4).toString('hex');
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? preparePostgres(project, run, adminUrl) : preparePglite(project, run);
}

async function preparePostgres(project: TestProject, run: string, adminUrl: string): Promise<Teardown> {
  const shownUrl = new URL(adminUrl);
  shownUrl.password = '';
  const template = templateDatabaseName(run);
  console.log(`[server tests] database driver: PostgreSQL at ${shownUrl.host} (template ${template})`);

  await runAdminStatements(adminUrl, [`CREATE DATABASE "${template}"`]);
  // Closed before any test starts: PostgreSQL refuses to copy a template that has open sessions.
  const migrated = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, template) });
  await migrated.close();
  project.provide('testDatabaseRun', run);

  return async () => {
    const leftovers = await listDatabases(adminUrl, testDatabasePrefix(run));
    await runAdminStatements(
      adminUrl,
      [...leftovers, template].map((name) => `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    );
  };
}

async function preparePglite(project: TestProject, run: string): Promise<Teardown> {
  console.log('[server tests] database driver: PGlite (in memory, one database per test file)');
  const client = new PGlite();
  const template = await openDatabase({ pglite: client });
  const snapshotPath = path.join(tmpdir(), `detal-pglite-template-${run}.tar`);
  try {
    await writeFile(snapshotPath, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await template.close();
  }
  project.provide('pgliteSnapshotPath', snapshotPath);

  return () => rm(snapshotPath, { force: true });
}
