import { notInArray, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/index.ts';
import { insertMany } from '../db/insert-many.ts';
import { normalizeBrand } from '@detal/contract';
import {
  brandAliases,
  brands,
  catalogGroupArticles,
  catalogGroups,
  crossReferences,
  news,
  offers,
  pages,
  recommendations,
  shopSettings,
  suppliers,
} from '../db/schema/index.ts';
import { GENERATED_SETTING_KEYS, writeShopSetting } from '../db/shop-settings.ts';
import { demoBrands } from './brands.ts';
import { demoCatalogGroups, type DemoCatalogGroup } from './catalog-groups.ts';
import { planDemoCatalog, type CatalogPlan, type PlannedPart } from './catalog-plan.ts';
import { demoNews } from './news.ts';
import { demoPages } from './pages.ts';
import { createRandom } from './random.ts';
import { demoShopSettings, type SeededShopSettingKey } from './shop-settings.ts';
import { writeDemoPricing } from './pricing.ts';
import { demoSuppliers } from './suppliers.ts';

export interface SeedOptions {
  /** Exactly this many offers are created. */
  offers: number;
  /** PRNG seed: the same seed always gives the same catalogue. */
  seed?: number;
  /** The moment news dates and price-list times are counted back from; now by default. */
  now?: Date;
}

export interface SeedSummary {
  seed: number;
  brands: number;
  brandAliases: number;
  suppliers: number;
  offers: number;
  crossReferences: number;
  catalogGroups: number;
  catalogGroupArticles: number;
  recommendations: number;
  pages: number;
  news: number;
  settings: number;
  durationMs: number;
}

export const defaultSeed = 20_240_601;

/** Block 1 is the home page's recommendation block. */
const homeRecommendationBlock = 1;
// Any fixed 64-bit number: instances starting together on one database seed it once.
const seedLockKey = 4_620_873_052_118_724n;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Tables the demo data fills, in an order that TRUNCATE accepts. */
const demoTables = [
  offers,
  crossReferences,
  catalogGroupArticles,
  recommendations,
  catalogGroups,
  brandAliases,
  brands,
  suppliers,
  pages,
  news,
  shopSettings,
] as const;

/** True when the shop already has its own data (or an earlier seed): then the demo data must not be added. */
async function hasShopData(db: Db): Promise<boolean> {
  const result = await db.execute<{ filled: boolean }>(sql`
    select exists (select 1 from ${offers})
        or exists (select 1 from ${shopSettings} where ${notInArray(shopSettings.key, [...GENERATED_SETTING_KEYS])})
        or exists (select 1 from ${brands})
        or exists (select 1 from ${pages})
        or exists (select 1 from ${news})
        or exists (select 1 from ${catalogGroups}) as filled`);
  return result.rows[0]?.filled === true;
}

async function lockSeeding(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${seedLockKey.toString()}::bigint)`);
}

/**
 * Fills an empty database with the demo shop: brands and aliases, suppliers, `options.offers` offers,
 * cross-references, catalogue groups, recommendations, pages, news and settings, in one transaction.
 * Throws, changing nothing, when the database already holds shop data.
 */
export async function seedDemoData(database: Database, options: SeedOptions): Promise<SeedSummary> {
  return database.db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (await hasShopData(tx)) {
      throw new Error(
        'The database already holds shop data; the demo data goes only into an empty database (seed --reset wipes it first)',
      );
    }
    return writeDemoData(tx, options);
  });
}

/** Seeds the demo shop unless the database holds any shop data; returns null when it did nothing. */
export async function seedIfEmpty(database: Database, options: SeedOptions): Promise<SeedSummary | null> {
  return database.db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (await hasShopData(tx)) return null;
    return writeDemoData(tx, options);
  });
}

/**
 * Empties every table the demo data fills, and by cascade every table that references them (baskets, orders):
 * meant for development databases only.
 */
export async function wipeDemoData(database: Database): Promise<void> {
  const tableList = sql.join(
    demoTables.map((table) => sql`${table}`),
    sql`, `,
  );
  await database.db.execute(sql`truncate ${tableList} restart identity cascade`);
}

async function writeDemoData(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const seed = options.seed ?? defaultSeed;
  const now = options.now ?? new Date();
  const plan = planDemoCatalog(createRandom(seed), options.offers);

  const brandIds = await insertBrands(db);
  const aliasCount = await insertBrandAliases(db, brandIds);
  const supplierIds = await insertSuppliers(db);
  const groupIds = await insertCatalogGroups(db);
  await insertOffers(db, plan, brandIds, supplierIds, now);
  await insertCrossReferences(db, plan, brandIds);
  const groupArticleCount = await insertCatalogGroupArticles(db, plan, brandIds, groupIds);
  await insertRecommendations(db, plan, brandIds);
  await insertPages(db);
  await insertNews(db, now);
  await writeDemoPricing(db);
  const settingKeys = Object.keys(demoShopSettings) as SeededShopSettingKey[];
  for (const key of settingKeys) await writeShopSetting(db, key, demoShopSettings[key]);

  return {
    seed,
    brands: brandIds.size,
    brandAliases: aliasCount,
    suppliers: supplierIds.length,
    offers: plan.offers.length,
    crossReferences: plan.crossReferences.length,
    catalogGroups: groupIds.size,
    catalogGroupArticles: groupArticleCount,
    recommendations: plan.recommended.length,
    pages: demoPages.length,
    news: demoNews.length,
    settings: settingKeys.length,
    durationMs: Math.round(performance.now() - started),
  };
}

async function insertBrands(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .insert(brands)
    .values(demoBrands.map((brand) => ({ name: brand.name, nameNormalized: normalizeBrand(brand.name) })))
    .returning({ id: brands.id, name: brands.name });
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Each brand's own name is one of its aliases, so a brand is always found through the alias table alone. */
async function insertBrandAliases(db: Db, brandIds: Map<string, number>): Promise<number> {
  const aliasOwners = new Map<string, number>();
  for (const brand of demoBrands) {
    const brandId = brandIds.get(brand.name);
    if (brandId === undefined) throw new Error(`Brand ${brand.name} was not inserted`);
    for (const spelling of [brand.name, ...brand.aliases]) {
      const alias = normalizeBrand(spelling);
      const owner = aliasOwners.get(alias);
      if (owner !== undefined && owner !== brandId) throw new Error(`Alias ${spelling} names two demo brands`);
      aliasOwners.set(alias, brandId);
    }
  }
  const rows = [...aliasOwners].map(([aliasNormalized, brandId]) => ({ aliasNormalized, brandId }));
  await db.insert(brandAliases).values(rows);
  return rows.length;
}

async function insertSuppliers(db: Db): Promise<number[]> {
  const rows = await db
    .insert(suppliers)
    .values(
      demoSuppliers.map((supplier) => ({ name: supplier.name, defaultDeliveryDays: supplier.defaultDeliveryDays })),
    )
    .returning({ id: suppliers.id });
  return rows.map((row) => row.id);
}

async function insertCatalogGroups(db: Db): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const insertLevel = async (groups: readonly DemoCatalogGroup[], parentId: number | null): Promise<void> => {
    for (const [position, group] of groups.entries()) {
      const [row] = await db
        .insert(catalogGroups)
        .values({ parentId, name: group.name, slug: group.slug, position })
        .returning({ id: catalogGroups.id });
      if (!row) throw new Error(`Catalogue group ${group.slug} was not inserted`);
      ids.set(group.slug, row.id);
      if (group.children) await insertLevel(group.children, row.id);
    }
  };
  await insertLevel(demoCatalogGroups, null);
  return ids;
}

function idOf(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo data refers to unknown ${key}`);
  return id;
}

