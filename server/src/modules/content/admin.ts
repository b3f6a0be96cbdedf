import {
  normalizeArticle,
  type AdminContent,
  type AdminNews,
  type AdminPage,
  type MenusSaveRequest,
  type NewsSaveRequest,
  type PageSaveRequest,
} from '@detal/contract';
import type { Db, DbExecutor } from '../../db/index.ts';
import { readShopSetting, writeShopSetting } from '../../db/shop-settings.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { emit } from '../../events/bus.ts';
import {
  brandIdOf,
  findAdminNews,
  findAdminPage,
  lockPublished,
  replaceRecommendations,
  selectArticleParts,
  selectNewsList,
  selectPageList,
  selectRecommendations,
  updatePublished,
} from './admin-queries.ts';
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

export async function adminPage(db: DbExecutor, id: number): Promise<AdminPage> {
  const page = await findAdminPage(db, { id });
  if (!page) throw notFound(PAGE_NOT_FOUND);
  return page;
}

export async function adminNews(db: DbExecutor, id: number): Promise<AdminNews> {
  const item = await findAdminNews(db, { id });
  if (!item) throw notFound(NEWS_NOT_FOUND);
  return item;
}

/** Every page and news item (published or not), the menus and the home page's block. */
export async function contentScreen(db: DbExecutor): Promise<AdminContent> {
  const [pageRows, newsRows, menu, recommended] = await Promise.all([
    selectPageList(db),
    selectNewsList(db),
    readShopSetting(db, 'menu'),
    selectRecommendations(db, HOME_BLOCK_ID),
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
      const before = await findAdminPage(tx, { slug: input.slug });
      const saved = await savePage(tx, {
        slug: input.slug,
        title: input.title,
        bodyHtml: input.content_html,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        published: input.published,
      });
      const after = (await findAdminPage(tx, { id: saved.id }))!;
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
      const before = await findAdminNews(tx, { slug: input.slug });
      const saved = await saveNews(tx, {
        slug: input.slug,
        title: input.title,
        bodyHtml: input.content_html,
        preview: input.preview === '' ? undefined : input.preview,
        imageUrl: input.image_url ?? undefined,
        publishedAt: input.published_at ? new Date(input.published_at) : undefined,
        published: input.published,
      });
      const after = (await findAdminNews(tx, { id: saved.id }))!;
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
    const before = await lockPublished(tx, kind, id);
    if (!before) throw notFound(kind === 'page' ? PAGE_NOT_FOUND : NEWS_NOT_FOUND);
    if (before.published === published) return;
    await updatePublished(tx, kind, id, published, at);
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

/** Parts with this article (any brand) that have offers: what the recommendation block can show. */
export async function recommendationCandidates(db: DbExecutor, article: string) {
  const normalized = normalizeArticle(article);
  if (normalized === '') return { items: [] };
  return { items: await selectArticleParts(db, normalized) };
}

/** Replaces the home page's block, in the order given: one transaction, audited. Unknown brands are a 422. */
export async function saveRecommendations(
  db: Db,
  staffId: number | null,
  items: readonly { brand: string; article: string }[],
  at: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await selectRecommendations(tx, HOME_BLOCK_ID);
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
    await replaceRecommendations(tx, HOME_BLOCK_ID, rows);
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
