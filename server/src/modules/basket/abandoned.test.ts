import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { basketItems, baskets } from '../../db/schema/index.ts';
import { loadAdminCommands, type AdminCommand } from '../../cli/admin.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertClient, insertTestOffers } from '../../../test/fixtures/baskets.ts';
import { removeAbandonedBaskets } from './abandoned.ts';

let database: Database;
let offerId: number;
let commands: Map<string, AdminCommand>;

beforeAll(async () => {
  database = await createTestDatabase();
  [offerId] = (await insertTestOffers(database.db, [{ article: 'OLD-1', price: '10.00', quantity: 100 }])) as [number];
  commands = await loadAdminCommands();
});

afterAll(async () => {
  await database.close();
});

/** A basket with one line, both last touched `daysAgo` days ago (a line may be newer: `lineDaysAgo`). */
async function basketAged(daysAgo: number, { clientId = null as number | null, lineDaysAgo = daysAgo } = {}) {
  const touched = sql`now() - ${daysAgo} * interval '1 day'`;
  const [basket] = await database.db
    .insert(baskets)
    .values({ key: `key-${Math.random()}`, clientId, createdAt: touched, updatedAt: touched })
    .returning({ id: baskets.id });
  await database.db.insert(basketItems).values({
    basketId: basket!.id,
    offerId,
    quantity: 1,
    priceSeen: '10.00',
    createdAt: sql`now() - ${lineDaysAgo} * interval '1 day'`,
  });
  return basket!.id;
}

const existing = async (ids: number[]) =>
  (await database.db.select({ id: baskets.id }).from(baskets).where(inArray(baskets.id, ids))).map((row) => row.id);

const linesOf = async (id: number) =>
  (await database.db.select().from(basketItems).where(eq(basketItems.basketId, id))).length;

describe('abandoned anonymous baskets (untouched 30 days, no client) are removed', () => {
  it('a 31-day-old anonymous basket goes with its lines; a fresh one, one with a new line and a client’s stay', async () => {
    const abandoned = await basketAged(31);
    const fresh = await basketAged(2);
    const newLine = await basketAged(40, { lineDaysAgo: 3 });
    const clients = await basketAged(90, { clientId: await insertClient(database.db) });

    expect(await removeAbandonedBaskets(database.db, { days: 30, now: new Date() })).toBe(1);
    expect(await existing([abandoned, fresh, newLine, clients])).toEqual([fresh, newLine, clients]);
    expect(await linesOf(abandoned)).toBe(0);
    expect(await linesOf(fresh)).toBe(1);
  });

  it('npm run admin -- baskets-clean --days N does the same, and refuses a wrong --days', async () => {
    const tenDays = await basketAged(10);
    const fiveDays = await basketAged(5);
    const run = await runAdminInProcess(database, commands, ['baskets-clean', '--days', '7']);
    expect(run).toMatchObject({ code: 0, out: 'Удалено анонимных корзин, не тронутых 7 дн.: 1' });
    expect(await existing([tenDays, fiveDays])).toEqual([fiveDays]);

    const wrong = await runAdminInProcess(database, commands, ['baskets-clean', '--days', 'month']);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('--days: нужно целое число дней');
    expect(await existing([fiveDays])).toEqual([fiveDays]);
  });
});
