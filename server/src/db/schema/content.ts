import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/* The site's pages and news, owned by modules/content. */

export const pages = pgTable('pages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** Sanitized before it is stored. */
  contentHtml: text('content_html').notNull().default(''),
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  published: boolean('published').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    preview: text('preview').notNull().default(''),
    /** Sanitized before it is stored. */
    contentHtml: text('content_html').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    imageUrl: text('image_url'),
    /** False: taken off the site from the back office (the publication time alone only delays an item). */
    published: boolean('published').notNull().default(true),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
  },
  (table) => [index('news_published_at_idx').on(table.publishedAt.desc(), table.id.desc())],
);
