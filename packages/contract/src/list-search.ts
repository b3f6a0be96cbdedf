import { z } from 'zod';
import { basketPairCheck, basketQuantitySchema, basketSummarySchema, optionalBasketRefShape } from './basket.ts';
import { countSchema, idSchema, textSchema, whenMissing } from './fields.ts';
import { pluralRu } from './format.ts';
import { searchItemSchema } from './search.ts';
import { LIST_SEARCH_FILE_MAX_BYTES, LIST_SEARCH_MAX_LINES, SEARCH_SORTS } from './constants.ts';

/**
 * Search by list (issue 17, point 8; decision 0029): a workshop pastes «артикул [бренд] [количество]» lines or
 * uploads a CSV/XLSX file, and gets every line's brands and offers in one answer: `POST shop/products-list-search`.
 * The server reads the lines (it knows the brands); `basket-add-items` then puts the chosen offers into the basket
 * in one transaction.
 */

/** Offers shown per brand of a line: the best one and its alternatives. */
export const LIST_SEARCH_OFFERS_PER_BRAND = 5;
const FILE_MAX_BASE64 = Math.ceil(LIST_SEARCH_FILE_MAX_BYTES / 3) * 4;
// 200 lines of up to ~100 characters each, with room for stray spaces.
const TEXT_MAX_LENGTH = LIST_SEARCH_MAX_LINES * 128;

export const LIST_SEARCH_EMPTY_MESSAGE = 'Вставьте список артикулов или выберите файл';
export const LIST_SEARCH_FILE_TOO_LARGE_MESSAGE = `Файл больше ${LIST_SEARCH_FILE_MAX_BYTES / 1024} КБ: разделите список на части`;

/** The 422 message for a list longer than LIST_SEARCH_MAX_LINES. */
export const listTooLongMessage = (lines: number) =>
  `В списке ${lines} ${pluralRu(lines, 'строка', 'строки', 'строк')}: за один раз можно искать не больше ` +
  `${LIST_SEARCH_MAX_LINES}. Разделите список на части`;

export const listSearchFileSchema = z.object({
  name: textSchema({ error: whenMissing('Не указано имя файла') }).max(255, 'Слишком длинное имя файла'),
  /** The file's bytes in base64: CSV (UTF-8 or Windows-1251; `;`, `,` or tab) or XLSX (its first sheet). */
  content_base64: z
    .string({ error: whenMissing('Файл пуст') })
    .max(FILE_MAX_BASE64, LIST_SEARCH_FILE_TOO_LARGE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Файл повреждён: ожидаются данные в base64'),
});

export const listSearchRequestSchema = z
  .object({
    /** Pasted lines «артикул [бренд] [количество]», separated by tabs, semicolons or spaces. */
    text: textSchema()
      .max(TEXT_MAX_LENGTH, `Список слишком длинный: не больше ${LIST_SEARCH_MAX_LINES} строк`)
      .optional(),
    file: listSearchFileSchema.optional(),
    sort: z.enum(SEARCH_SORTS, { error: 'Сортировка: price или delivery' }).default('price'),
  })
  .superRefine((value, context) => {
    if (!value.text?.trim() && !value.file) {
      context.addIssue({ code: 'custom', path: ['text'], message: LIST_SEARCH_EMPTY_MESSAGE });
    }
  });
export type ListSearchRequest = z.infer<typeof listSearchRequestSchema>;

/** One brand that has a line's article with offers: the best offer first (by the request's sort), then alternatives. */
export const listSearchBrandSchema = z.object({
  brand_name: z.string(),
  article: z.string(),
  description: z.string(),
  offers_count: countSchema,
  offers: z.array(searchItemSchema),
});
export type ListSearchBrand = z.infer<typeof listSearchBrandSchema>;

export const LIST_LINE_STATUSES = ['found', 'not_found', 'invalid'] as const;
export type ListLineStatus = (typeof LIST_LINE_STATUSES)[number];

export const listSearchLineSchema = z.object({
  /** 1-based number of the line in the pasted text or of the row in the file. */
  line: z.int().min(1),
  /** The line as read (cells joined by tabs for a file). */
  text: z.string(),
  article: z.string(),
  /** The brand the line names, as the shop knows it (its canonical name) or as typed when unknown; null: none. */
  brand_name: z.string().nullable(),
  quantity: z.int().min(1),
  status: z.enum(LIST_LINE_STATUSES),
  /** Why the line is not found or cannot be read; null for a found line. */
  message: z.string().nullable(),
  /** The brand chosen in advance: the one named, or the only one; null when the client has to pick. */
  chosen_brand: z.string().nullable(),
  /** Brands with offers of the article, by name; empty for a line not found. */
  brands: z.array(listSearchBrandSchema),
});
export type ListSearchLine = z.infer<typeof listSearchLineSchema>;

/** `data.result_list_search`. */
export const listSearchResultSchema = z.object({
  sort: z.enum(SEARCH_SORTS),
  lines: z.array(listSearchLineSchema),
});
export type ListSearchResult = z.infer<typeof listSearchResultSchema>;

/* Adding the chosen lines at once. */

export const BASKET_ADD_ITEMS_EMPTY_MESSAGE = 'Не выбрано ни одной позиции';

/** Null (or absent) ids: the client's own basket, or a new anonymous one, as basket-add-item. */
export const basketAddItemsRequestSchema = z
  .object({
    ...optionalBasketRefShape,
    items: z
      .array(z.object({ id: idSchema, quantity: basketQuantitySchema }), {
        error: whenMissing(BASKET_ADD_ITEMS_EMPTY_MESSAGE),
      })
      .min(1, BASKET_ADD_ITEMS_EMPTY_MESSAGE)
      .max(LIST_SEARCH_MAX_LINES, `За один раз можно добавить не больше ${LIST_SEARCH_MAX_LINES} позиций`),
  })
  .superRefine(basketPairCheck);
export type BasketAddItemsRequest = z.infer<typeof basketAddItemsRequestSchema>;

/** What became of one requested offer: `added` pieces, fewer than requested when the stock ran short (0: none). */
export const basketAddedItemSchema = z.object({
  id: idSchema,
  requested: z.int().min(1),
  added: countSchema,
});
export type BasketAddedItem = z.infer<typeof basketAddedItemSchema>;

export const basketAddItemsResultSchema = basketSummarySchema.extend({
  items: z.array(basketAddedItemSchema),
});
export type BasketAddItemsResult = z.infer<typeof basketAddItemsResultSchema>;
