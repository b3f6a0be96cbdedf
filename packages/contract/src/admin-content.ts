import { z } from 'zod';
import { menuEntrySchema } from './content.ts';
import { defineEndpoints } from './endpoint.ts';
import { isSitePath } from './site-path.ts';
import { dataEnvelope, successSchema } from './envelope.ts';
import { idSchema, isoDateTimeSchema, requiredText, textSchema } from './fields.ts';
import type { StaffRole } from './staff.ts';

/**
 * Content in the back office (issue 15, point 6): pages and news written in a rich-text editor (the HTML is
 * sanitized by the server when stored, as the CLI's is), published or not; the header and footer menus; the home
 * page's recommendation block. Owner and content editor.
 */

export const CONTENT_ROLES: readonly StaffRole[] = ['owner', 'content_editor'];

export const SLUG_MESSAGE = 'Адрес: строчные латинские буквы, цифры и дефисы (например, dostavka-po-moskve)';
export const slugSchema = textSchema({ error: 'Укажите адрес' })
  .trim()
  .min(1, 'Укажите адрес')
  .max(200, 'Адрес не длиннее 200 символов')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, SLUG_MESSAGE);

const bodySchema = textSchema({ error: 'Напишите текст' }).max(500_000, 'Слишком длинный текст');

export const adminPageRowSchema = z.object({
  id: idSchema,
  slug: z.string(),
  title: z.string(),
  published: z.boolean(),
  updated_at: isoDateTimeSchema,
});
export type AdminPageRow = z.infer<typeof adminPageRowSchema>;

export const adminPageSchema = adminPageRowSchema.extend({
  content_html: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
});
export type AdminPage = z.infer<typeof adminPageSchema>;

export const adminNewsRowSchema = z.object({
  id: idSchema,
  slug: z.string(),
  title: z.string(),
  published: z.boolean(),
  published_at: isoDateTimeSchema,
});
export type AdminNewsRow = z.infer<typeof adminNewsRowSchema>;

