import { z } from 'zod';
import { deliveryCalendarSchema } from './delivery-calendar-schemas.ts';
import { idSchema, isoDateTimeSchema } from './fields.ts';

/** Shop settings, static pages and news (contract-decisions.md section 8). */

export const menuEntrySchema = z.object({ title: z.string(), url: z.string() });
export type MenuEntry = z.infer<typeof menuEntrySchema>;

/** `GET shop/template`: what the layout's header and footer show. */
export const templateSchema = z.object({
  shop: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    work_hours: z.string(),
  }),
  menu: z.object({
    header: z.array(menuEntrySchema),
    footer: z.array(menuEntrySchema),
  }),
  /**
   * (beyond) The shop's working calendar with the server's «now»: every page turns delivery days into
   * «сегодня», «завтра» or «к 28 ноября» from it, the same on the server and in the browser.
   */
  delivery_calendar: deliveryCalendarSchema,
});
export type Template = z.infer<typeof templateSchema>;

/** `GET shop/page/{id}`. `content_html` is sanitized when stored. */
export const pageSchema = z.object({
  id: idSchema,
  slug: z.string(),
  title: z.string(),
  content_html: z.string(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
});
export type Page = z.infer<typeof pageSchema>;

/** (beyond) `GET shop/page-list`: every published page without its body, for the article list and the sitemap. */
export const pageSummarySchema = z.object({
  id: idSchema,
  slug: z.string(),
  title: z.string(),
  meta_description: z.string().nullable(),
  updated_at: isoDateTimeSchema,
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

/** `GET shop/news-page/{id}`. */
export const newsItemSchema = z.object({
  id: idSchema,
  slug: z.string(),
  title: z.string(),
  preview: z.string(),
  content_html: z.string(),
  published_at: isoDateTimeSchema,
  image_url: z.string().nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** `GET shop/news-preview/{id}` and the entries of `news-list`: a news item without its body. */
export const newsPreviewSchema = newsItemSchema.omit({ content_html: true });
export type NewsPreview = z.infer<typeof newsPreviewSchema>;
