import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database } from '../../src/db/index.ts';
import { createTestDatabase, testDriver } from './db.ts';
import { listDatabases } from './postgres-admin.ts';

async function brandNames(database: Database): Promise<string[]> {
  const rows = await database.db.select({ name: schema.brands.name }).from(schema.brands).orderBy(schema.brands.name);
  return rows.map((row) => row.name);
}

describe(`createTestDatabase (${testDriver})`, () => {
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  it('gives migrated, empty databases on the configured driver', async () => {
    expect(first.driver).toBe(testDriver);
    expect(second.driver).toBe(testDriver);
    expect(await brandNames(first)).toEqual([]);
    expect(await brandNames(second)).toEqual([]);
  });

  it('keeps each database to itself', async () => {
    await first.db.insert(schema.brands).values({ name: 'BOSCH', nameNormalized: 'BOSCH' });
    await second.db.insert(schema.brands).values({ name: 'NGK', nameNormalized: 'NGK' });

    expect(await brandNames(first)).toEqual(['BOSCH']);
    expect(await brandNames(second)).toEqual(['NGK']);
  });

  // Only PostgreSQL test databases outlive their process unless dropped; PGlite's live in the test's memory.
  if (testDriver === 'postgres') {
    it('drops the PostgreSQL database on close', async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const extra = await createTestDatabase();
      const result = await extra.db.execute<{ name: string }>(sql`select current_database() as name`);
      const name = result.rows[0]?.name ?? '';
      expect(name).toMatch(/^detal_t_[0-9a-f]+_[0-9a-f]+$/);
      expect(await listDatabases(adminUrl, name)).toEqual([name]);

      await extra.close();

      expect(await listDatabases(adminUrl, name)).toEqual([]);
    });
  }
});
