import { sql } from 'drizzle-orm';
import { isSitePath } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { news, pages } from '../../db/schema/index.ts';
import { plainTextOf, sanitizeContentHtml } from './sanitize.ts';

/**
 * Writing pages and news: the one way content gets into the database (the admin CLI today, a back office later).
 * Every body is sanitized here, before it is stored, so that whatever reads it later may render it as it is.
 */

/** Lower-case Latin letters and digits in groups joined by single hyphens: `delivery`, `skidka-10-procentov`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 200;
const TITLE_MAX_LENGTH = 300;
const META_MAX_LENGTH = 500;
/** A preview written from the body is cut at a word boundary near this length. */
export const PREVIEW_LENGTH = 240;

/** Input the shop owner got wrong; the message says what in Russian. */
export class ContentInputError extends Error {
  override readonly name = 'ContentInputError';
  /** The input field at fault (the back office's form names it): slug, title, content_html, preview, image_url… */
  constructor(
    message: string,
    readonly field = 'content_html',
  ) {
    super(message);
  }
}

export interface SaveResult {
  id: number;
  slug: string;
  /** False when a row with that slug existed and was updated. */
  created: boolean;
}

export interface PageInput {
  slug: string;
  title: string;
  /** Any HTML: it is sanitized before it is stored. */
  bodyHtml: string;
  /** Left as stored when absent (empty on a new page). */
  metaTitle?: string;
  metaDescription?: string;
  published: boolean;
}

export interface NewsInput {
  slug: string;
  title: string;
  bodyHtml: string;
  /** Absent: the first words of the body. */
  preview?: string;
  /** An absolute http(s) URL or a path on the shop's own site; absent keeps the stored one (none on a new item). */
  imageUrl?: string;
  /** Absent keeps the stored time (now for a new item). A future time hides the item until then. */
  publishedAt?: Date;
  /** Absent keeps the stored flag (published for a new item); false takes the item off the site. */
  published?: boolean;
}

function checkSlug(slug: string): string {
  if (slug.length === 0 || slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) {
    throw new ContentInputError(
      `Некорректный адрес «${slug}»: нужны строчные латинские буквы, цифры и дефисы, не длиннее ${SLUG_MAX_LENGTH} символов`,
      'slug',
    );
  }
  return slug;
}

function checkText(value: string, what: string, max: number, required: boolean, field: string): string {
  const text = value.trim();
  if (required && text === '') throw new ContentInputError(`Не указан ${what}`, field);
  if (text.length > max) throw new ContentInputError(`Слишком длинный ${what}: не более ${max} символов`, field);
  return text;
}

function checkImageUrl(url: string): string {
  const text = url.trim();
  let isWebUrl = false;
  try {
    isWebUrl = ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    isWebUrl = false;
  }
  if (!isSitePath(text) && !isWebUrl) {
    throw new ContentInputError(
      `Некорректный адрес изображения «${url}»: нужен адрес http(s) или путь от корня сайта`,
      'image_url',
    );
  }
  return text;
}

function checkBody(html: string): string {
  const body = sanitizeContentHtml(html);
  if (plainTextOf(body) === '' && !body.includes('<img')) {
    throw new ContentInputError('Текст пуст (или в нём не осталось ничего после очистки HTML)');
  }
  return body;
}

/** The first words of a text, at most about `length` characters, with an ellipsis when cut. */
export function shortenText(text: string, length: number): string {
  if (text.length <= length) return text;
  const cut = text.slice(0, length + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length / 2 ? cut.slice(0, lastSpace) : cut.slice(0, length)).replace(/[\s.,;:–—-]+$/, '')}…`;
}

// PostgreSQL sets xmax of a row version written by INSERT … ON CONFLICT DO UPDATE to the updating transaction,
// and leaves it 0 for a fresh insert: the one way to tell the two apart in the same statement.
const wasInserted = sql<boolean>`(xmax = 0)`;

/** Creates the page with that slug, or replaces its title, body and the meta texts given. */
export async function savePage(db: DbExecutor, input: PageInput): Promise<SaveResult> {
  const values = {
    slug: checkSlug(input.slug),
    title: checkText(input.title, 'заголовок', TITLE_MAX_LENGTH, true, 'title'),
    contentHtml: checkBody(input.bodyHtml),
    published: input.published,
    updatedAt: new Date(),
    ...(input.metaTitle === undefined
      ? {}
      : { metaTitle: checkText(input.metaTitle, 'meta-заголовок', TITLE_MAX_LENGTH, false, 'meta_title') }),
    ...(input.metaDescription === undefined
      ? {}
      : {
          metaDescription: checkText(
            input.metaDescription,
            'meta-описание',
            META_MAX_LENGTH,
            false,
            'meta_description',
          ),
        }),
  };
  const { slug: _slug, ...changes } = values;
  const [row] = await db
    .insert(pages)
    .values(values)
    .onConflictDoUpdate({ target: pages.slug, set: changes })
    .returning({ id: pages.id, slug: pages.slug, created: wasInserted });
  return { id: row!.id, slug: row!.slug, created: row!.created };
}

/** Creates the news item with that slug, or replaces its title, body, preview and the fields given. */
export async function saveNews(db: DbExecutor, input: NewsInput): Promise<SaveResult> {
  const contentHtml = checkBody(input.bodyHtml);
  const preview =
    input.preview === undefined
      ? shortenText(plainTextOf(contentHtml), PREVIEW_LENGTH)
      : checkText(input.preview, 'анонс', META_MAX_LENGTH, true, 'preview');
  if (input.publishedAt !== undefined && Number.isNaN(input.publishedAt.getTime())) {
    throw new ContentInputError('Некорректная дата публикации', 'published_at');
  }
  const values = {
    slug: checkSlug(input.slug),
    title: checkText(input.title, 'заголовок', TITLE_MAX_LENGTH, true, 'title'),
    contentHtml,
    preview,
    ...(input.imageUrl === undefined ? {} : { imageUrl: checkImageUrl(input.imageUrl) }),
    ...(input.publishedAt === undefined ? {} : { publishedAt: input.publishedAt }),
    ...(input.published === undefined ? {} : { published: input.published }),
  };
  const { slug: _slug, ...changes } = values;
  const [row] = await db
    .insert(news)
    .values(values)
    .onConflictDoUpdate({ target: news.slug, set: changes })
    .returning({ id: news.id, slug: news.slug, created: wasInserted });
  return { id: row!.id, slug: row!.slug, created: row!.created };
}
