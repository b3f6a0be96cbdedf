import { readFileSync } from 'node:fs';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Database } from './index.ts';
import { createTestDatabaseTarget, testDriver, type TestDatabaseTarget } from '../../test/helpers/db.ts';

const journal = JSON.parse(readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: { tag: string }[];
};

// Every table the schema declares: the migrations must create exactly these, and nothing else.
const expectedTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

async function publicTables(database: Database): Promise<string[]> {
  const result = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  return result.rows.map((row) => row.table_name).sort();
}

async function appliedMigrations(database: Database): Promise<number> {
  const result = await database.db.execute<{ applied: number }>(
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return result.rows[0]?.applied ?? -1;
}

describe(`migrations (${testDriver})`, () => {
  const targets: TestDatabaseTarget[] = [];
  const opened: Database[] = [];

  const newTarget = async (): Promise<TestDatabaseTarget> => {
    const target = await createTestDatabaseTarget();
    targets.push(target);
    return target;
  };
  const open = async (target: TestDatabaseTarget): Promise<Database> => {
    const database = await openDatabase(target.options);
    opened.push(database);
    return database;
  };

  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    for (const target of targets.splice(0)) await target.remove();
  });

  it('applies every migration to an empty database', async () => {
    const database = await open(await newTarget());

    expect(database.driver).toBe(testDriver);
    expect(await publicTables(database)).toEqual(expectedTables);
    expect(journal.entries.length).toBeGreaterThan(0);
    expect(await appliedMigrations(database)).toBe(journal.entries.length);
    await expect(database.ping()).resolves.toBeUndefined();
    // What the schema cannot say: offers leave room on their pages for price updates in place.
    const storage = await database.db.execute<{ options: string[] | null }>(
      sql`select reloptions as options from pg_class where relname = 'offers' and relkind = 'r'`,
    );
    expect(storage.rows[0]?.options).toEqual(['fillfactor=50']);
  });

  it('opening a migrated database again applies nothing and keeps its data', async () => {
    const target = await newTarget();
    const first = await open(target);
    await first.db.insert(schema.brands).values({ name: 'MAHLE', nameNormalized: 'MAHLE' });
    await first.close();
    opened.splice(opened.indexOf(first), 1);

    const second = await open(target);
    expect(await appliedMigrations(second)).toBe(journal.entries.length);
    expect(await second.db.select({ name: schema.brands.name }).from(schema.brands)).toEqual([{ name: 'MAHLE' }]);
    await second.close();
    opened.splice(opened.indexOf(second), 1);

    const third = await open(target);
    expect(await appliedMigrations(third)).toBe(journal.entries.length);
    expect(await publicTables(third)).toEqual(expectedTables);
    // Three opens of an embedded database, each reading every migration: on a loaded 2-core CI machine over 30 s.
  }, 120_000);

  it('refuses to open without migrations', async () => {
    const target = await newTarget();
    await expect(
      openDatabase({ ...target.options, migrationsFolder: '/nonexistent/detal-migrations' }),
    ).rejects.toThrow('No database migrations in /nonexistent/detal-migrations');
  });

  // Several app processes sharing one database happen only on PostgreSQL; a PGlite folder has one process.
  if (testDriver === 'postgres') {
    it('instances starting together on one database migrate it exactly once', async () => {
      const target = await newTarget();
      const instances = await Promise.all([open(target), open(target), open(target), open(target)]);

      for (const instance of instances) expect(await appliedMigrations(instance)).toBe(journal.entries.length);
      expect(await publicTables(instances[0] as Database)).toEqual(expectedTables);
    });
  }
});
