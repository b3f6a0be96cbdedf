import { z } from 'zod';
import { countSchema, isoDateTimeSchema, textSchema, whenMissing } from './fields.ts';
import { moneySchema } from './money-schema.ts';
import { deliveryStatsSchema, noReturnSchema, offerSchema } from './offer.ts';
import { SEARCH_SORTS, SUGGEST_LIMIT } from './constants.ts';

/** Search by article and brand: `POST shop/products-search` (contract-decisions.md section 3). */

export const ARTICLE_MAX_LENGTH = 64;

export const searchRequestSchema = z.object({
  article: textSchema({ error: whenMissing('Введите артикул') })
    .trim()
    .min(1, 'Введите артикул')
    .max(ARTICLE_MAX_LENGTH, `Артикул должен содержать не более ${ARTICLE_MAX_LENGTH} символов`),
  /** Absent or '' means "any brand": the answer lists brand chips. */
  brand_name: textSchema()
    .trim()
    .max(128, 'Название бренда должно содержать не более 128 символов')
    .optional()
    .transform((value) => value || undefined),
  analogs: z.boolean().default(true),
  sort: z.enum(SEARCH_SORTS, { error: 'Сортировка: price или delivery' }).default('price'),
  in_stock: z.boolean().optional(),
  max_delivery: z.int32().min(0, 'Срок поставки не может быть отрицательным').optional(),
});
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** One brand that has the searched article. */
export const brandChipSchema = z.object({
  brand_name: z.string(),
  article: z.string(),
  description: z.string(),
  offers_count: countSchema,
  /** Null when the brand has the article only through cross-references, without an offer. */
  min_price: moneySchema.nullable().meta({
    description:
      "The lowest selling price among the brand's offers of the article, for the client who asks (anonymous: the retail group), the same price as the offers' `price`; never a purchase price. Null when the brand has the article only through cross-references",
  }),
  min_delivery: countSchema.nullable(),
});
export type BrandChip = z.infer<typeof brandChipSchema>;

export const SEARCH_GROUPS = ['requested', 'analog'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** (issue 32, point 6) How often an analog was bought as an analog of the searched part, and sent back as unfit. */
export const analogStatsSchema = z.object({
  purchases: countSchema,
  returns: countSchema,
});
export type AnalogStats = z.infer<typeof analogStatsSchema>;

export const searchItemSchema = offerSchema.extend({
  group: z.enum(SEARCH_GROUPS),
  no_return: noReturnSchema,
  delivery_stats: deliveryStatsSchema,
  analog_stats: analogStatsSchema.optional().meta({
    description:
      "(beyond) On an analog bought before as an analog of the searched part: its order lines (`purchases`) and its returns received as «не подошла» (`returns`), for «куплено N раз, возвратов M»; absent otherwise. An analog whose pair staff withdrew, or whose returns exceed the shop's threshold, is listed after the other analogs",
  }),
  stale: z.boolean().optional().meta({
    description:
      "True when the offer's supplier's price list is older than the shop allows and the shop chose to show such offers with a warning («Прайс устарел»); absent when the list is fresh. Offers of a stale list the shop chose to hide are not in the result at all",
  }),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

/** `data.result_products_search`. */
export const searchResultSchema = z.object({
  /** The article as the client typed it (trimmed). */
  article: z.string(),
  normalized_article: z.string(),
  /** The brand whose full result `items` holds; null while the client still has to pick a brand chip. */
  brand_name: z.string().nullable(),
  brands: z.array(brandChipSchema),
  items: z.array(searchItemSchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/**
 * Suggestions while typing: `GET shop/products-suggest?article=oc9` (beyond). Parts whose normalized article starts
 * with the normalized input, by normalized article in byte order (the article typed in full first), then brand;
 * fewer than SUGGEST_MIN_LENGTH normalized characters answer an empty list (not an error), as a one-character
 * prefix would name thousands of parts (the limits: constants.ts).
 */

export const suggestQuerySchema = z.object({
  article: textSchema()
    .trim()
    .max(ARTICLE_MAX_LENGTH, `Артикул должен содержать не более ${ARTICLE_MAX_LENGTH} символов`)
    .default(''),
  limit: z.coerce
    .number({ error: 'Число подсказок должно быть числом' })
    .int('Число подсказок должно быть целым')
    .min(1, 'Число подсказок: от 1')
    .max(SUGGEST_LIMIT, `Число подсказок: не более ${SUGGEST_LIMIT}`)
    .default(SUGGEST_LIMIT),
});
export type SuggestQuery = z.infer<typeof suggestQuerySchema>;

/** One part (brand and article) whose article starts with what was typed; it opens `/search/:brand_name/:article`. */
export const suggestionSchema = z.object({
  article: z.string(),
  normalized_article: z.string(),
  brand_name: z.string(),
  description: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** `data` of products-suggest: the normalized input and at most `limit` parts. */
export const suggestResultSchema = z.object({
  normalized_article: z.string(),
  suggestions: z.array(suggestionSchema),
});
export type SuggestResult = z.infer<typeof suggestResultSchema>;

/**
 * Search history (beyond): the last SEARCH_HISTORY_LIMIT searches, newest first, one entry per normalized article
 * (searching it again moves it to the top, with the brand of that search). Signed-in clients' history is kept by
 * the server (`GET shop/client-search-history`), a visitor's in the browser, with the same cap.
 */

export const searchHistoryEntrySchema = z.object({
  /** As the client typed it (trimmed). */
  article: z.string(),
  /** The brand searched with, or null for a search by article alone. */
  brand_name: z.string().nullable(),
  searched_at: isoDateTimeSchema,
});
export type SearchHistoryEntry = z.infer<typeof searchHistoryEntrySchema>;