export const adminNewsSchema = adminNewsRowSchema.extend({
  preview: z.string(),
  content_html: z.string(),
  image_url: z.string().nullable(),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;

export const recommendationSchema = z.object({
  brand: z.string(),
  article: z.string(),
  description: z.string(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const adminContentSchema = z.object({
  pages: z.array(adminPageRowSchema),
  news: z.array(adminNewsRowSchema),
  menu: z.object({ header: z.array(menuEntrySchema), footer: z.array(menuEntrySchema) }),
  /** The home page's block (block 1), in order. */
  recommendations: z.array(recommendationSchema),
});
export type AdminContent = z.infer<typeof adminContentSchema>;

export const contentIdRequestSchema = z.object({ id: idSchema });

export const pageSaveRequestSchema = z.object({
  slug: slugSchema,
  title: requiredText(300, 'Укажите заголовок'),
  content_html: bodySchema,
  meta_title: textSchema().trim().max(300, 'Не более 300 символов').default(''),
  meta_description: textSchema().trim().max(500, 'Не более 500 символов').default(''),
  published: z.boolean(),
});
export type PageSaveRequest = z.infer<typeof pageSaveRequestSchema>;

export const newsSaveRequestSchema = z.object({
  slug: slugSchema,
  title: requiredText(300, 'Укажите заголовок'),
  content_html: bodySchema,
  /** Empty: the first words of the text. */
  preview: textSchema().trim().max(500, 'Не более 500 символов').default(''),
  image_url: textSchema().trim().max(1000, 'Не более 1000 символов').nullish(),
  /** Absent keeps the stored date (now for a new item). */
  published_at: isoDateTimeSchema.nullish(),
  published: z.boolean(),
});
export type NewsSaveRequest = z.infer<typeof newsSaveRequestSchema>;

export const publishRequestSchema = z.object({
  kind: z.enum(['page', 'news']),
  id: idSchema,
  published: z.boolean(),
});

const menuLinkSchema = z.object({
  title: requiredText(60, 'Укажите название пункта'),
  url: textSchema()
    .trim()
    .min(1, 'Укажите адрес')
    .max(500, 'Не более 500 символов')
    .refine(
      (url) => isSitePath(url) || /^https?:\/\/\S+$/.test(url),
      'Адрес: путь от корня сайта (/news) или ссылка http(s)',
    ),
});
export const menusSaveRequestSchema = z.object({
  header: z.array(menuLinkSchema).max(12, 'В верхнем меню не более 12 пунктов'),
  footer: z.array(menuLinkSchema).max(30, 'В нижнем меню не более 30 пунктов'),
});
export type MenusSaveRequest = z.infer<typeof menusSaveRequestSchema>;

export const recommendationsSaveRequestSchema = z.object({
  items: z
    .array(z.object({ brand: requiredText(100, 'Укажите бренд'), article: requiredText(100, 'Укажите артикул') }))
    .max(50, 'Не более 50 товаров в блоке'),
});

export const offerPickRequestSchema = z.object({ article: requiredText(100, 'Введите артикул') });
export const offerPickSchema = z.object({
  items: z.array(recommendationSchema.extend({ offers: z.int().min(0) })),
});

export const contentPreviewRequestSchema = z.object({ content_html: bodySchema });

const contentEnvelope = dataEnvelope(adminContentSchema);

export const contentAdminEndpoints = defineEndpoints({
  'content-show': {
    method: 'GET',
    path: 'content-show',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'Pages and news (published or not), the header and footer menus, the home page recommendations',
    tags: ['admin'],
    response: contentEnvelope,
  },
  'page-show': {
    method: 'POST',
    path: 'page-show',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'A static page with its body, published or not',
    tags: ['admin'],
    body: contentIdRequestSchema,
    response: dataEnvelope(z.object({ page: adminPageSchema })),
  },
  'page-save': {
    method: 'POST',
    path: 'page-save',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'Create or update a static page by its address; the HTML is sanitized before it is stored (audited)',
    tags: ['admin'],
    body: pageSaveRequestSchema,
    response: dataEnvelope(z.object({ page: adminPageSchema })),
  },
  'news-show': {
    method: 'POST',
    path: 'news-show',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'A news item with its body, published or not',
    tags: ['admin'],
    body: contentIdRequestSchema,
    response: dataEnvelope(z.object({ news: adminNewsSchema })),
  },
  'news-save': {
    method: 'POST',
    path: 'news-save',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'Create or update a news item by its address; the HTML is sanitized before it is stored (audited)',
    tags: ['admin'],
    body: newsSaveRequestSchema,
    response: dataEnvelope(z.object({ news: adminNewsSchema })),
  },
  'content-publish': {
    method: 'POST',
    path: 'content-publish',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'Publish or unpublish a page or a news item (audited)',
    tags: ['admin'],
    body: publishRequestSchema,
    response: dataEnvelope(successSchema),
  },
  'content-preview': {
    method: 'POST',
    path: 'content-preview',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'The HTML as it would be stored (sanitized), for a preview; nothing is written',
    tags: ['admin'],
    body: contentPreviewRequestSchema,
    response: dataEnvelope(z.object({ content_html: z.string() })),
  },
  'menus-save': {
    method: 'POST',
    path: 'menus-save',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'Replace the header and footer menus (audited)',
    tags: ['admin'],
    body: menusSaveRequestSchema,
    response: contentEnvelope,
  },
  'recommendation-candidates': {
    method: 'POST',
    path: 'recommendation-candidates',
    session: false,
    roles: CONTENT_ROLES,
    summary: 'Parts with this article (any brand) that have offers, to pick for the recommendation block',
    tags: ['admin'],
    body: offerPickRequestSchema,
    response: dataEnvelope(offerPickSchema),
  },
  'recommendations-save': {
    method: 'POST',
    path: 'recommendations-save',
    session: false,
    roles: CONTENT_ROLES,
    summary: "Replace the home page's recommendation block, in order (one transaction, audited)",
    tags: ['admin'],
    body: recommendationsSaveRequestSchema,
    response: contentEnvelope,
  },
});
