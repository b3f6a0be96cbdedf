import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  normalizeArticle,
  normalizeBrand,
  type AdminContent,
  type AdminNews,
  type AdminPage,
  type MenusSaveRequest,
  type NewsSaveRequest,
  type PageSaveRequest,
  type Recommendation,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { brandAliases, brands, news, offers, pages, recommendations } from '../../db/schema.ts';
import { readShopSetting, writeShopSetting } from '../../db/shop-settings.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { emit } from '../../events/bus.ts';
import { sanitizeContentHtml } from './sanitize.ts';
import { ContentInputError, saveNews, savePage } from './store.ts';

/**
 * Content in the back office (issue 15, point 6): pages and news through store.ts (the CLI's functions, which
 * sanitize every body), publish and unpublish, the menus and the home page's recommendation block. Every write
 * has its audit row in its transaction.
 */

export const PAGE_NOT_FOUND = 'Страница не найдена';
export const NEWS_NOT_FOUND = 'Новость не найдена';
/** The home page's recommendation block. */
export const HOME_BLOCK_ID = 1;

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

async function pageBy(db: DbExecutor, where: ReturnType<typeof eq>): Promise<AdminPage | null> {
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

async function newsBy(db: DbExecutor, where: ReturnType<typeof eq>): Promise<AdminNews | null> {
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

export async function adminPage(db: DbExecutor, id: number): Promise<AdminPage> {
  const page = await pageBy(db, eq(pages.id, id));
  if (!page) throw notFound(PAGE_NOT_FOUND);
  return page;
}

export async function adminNews(db: DbExecutor, id: number): Promise<AdminNews> {
  const item = await newsBy(db, eq(news.id, id));
  if (!item) throw notFound(NEWS_NOT_FOUND);
  return item;
}

async function recommendationList(db: DbExecutor): Promise<Recommendation[]> {
  const rows = await db
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
    .where(eq(recommendations.blockId, HOME_BLOCK_ID))
    .orderBy(asc(recommendations.position), asc(recommendations.brandId));
  return rows;
}

/** Every page and news item (published or not), the menus and the home page's block. */
export async function contentScreen(db: DbExecutor): Promise<AdminContent> {
  const [pageRows, newsRows, menu, recommended] = await Promise.all([
    db
      .select({
        id: pages.id,
        slug: pages.slug,
        title: pages.title,
        published: pages.published,
        updatedAt: pages.updatedAt,
      })
      .from(pages)
      .orderBy(asc(pages.title)),
    db
      .select({
        id: news.id,
        slug: news.slug,
        title: news.title,
        published: news.published,
        publishedAt: news.publishedAt,
      })
      .from(news)
      .orderBy(desc(news.publishedAt), desc(news.id)),
    readShopSetting(db, 'menu'),
    recommendationList(db),
  ]);
  return {
    pages: pageRows.map(({ updatedAt, ...row }) => ({ ...row, updated_at: updatedAt.toISOString() })),
    news: newsRows.map(({ publishedAt, ...row }) => ({ ...row, published_at: publishedAt.toISOString() })),
    menu: menu ?? { header: [], footer: [] },
    recommendations: recommended,
  };
}

/** The store's refusals become the contract's 422, under the field at fault. */
async function asValidation<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ContentInputError) throw validationFailed({ [error.field]: [error.message] }, error.message);
    throw error;
  }
}

const auditedPage = (page: AdminPage | null) =>
  page && { slug: page.slug, title: page.title, published: page.published, content_html: page.content_html };
const auditedNews = (item: AdminNews | null) =>
  item && {
    slug: item.slug,
    title: item.title,
    published: item.published,
    published_at: item.published_at,
    content_html: item.content_html,
  };

export async function savePageFromScreen(
  db: Db,
  staffId: number | null,
  input: PageSaveRequest,
  at: Date,
): Promise<AdminPage> {
  return asValidation(() =>
    db.transaction(async (tx) => {
      const before = await pageBy(tx, eq(pages.slug, input.slug));
      const saved = await savePage(tx, {
        slug: input.slug,
        title: input.title,
        bodyHtml: input.content_html,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        published: input.published,
      });
      const after = (await pageBy(tx, eq(pages.id, saved.id)))!;
      await emit(tx, 'StaffWrite', {
        staffId,
        action: saved.created ? 'page.create' : 'page.update',
        entity: 'page',
        entityId: saved.id,
        before: auditedPage(before),
        after: auditedPage(after),
        at,
      });
      return after;
    }),
  );
}

