import type { ShopServer } from './shop-server.ts';

/**
 * Content written into the real server's test database through the server's own content store (the one the
 * admin CLI's page-save and news-save use) and schema: what the content render tests need and the demo lacks.
 */

const fromServer = (path: string) => import(/* @vite-ignore */ new URL(`../../server/${path}`, import.meta.url).href);

export interface NewsSpec {
  slug: string;
  title: string;
  bodyHtml: string;
  preview?: string;
  imageUrl?: string;
  publishedAt: Date;
}

export interface PageSpec {
  slug: string;
  title: string;
  bodyHtml: string;
  metaTitle?: string;
  metaDescription?: string;
  published: boolean;
}

export interface ContentSpec {
  template: unknown;
  pages: PageSpec[];
  news: NewsSpec[];
  /** Top-level catalogue groups added with no parts (and so no offers). */
  emptyGroups: { name: string; slug: string }[];
}

/** Replaces the demo's pages, news and template with `spec`'s and adds its empty groups. */
export async function writeContent(shop: ShopServer, spec: ContentSpec): Promise<void> {
  const [{ savePage, saveNews }, { news, pages, catalogGroups }, { writeShopSetting }] = await Promise.all([
    fromServer('src/modules/content/store.ts'),
    fromServer('src/db/schema/index.ts'),
    fromServer('src/db/shop-settings.ts'),
  ]);
  // The server's drizzle handle; its types belong to the server's own type check.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = shop.db as any;
  await db.delete(news);
  await db.delete(pages);
  for (const page of spec.pages) await savePage(db, page);
  for (const item of spec.news) await saveNews(db, item);
  await writeShopSetting(db, 'shop', (spec.template as { shop: unknown }).shop);
  await writeShopSetting(db, 'menu', (spec.template as { menu: unknown }).menu);
  for (const [index, group] of spec.emptyGroups.entries()) {
    await db.insert(catalogGroups).values({ ...group, position: 1000 + index });
  }
}
