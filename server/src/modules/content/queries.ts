import { and, asc, count, desc, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  calendarDayIn,
  type NewsItem,
  type NewsPreview,
  type Offer,
  type Page,
  type PageSummary,
  type Template,
} from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { news, offers, pages, recommendations, suppliers } from '../../db/schema/index.ts';
import { readShopSetting, readWorkingCalendar } from '../../db/shop-settings.ts';
import { selectOfferRows, toOffer } from '../catalog/offer-rows.ts';
import { offerSellingPrice, type ClientPricing } from '../pricing/client-pricing.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';

/**
 * The layout's shop card and menus; a setting never written shows empty rather than failing every page. With them
 * the working calendar, `now` (the app's clock) and the shop's time zone, from which every page dates delivery.
 */
export async function readTemplate(db: Db, now: Date, timeZone: string): Promise<Template> {
  const [shop, menu, calendar] = await Promise.all([
    readShopSetting(db, 'shop'),
    readShopSetting(db, 'menu'),
    readWorkingCalendar(db),
  ]);
  const today = calendarDayIn(timeZone, now);
  return {
    shop: {
      name: shop?.name ?? '',
      phone: shop?.phone ?? '',
      email: shop?.email ?? '',
      address: shop?.address ?? '',
      work_hours: shop?.work_hours ?? '',
    },
    menu: {
      header: (menu?.header ?? []).map(({ title, url }) => ({ title, url })),
      footer: (menu?.footer ?? []).map(({ title, url }) => ({ title, url })),
    },
    delivery_calendar: {
      now: now.toISOString(),
      time_zone: timeZone,
      working_weekdays: calendar.working_weekdays,
      holidays: calendar.holidays.filter((day) => day >= today),
      orders_until: calendar.orders_until,
    },
  };
}

/** The numeric id a route's `:id` names, when it is all digits and fits an id column; else null. */
export function numericIdOf(idOrSlug: string): number | null {
  if (!/^\d+$/.test(idOrSlug)) return null;
  const id = Number(idOrSlug);
  return fitsIntegerId(id) ? id : null;
}

/**
 * Rows whose id or slug is `idOrSlug`, and the order that puts an id match first: a slug made of digits may
 * equal another row's id, and the id is what the route primarily means.
 */
function idOrSlugMatch(idColumn: PgColumn, slugColumn: PgColumn, idOrSlug: string): { where: SQL; first: SQL } {
  const id = numericIdOf(idOrSlug);
  // Slugs are unique: the order only has to be valid SQL.
  if (id === null) return { where: eq(slugColumn, idOrSlug), first: asc(idColumn) };
  return { where: or(eq(idColumn, id), eq(slugColumn, idOrSlug))!, first: desc(sql`${idColumn} = ${id}`) };
}

// Stored meta texts are '' when not written; the contract says null.
const textOrNull = (text: string) => (text === '' ? null : text);

export async function findPublishedPage(db: Db, idOrSlug: string): Promise<Page | null> {
  const match = idOrSlugMatch(pages.id, pages.slug, idOrSlug);
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.published, true), match.where))
    .orderBy(match.first)
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    content_html: row.contentHtml,
    meta_title: textOrNull(row.metaTitle),
    meta_description: textOrNull(row.metaDescription),
  };
}

/** Every published page without its body, by title (id breaks ties), for the article list and the sitemap. */
export async function listPublishedPages(db: Db): Promise<PageSummary[]> {
  const rows = await db
    .select({
      id: pages.id,
      slug: pages.slug,
      title: pages.title,
      metaDescription: pages.metaDescription,
      updatedAt: pages.updatedAt,
    })
    .from(pages)
    .where(eq(pages.published, true))
    .orderBy(asc(pages.title), asc(pages.id));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    title: row.title,
    meta_description: textOrNull(row.metaDescription),
    updated_at: row.updatedAt.toISOString(),
  }));
}

const newsPreviewColumns = {
  id: news.id,
  slug: news.slug,
  title: news.title,
  preview: news.preview,
  publishedAt: news.publishedAt,
  imageUrl: news.imageUrl,
};

interface NewsPreviewRow {
  id: number;
  slug: string;
  title: string;
  preview: string;
  publishedAt: Date;
  imageUrl: string | null;
}

const toNewsPreview = (row: NewsPreviewRow): NewsPreview => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  preview: row.preview,
  published_at: row.publishedAt.toISOString(),
  image_url: row.imageUrl,
});

/** News becomes visible at its publication time: items dated in the future are not out yet. */
/** Published (not taken off by the back office) and its publication time has come. */
const publishedBy = (now: Date) => and(eq(news.published, true), lte(news.publishedAt, now));

/** One published news item with its body; news-preview drops the body (a single row, so selecting it costs little). */
export async function findPublishedNewsItem(db: Db, idOrSlug: string, now: Date): Promise<NewsItem | null> {
  const match = idOrSlugMatch(news.id, news.slug, idOrSlug);
  const [row] = await db
    .select({ ...newsPreviewColumns, contentHtml: news.contentHtml })
    .from(news)
    .where(and(publishedBy(now), match.where))
    .orderBy(match.first)
    .limit(1);
  return row ? { ...toNewsPreview(row), content_html: row.contentHtml } : null;
}

export async function countPublishedNews(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ total: count() }).from(news).where(publishedBy(now));
  return row?.total ?? 0;
}

/** A page of published news, newest first (id breaks ties, matching the news_published_at_idx index). */
export async function listPublishedNews(db: Db, now: Date, limit: number, offset: number): Promise<NewsPreview[]> {
  const rows = await db
    .select(newsPreviewColumns)
    .from(news)
    .where(publishedBy(now))
    .orderBy(desc(news.publishedAt), desc(news.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toNewsPreview);
}

/**
 * The offers shown in a recommendation block: per recommended part its best current offer (in stock before out of
 * stock, then the cheapest for the viewer, then the earliest listed), in the block's order, at the viewer's selling
 * prices. Parts without offers are left out.
 */
export async function listRecommendedOffers(db: Db, blockId: number, pricing: ClientPricing): Promise<Offer[]> {
  const best = db
    .selectDistinctOn([recommendations.position, recommendations.brandId, recommendations.articleNormalized], {
      offerId: sql<number>`${offers.id}`.as('offer_id'),
      position: recommendations.position,
    })
    .from(recommendations)
    .innerJoin(
      offers,
      and(eq(offers.brandId, recommendations.brandId), eq(offers.articleNormalized, recommendations.articleNormalized)),
    )
    .innerJoin(suppliers, and(eq(suppliers.id, offers.supplierId), eq(suppliers.active, true)))
    .where(eq(recommendations.blockId, blockId))
    .orderBy(
      asc(recommendations.position),
      asc(recommendations.brandId),
      asc(recommendations.articleNormalized),
      asc(sql`${offers.quantity} = 0`),
      asc(offerSellingPrice(pricing)),
      asc(offers.id),
    )
    .as('best');
  const rows = await selectOfferRows(db, pricing)
    .innerJoin(best, eq(offers.id, best.offerId))
    .orderBy(asc(best.position), asc(offers.brandId), asc(offers.articleNormalized));
  return rows.map(toOffer);
}

/** Pages by their titles. */
export const pageAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({ id: pages.id, label: pages.title })
      .from(pages)
      .where(inArray(pages.id, [...ids])),
  );

/** News items by their titles. */
export const newsAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({ id: news.id, label: news.title })
      .from(news)
      .where(inArray(news.id, [...ids])),
  );
