import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './db/index.ts';
import { warmUp } from './warm-up.ts';
import { buildTestApp } from '../test/helpers/app.ts';
import { createTestDatabase, testDriver } from '../test/helpers/db.ts';
import { insertBrand, insertOffers, insertSupplier } from '../test/fixtures/offers.ts';

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const resource of opened.reverse()) await resource.close();
  opened.length = 0;
});

async function appOn(database: Database) {
  opened.push(database);
  const { app } = await buildTestApp(database);
  opened.push(app);
  return app;
}

/** Connections the app holds to its database, counted by PostgreSQL itself. */
async function appConnections(database: Database): Promise<number> {
  const result = await database.db.execute<{ count: string }>(
    sql`select count(*)::text as count from pg_stat_activity where datname = current_database() and application_name = 'detal'`,
  );
  return Number(result.rows[0]!.count);
}

describe('warm-up before the first client', () => {
  it('opens every pool connection and answers searches and the result page on each of them', async () => {
    const database = await createTestDatabase();
    const app = await appOn(database);
    const brand = await insertBrand(database.db, 'KNECHT');
    const supplier = await insertSupplier(database.db, 'North');
    await insertOffers(database.db, brand, supplier, [{ article: 'OC 90', price: '512.40', quantity: 3 }]);

    const result = await warmUp(app, database);

    if (testDriver === 'postgres') {
      expect(result.connections).toBe(10);
      expect(await appConnections(database)).toBe(10);
      // 5 rounds of one search per connection plus one page.
      expect(result.requests).toBe(5 * 11);
    } else {
      expect(result.connections).toBe(0);
      expect(result.requests).toBe(5 * 3);
    }
  });

  it('with an empty catalogue still opens the connections and sends no request', async () => {
    const database = await createTestDatabase();
    const app = await appOn(database);
    const result = await warmUp(app, database);
    expect(result.requests).toBe(0);
    expect(result.connections).toBe(testDriver === 'postgres' ? 10 : 0);
  });
});
