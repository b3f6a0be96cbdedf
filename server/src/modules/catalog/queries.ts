import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { brands, catalogGroupArticles, catalogGroups, offers } from '../../db/schema.ts';
import type { GroupRow } from './group-tree.ts';
import { selectOfferRows, type OfferRow } from './offer-rows.ts';

// The largest value of an `integer` id column; a larger id names no row, and PostgreSQL would reject it as a
// parameter of an integer comparison rather than find nothing.
const INTEGER_ID_MAX = 2_147_483_647;

/** True when `id` can be the value of an `integer` id column. */
export const fitsIntegerId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= INTEGER_ID_MAX;

/** Every group, siblings by position (then id, so that equal positions keep a stable order). */
export function listGroups(db: Db): Promise<GroupRow[]> {
  return db
    .select({ id: catalogGroups.id, parentId: catalogGroups.parentId, name: catalogGroups.name })
    .from(catalogGroups)
    .orderBy(asc(catalogGroups.position), asc(catalogGroups.id));
}

export async function groupExists(db: Db, groupId: number): Promise<boolean> {
  if (!fitsIntegerId(groupId)) return false;
  const [row] = await db.select({ id: catalogGroups.id }).from(catalogGroups).where(eq(catalogGroups.id, groupId));
  return row !== undefined;
}

// A group's offers are the current offers of the parts linked to it.
const groupArticleJoin = and(
  eq(catalogGroupArticles.brandId, offers.brandId),
  eq(catalogGroupArticles.articleNormalized, offers.articleNormalized),
);

export async function countGroupOffers(db: Db, groupId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(offers)
    .innerJoin(catalogGroupArticles, groupArticleJoin)
    .where(eq(catalogGroupArticles.groupId, groupId));
  return row?.total ?? 0;
}

/** One page of a group's offers, by brand, article, then cheapest first. */
export function listGroupOffers(db: Db, groupId: number, limit: number, offset: number): Promise<OfferRow[]> {
  return selectOfferRows(db)
    .innerJoin(catalogGroupArticles, groupArticleJoin)
    .where(eq(catalogGroupArticles.groupId, groupId))
    .orderBy(asc(brands.name), asc(offers.articleNormalized), asc(offers.price), asc(offers.id))
    .limit(limit)
    .offset(offset);
}