export async function saveNewsFromScreen(
  db: Db,
  staffId: number | null,
  input: NewsSaveRequest,
  at: Date,
): Promise<AdminNews> {
  return asValidation(() =>
    db.transaction(async (tx) => {
      const before = await newsBy(tx, eq(news.slug, input.slug));
      const saved = await saveNews(tx, {
        slug: input.slug,
        title: input.title,
        bodyHtml: input.content_html,
        preview: input.preview === '' ? undefined : input.preview,
        imageUrl: input.image_url ?? undefined,
        publishedAt: input.published_at ? new Date(input.published_at) : undefined,
        published: input.published,
      });
      const after = (await newsBy(tx, eq(news.id, saved.id)))!;
      await emit(tx, 'StaffWrite', {
        staffId,
        action: saved.created ? 'news.create' : 'news.update',
        entity: 'news',
        entityId: saved.id,
        before: auditedNews(before),
        after: auditedNews(after),
        at,
      });
      return after;
    }),
  );
}

/** Publishes or unpublishes a page or news item; a 404 when there is none with that id. */
export async function setContentPublished(
  db: Db,
  staffId: number | null,
  kind: 'page' | 'news',
  id: number,
  published: boolean,
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const table = kind === 'page' ? pages : news;
    const [before] = await tx.select({ published: table.published }).from(table).where(eq(table.id, id)).for('update');
    if (!before) throw notFound(kind === 'page' ? PAGE_NOT_FOUND : NEWS_NOT_FOUND);
    if (before.published === published) return;
    if (kind === 'page') await tx.update(pages).set({ published, updatedAt: at }).where(eq(pages.id, id));
    else await tx.update(news).set({ published }).where(eq(news.id, id));
    await emit(tx, 'StaffWrite', {
      staffId,
      action: published ? `${kind}.publish` : `${kind}.unpublish`,
      entity: kind,
      entityId: id,
      before: { published: before.published },
      after: { published },
      at,
    });
  });
}

/** The HTML as the store would keep it, for the editor's preview. */
export const previewContentHtml = (html: string): string => sanitizeContentHtml(html);

export async function saveMenus(db: Db, staffId: number | null, menu: MenusSaveRequest, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await readShopSetting(tx, 'menu');
    await writeShopSetting(tx, 'menu', menu);
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'settings.save',
      entity: 'settings',
      entityId: 'menu',
      before,
      after: menu,
      at,
    });
  });
}

/** The brand's id by any of its spellings (its aliases), or null. */
async function brandIdOf(tx: Tx, name: string): Promise<number | null> {
  const normalized = normalizeBrand(name);
  const [own] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.nameNormalized, normalized));
  if (own) return own.id;
  const [alias] = await tx
    .select({ id: brandAliases.brandId })
    .from(brandAliases)
    .where(eq(brandAliases.aliasNormalized, normalized));
  return alias?.id ?? null;
}

/** Parts with this article (any brand) that have offers: what the recommendation block can show. */
export async function recommendationCandidates(db: DbExecutor, article: string) {
  const normalized = normalizeArticle(article);
  if (normalized === '') return { items: [] };
  const rows = await db
    .select({
      brand: brands.name,
      article: sql<string>`min(${offers.article})`,
      description: sql<string>`min(${offers.description})`,
      offers: sql<number>`count(*)::int`,
    })
    .from(offers)
    .innerJoin(brands, eq(brands.id, offers.brandId))
    .where(eq(offers.articleNormalized, normalized))
    .groupBy(brands.name)
    .orderBy(asc(brands.name))
    .limit(50);
  return { items: rows };
}

/** Replaces the home page's block, in the order given: one transaction, audited. Unknown brands are a 422. */
export async function saveRecommendations(
  db: Db,
  staffId: number | null,
  items: readonly { brand: string; article: string }[],
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await recommendationList(tx);
    const rows: { blockId: number; brandId: number; articleNormalized: string; position: number }[] = [];
    const seen = new Set<string>();
    for (const [index, item] of items.entries()) {
      const brandId = await brandIdOf(tx, item.brand);
      if (brandId === null) {
        throw validationFailed({ [`items.${index}.brand`]: [`Бренда «${item.brand}» нет в магазине`] });
      }
      const articleNormalized = normalizeArticle(item.article);
      const key = `${brandId}:${articleNormalized}`;
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({ blockId: HOME_BLOCK_ID, brandId, articleNormalized, position: rows.length + 1 });
    }
    await tx.delete(recommendations).where(and(eq(recommendations.blockId, HOME_BLOCK_ID)));
    if (rows.length > 0) await tx.insert(recommendations).values(rows);
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'recommendations.save',
      entity: 'recommendations',
      entityId: HOME_BLOCK_ID,
      before: { items: before.map(({ brand, article }) => ({ brand, article })) },
      after: { items: items.map(({ brand, article }) => ({ brand, article })) },
      at,
    });
  });
}
