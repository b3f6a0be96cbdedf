import { normalizeArticle, normalizeBrand } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { brands, offers, suppliers } from '../../db/schema.ts';

/** Test data: offers with exact values, for tests that check what the API answers about them. */

export interface OfferFixture {
  article: string;
  description?: string;
  price: string;
  quantity: number;
  deliveryDays?: number | null;
  weight?: string | null;
}

export async function insertBrand(db: Db, name: string): Promise<number> {
  const [row] = await db
    .insert(brands)
    .values({ name, nameNormalized: normalizeBrand(name) })
    .returning({ id: brands.id });
  return row!.id;
}

export async function insertSupplier(db: Db, name: string): Promise<number> {
  const [row] = await db.insert(suppliers).values({ name }).returning({ id: suppliers.id });
  return row!.id;
}

/** Inserts the offers in order and returns their ids in the same order. */
export async function insertOffers(
  db: Db,
  brandId: number,
  supplierId: number,
  fixtures: readonly OfferFixture[],
): Promise<number[]> {
  const rows = await db
    .insert(offers)
    .values(
      fixtures.map((fixture) => ({
        brandId,
        supplierId,
        article: fixture.article,
        articleNormalized: normalizeArticle(fixture.article),
        description: fixture.description ?? `Деталь ${fixture.article}`,
        price: fixture.price,
        quantity: fixture.quantity,
        deliveryDays: fixture.deliveryDays ?? null,
        weight: fixture.weight ?? null,
      })),
    )
    .returning({ id: offers.id });
  return rows.map((row) => row.id);
}