async function insertOffers(
  db: Db,
  plan: CatalogPlan,
  brandIds: Map<string, number>,
  supplierIds: number[],
  now: Date,
): Promise<void> {
  const updatedAt = demoSuppliers.map((supplier) => new Date(now.getTime() - supplier.updatedHoursAgo * hourMs));
  const rows = plan.offers.map((offer) => {
    const supplierId = supplierIds[offer.supplierIndex];
    if (supplierId === undefined) throw new Error(`Unknown demo supplier ${offer.supplierIndex}`);
    return {
      supplierId,
      brandId: idOf(brandIds, offer.part.brandName),
      article: offer.part.article,
      articleNormalized: offer.part.articleNormalized,
      description: offer.description,
      deliveryDays: offer.deliveryDays,
      price: offer.price,
      quantity: offer.quantity,
      weight: offer.part.weight,
      updatedAt: updatedAt[offer.supplierIndex] ?? now,
    };
  });
  await insertMany(db, offers, rows);
}

async function insertCrossReferences(db: Db, plan: CatalogPlan, brandIds: Map<string, number>): Promise<void> {
  const rows = plan.crossReferences.map(({ a, b, type }) => ({
    brandIdA: idOf(brandIds, a.brandName),
    articleNormalizedA: a.articleNormalized,
    brandIdB: idOf(brandIds, b.brandName),
    articleNormalizedB: b.articleNormalized,
    type,
  }));
  await insertMany(db, crossReferences, rows);
}

async function insertCatalogGroupArticles(
  db: Db,
  plan: CatalogPlan,
  brandIds: Map<string, number>,
  groupIds: Map<string, number>,
): Promise<number> {
  const rows = plan.parts.map((part: PlannedPart) => ({
    groupId: idOf(groupIds, part.partType.groupSlug),
    brandId: idOf(brandIds, part.brandName),
    articleNormalized: part.articleNormalized,
  }));
  await insertMany(db, catalogGroupArticles, rows);
  return rows.length;
}

async function insertRecommendations(db: Db, plan: CatalogPlan, brandIds: Map<string, number>): Promise<void> {
  if (plan.recommended.length === 0) return;
  await db.insert(recommendations).values(
    plan.recommended.map((part, position) => ({
      blockId: homeRecommendationBlock,
      brandId: idOf(brandIds, part.brandName),
      articleNormalized: part.articleNormalized,
      position,
    })),
  );
}

async function insertPages(db: Db): Promise<void> {
  await db.insert(pages).values(demoPages.map((page) => ({ ...page, published: true })));
}

async function insertNews(db: Db, now: Date): Promise<void> {
  await db.insert(news).values(
    demoNews.map((item) => ({
      slug: item.slug,
      title: item.title,
      preview: item.preview,
      contentHtml: item.contentHtml,
      // Staggered by a few hours so that the items do not all share one time of day.
      publishedAt: new Date(now.getTime() - item.daysAgo * dayMs - (item.daysAgo % 5) * hourMs),
      imageUrl: null,
      metaTitle: item.title,
      metaDescription: item.preview,
    })),
  );
}
