import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { basketItems, baskets, clients } from '../../db/schema.ts';
import { insertBrand, insertOffers, insertSupplier, type OfferFixture } from '../catalog/test-offers.ts';

/** Test data for the basket's tests: clients, offers with exact stock and price, and what a basket holds. */

let clientCount = 0;

/** A client row (the basket only needs it to exist); the password hash is not a real one. */
export async function insertClient(db: Db, name = 'Клиент'): Promise<number> {
  clientCount += 1;
  const [row] = await db
    .insert(clients)
    .values({
      email: `client-${clientCount}-${Date.now()}@example.ru`,
      passwordHash: 'test-only',
      firstName: name,
      lastName: 'Тестов',
      phoneNumber: '+79990000000',
    })
    .returning({ id: clients.id });
  return row!.id;
}

let catalogCount = 0;

/** Offers of one new brand and supplier, ids in the order of `fixtures`. */
export async function insertTestOffers(db: Db, fixtures: readonly OfferFixture[]): Promise<number[]> {
  catalogCount += 1;
  const brandId = await insertBrand(db, `BASKETBRAND${catalogCount}`);
  const supplierId = await insertSupplier(db, `Поставщик корзины ${catalogCount}`);
  return insertOffers(db, brandId, supplierId, fixtures);
}

/** `count` offers A1..An of price `price` and stock `quantity`. */
export function offerFixtures(count: number, price = '100.00', quantity = 10): OfferFixture[] {
  return Array.from({ length: count }, (_, index) => ({ article: `BSK${index + 1}`, price, quantity }));
}

export interface StoredLine {
  offerId: number;
  quantity: number;
  priceSeen: string;
}

/** The lines of a basket as stored, in offer order. */
export async function storedLines(db: Db, basketId: number): Promise<StoredLine[]> {
  return db
    .select({ offerId: basketItems.offerId, quantity: basketItems.quantity, priceSeen: basketItems.priceSeen })
    .from(basketItems)
    .where(eq(basketItems.basketId, basketId))
    .orderBy(asc(basketItems.offerId));
}

export async function basketRow(db: Db, basketId: number) {
  const [row] = await db.select().from(baskets).where(eq(baskets.id, basketId));
  return row ?? null;
}

/** A stored basket with these lines, bypassing the API (for tests of what the API does with it). */
export async function insertBasket(
  db: Db,
  key: string,
  clientId: number | null,
  lines: ReadonlyArray<{ offerId: number; quantity: number; priceSeen: string }>,
): Promise<number> {
  const [row] = await db.insert(baskets).values({ key, clientId }).returning({ id: baskets.id });
  const basketId = row!.id;
  if (lines.length > 0) {
    await db.insert(basketItems).values(lines.map((line) => ({ basketId, ...line })));
  }
  return basketId;
}
