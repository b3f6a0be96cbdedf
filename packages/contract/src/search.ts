import { z } from 'zod';
import { countSchema, textSchema, whenMissing } from './fields.ts';
import { moneySchema } from './money-schema.ts';
import { offerSchema } from './offer.ts';
import { SEARCH_SORTS } from './constants.ts';

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

export const searchItemSchema = offerSchema.extend({
  group: z.enum(SEARCH_GROUPS),
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
