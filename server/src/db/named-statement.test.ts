import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';
import type { Database } from './index.ts';
import { NamedStatement } from './named-statement.ts';
import { brands } from './schema/index.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(brands).values([
    { name: 'MAHLE', nameNormalized: 'MAHLE' },
    { name: 'KNECHT', nameNormalized: 'KNECHT' },
    { name: 'BOSCH', nameNormalized: 'BOSCH' },
  ]);
});

afterAll(async () => {
  await database.close();
});

const brandsFrom = new NamedStatement<{ from: string; limit: number }>(
  'test_brands_from',
  sql`select ${brands.name} as name, ${brands.id}::text as id from ${brands}
      where ${brands.nameNormalized} >= ${sql.placeholder('from')}
      order by ${brands.nameNormalized} limit ${sql.placeholder('limit')}`,
);

describe(`NamedStatement (${testDriver})`, () => {
  it('fills its placeholders anew on every run of the one prepared statement', async () => {
    const first = await brandsFrom.rows<{ name: string; id: string }>(database.db, { from: 'K', limit: 5 });
    expect(first.map((row) => row.name)).toEqual(['KNECHT', 'MAHLE']);
    const second = await brandsFrom.rows<{ name: string; id: string }>(database.db, { from: 'A', limit: 1 });
    expect(second.map((row) => row.name)).toEqual(['BOSCH']);
    expect(second[0]?.id).toMatch(/^\d+$/);
  });

  it('answers rows as arrays in the order selected', async () => {
    const rows = await brandsFrom.arrays<readonly [string, string]>(database.db, { from: 'M', limit: 5 });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('MAHLE');
    expect(Array.isArray(rows[0])).toBe(true);
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.insert(brands).values({ name: 'NGK', nameNormalized: 'NGK' });
        const rows = await brandsFrom.rows<{ name: string; id: string }>(tx, { from: 'N', limit: 5 });
        expect(rows.map((row) => row.name)).toEqual(['NGK']);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'roll back')) throw error;
      });
    expect(await brandsFrom.rows(database.db, { from: 'N', limit: 5 })).toEqual([]);
  });
});
