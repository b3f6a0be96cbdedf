import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { normalizeBrand, type AdminNews, type AdminPage, type Recommendation } from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { brandAliases, brands, news, offers, pages, recommendations } from '../../db/schema/index.ts';

/** The back office's reads and writes of content (admin.ts is the service over them). */

/** A page or news item by its id, or by its slug. */
export type ContentKey = { id: number } | { slug: string };

const pageColumns = {
  id: pages.id,
  slug: pages.slug,
  title: pages.title,
  published: pages.published,
  updatedAt: pages.updatedAt,
  contentHtml: pages.contentHtml,
  metaTitle: pages.metaTitle,
  metaDescription: pages.metaDescription,
};

const newsColumns = {
  id: news.id,
  slug: news.slug,
  title: news.title,
  published: news.published,
  publishedAt: news.publishedAt,
  preview: news.preview,
  contentHtml: news.contentHtml,
  imageUrl: news.imageUrl,
};

export async function findAdminPage(db: DbExecutor, key: ContentKey): Promise<AdminPage | null> {
  const where = 'id' in key ? eq(pages.id, key.id) : eq(pages.slug, key.slug);
  const [row] = await db.select(pageColumns).from(pages).where(where);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    published: row.published,
    updated_at: row.updatedAt.toISOString(),
    content_html: row.contentHtml,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
  };
}

export async function findAdminNews(db: DbExecutor, key: ContentKey): Promise<AdminNews | null> {
  const where = 'id' in key ? eq(news.id, key.id) : eq(news.slug, key.slug);
  const [row] = await db.select(newsColumns).from(news).where(where);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    published: row.published,
    published_at: row.publishedAt.toISOString(),
    preview: row.preview,
    content_html: row.contentHtml,
    image_url: row.imageUrl,
  };
}

/** Every page, published or not, by title. */
export function selectPageList(db: DbExecutor) {
  return db
    .select({
      id: pages.id,
      slug: pages.slug,
      title: pages.title,
      published: pages.published,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .orderBy(asc(pages.title));
}

/** Every news item, published or not, newest first. */
export function selectNewsList(db: DbExecutor) {
  return db
    .select({
      id: news.id,
      slug: news.slug,
      title: news.title,
      published: news.published,
      publishedAt: news.publishedAt,
    })
    .from(news)
    .orderBy(desc(news.publishedAt), desc(news.id));
}

/** A recommendation block's parts in order, each with an article and description of its offers when it has any. */
export async function selectRecommendations(db: DbExecutor, blockId: number): Promise<Recommendation[]> {
  return db
    .select({
      brand: brands.name,
      article: sql<string>`coalesce((select min(${offers.article}) from ${offers}
        where ${offers.brandId} = ${recommendations.brandId}
          and ${offers.articleNormalized} = ${recommendations.articleNormalized}), ${recommendations.articleNormalized})`,
      description: sql<string>`coalesce((select min(${offers.description}) from ${offers}
        where ${offers.brandId} = ${recommendations.brandId}
          and ${offers.articleNormalized} = ${recommendations.articleNormalized}), '')`,
    })
    .from(recommendations)
    .innerJoin(brands, eq(brands.id, recommendations.brandId))
    .where(eq(recommendations.blockId, blockId))
    .orderBy(asc(recommendations.position), asc(recommendations.brandId));
}

/** Replaces a recommendation block's parts with `rows`. */
export async function replaceRecommendations(
  tx: Tx,
  blockId: number,
  rows: { blockId: number; brandId: number; articleNormalized: string; position: number }[],
): Promise<void> {
  await tx.delete(recommendations).where(and(eq(recommendations.blockId, blockId)));
  if (rows.length > 0) await tx.insert(recommendations).values(rows);
}

/** Locks a page or news item and reads whether it is published; undefined when there is none with that id. */
export async function lockPublished(tx: Tx, kind: 'page' | 'news', id: number) {
  const table = kind === 'page' ? pages : news;
  const [row] = await tx.select({ published: table.published }).from(table).where(eq(table.id, id)).for('update');
  return row;
}

/** Publishes or unpublishes a page (its update time moves) or a news item (its publication time stays). */
export async function updatePublished(
  tx: Tx,
  kind: 'page' | 'news',
  id: number,
  published: boolean,
  at: Date,
): Promise<void> {
  if (kind === 'page') await tx.update(pages).set({ published, updatedAt: at }).where(eq(pages.id, id));
  else await tx.update(news).set({ published }).where(eq(news.id, id));
}

/** The brand's id by any of its spellings (its aliases), or null. */
export async function brandIdOf(tx: Tx, name: string): Promise<number | null> {
  const normalized = normalizeBrand(name);
  const [own] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.nameNormalized, normalized));
  if (own) return own.id;
  const [alias] = await tx
    .select({ id: brandAliases.brandId })
    .from(brandAliases)
    .where(eq(brandAliases.aliasNormalized, normalized));
  return alias?.id ?? null;
}

/** Parts of this normalized article (any brand) that have offers, at most 50, by brand. */
export function selectArticleParts(db: DbExecutor, articleNormalized: string) {
  return db
    .select({
      brand: brands.name,
      article: sql<string>`min(${offers.article})`,
      description: sql<string>`min(${offers.description})`,
      offers: sql<number>`count(*)::int`,
    })
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(eq(offers.articleNormalized, articleNormalized))
    .groupBy(brands.name)
    .orderBy(asc(brands.name))
    .limit(50);
}
