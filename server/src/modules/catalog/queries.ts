import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { brands, catalogGroupArticles, catalogGroups, offers } from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { offerSellingPrice, type ClientPricing } from '../pricing/client-pricing.ts';
import type { GroupRow } from './group-tree.ts';
import { selectOfferRows, type OfferRow } from './offer-rows.ts';

/** Every group, siblings by position (then id, so that equal positions keep a stable order). */
export function listGroups(db: Db): Promise<GroupRow[]> {
  return db
    .select({
      id: catalogGroups.id,
      parentId: catalogGroups.parentId,
      slug: catalogGroups.slug,
      name: catalogGroups.name,
    })
    .from(catalogGroups)
    .orderBy(asc(catalogGroups.position), asc(catalogGroups.id));
}

export async function groupExists(db: Db, groupId: number): Promise<boolean> {
  if (!fitsIntegerId(groupId)) return false;
  const [row] = await db.select({ id: catalogGroups.id }).from(catalogGroups).where(eq(catalogGroups.id, groupId));
  return row !== undefined;
}

/** The ids of a group and of every group below it, as a subquery. */
const subtreeIds = (groupId: number) => sql`(
  with recursive subtree(id) as (
    select ${groupId}::integer
    union all
    select child.id from ${catalogGroups} child join subtree on child.parent_id = subtree.id
  )
  select id from subtree
)`;

/**
 * A group's offers are the current offers of the parts linked to it or to any group below it ("Фильтры" shows
 * every filter). The parts are taken distinct, so that a part linked at several levels still gives its offers
 * once; the query runs from the group's few parts into offers through its (article, brand) index.
 */
const groupParts = (db: Db, groupId: number) =>
  db
    .selectDistinct({
      brandId: catalogGroupArticles.brandId,
      articleNormalized: catalogGroupArticles.articleNormalized,
    })
    .from(catalogGroupArticles)
    .where(inArray(catalogGroupArticles.groupId, subtreeIds(groupId)))
    .as('group_parts');

export async function countGroupOffers(db: Db, groupId: number): Promise<number> {
  const parts = groupParts(db, groupId);
  const [row] = await db
    .select({ total: count() })
    .from(offers)
    .innerJoin(parts, and(eq(offers.articleNormalized, parts.articleNormalized), eq(offers.brandId, parts.brandId)));
  return row?.total ?? 0;
}

/** One page of a group's offers at `pricing`'s selling prices, by brand, article, then cheapest first. */
export function listGroupOffers(
  db: Db,
  groupId: number,
  limit: number,
  offset: number,
  pricing: ClientPricing,
): Promise<OfferRow[]> {
  const parts = groupParts(db, groupId);
  return selectOfferRows(db, pricing)
    .innerJoin(parts, and(eq(offers.articleNormalized, parts.articleNormalized), eq(offers.brandId, parts.brandId)))
    .orderBy(asc(brands.name), asc(offers.articleNormalized), asc(offerSellingPrice(pricing)), asc(offers.id))
    .limit(limit)
    .offset(offset);
}

/** One offer's article and brand, as a client would type them; null when the catalogue is empty. */
export async function anyOfferKey(db: Db): Promise<{ article: string; brand: string } | null> {
  const [row] = await db
    .select({ article: offers.article, brand: brands.name })
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .limit(1);
  return row ?? null;
}
