import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList, perPageSchema } from './envelope.ts';
import { idSchema, optionalText, requiredText } from './fields.ts';
import { ARTICLE_MAX_LENGTH } from './search.ts';
import type { StaffRole } from './staff.ts';

/**
 * Brands and cross-references in the back office (issue 26): a new spelling of a brand is added to a brand as an
 * alias, two brands that are one are merged, and a cross-reference can be added or removed by hand; every write
 * audited. Owner and managers, as the suppliers whose lists bring the spellings in.
 */

const CATALOG_STAFF: readonly StaffRole[] = ['owner', 'manager'];
const BRAND_MAX_LENGTH = 100;

export const CROSS_REFERENCE_TYPES = ['oem', 'replacement', 'analog'] as const;
export type CrossReferenceType = (typeof CROSS_REFERENCE_TYPES)[number];
export const CROSS_REFERENCE_TYPE_LABELS: Record<CrossReferenceType, string> = {
  oem: 'Оригинал',
  replacement: 'Замена',
  analog: 'Аналог',
};

export const BRAND_NOT_FOUND_MESSAGE = 'Бренд не найден';
export const BRAND_MAIN_SPELLING_MESSAGE = 'Основное написание бренда убрать нельзя';
export const BRAND_MERGE_SELF_MESSAGE = 'Бренд нельзя объединить с самим собой';
export const CROSS_REFERENCE_NOT_FOUND_MESSAGE = 'Такой пары кросс-номеров нет';
export const CROSS_REFERENCE_SAME_PART_MESSAGE = 'Деталь не может быть кроссом сама себе';
export const brandSpellingTakenMessage = (spelling: string, brand: string): string =>
  `Написание «${spelling}» уже относится к бренду «${brand}»: объедините бренды, если это один`;
export const unknownBrandMessage = (name: string): string => `Бренд «${name}» магазину не известен`;

/** One brand with every spelling it is known by (normalized, as price lists are matched). */
export const adminBrandSchema = z.object({
  id: idSchema,
  name: z.string(),
  /** Its own normalized name first, then the other spellings. */
  aliases: z.array(z.string()),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

export const brandListFiltersSchema = z.object({
  /** The start of a name or of any spelling; empty: every brand, newest first (new spellings surface on top). */
  q: optionalText(BRAND_MAX_LENGTH),
  per_page: perPageSchema,
});
export type BrandListFilters = z.infer<typeof brandListFiltersSchema>;

export const brandAliasRequestSchema = z.object({
  brand_id: idSchema,
  alias: requiredText(BRAND_MAX_LENGTH, 'Введите написание бренда'),
});
export type BrandAliasRequest = z.infer<typeof brandAliasRequestSchema>;

export const brandMergeRequestSchema = z.object({
  /** The brand that goes away: its offers, cross-references and spellings move to `into`. */
  from_id: idSchema,
  /** The brand that stays, by a name or spelling the shop knows. */
  into: requiredText(BRAND_MAX_LENGTH, 'Введите бренд, в который объединить'),
});
export type BrandMergeRequest = z.infer<typeof brandMergeRequestSchema>;

const articleText = requiredText(ARTICLE_MAX_LENGTH, 'Введите артикул');
const brandText = requiredText(BRAND_MAX_LENGTH, 'Введите бренд');

/** One pair of cross-referenced parts, each as brand name and normalized article. */
export const crossReferenceSchema = z.object({
  brand_a: z.string(),
  article_a: z.string(),
  brand_b: z.string(),
  article_b: z.string(),
  type: z.enum(CROSS_REFERENCE_TYPES),
});
export type CrossReference = z.infer<typeof crossReferenceSchema>;

export const crossReferenceListFiltersSchema = z.object({
  article: articleText,
  brand: optionalText(BRAND_MAX_LENGTH),
  per_page: perPageSchema,
});
export type CrossReferenceListFilters = z.infer<typeof crossReferenceListFiltersSchema>;

/** A pair named by brands (any spelling the shop knows) and articles (any way of writing them). */
export const crossReferenceKeySchema = z.object({
  brand_a: brandText,
  article_a: articleText,
  brand_b: brandText,
  article_b: articleText,
});
export type CrossReferenceKey = z.infer<typeof crossReferenceKeySchema>;

export const crossReferenceSaveRequestSchema = crossReferenceKeySchema.extend({
  type: z.enum(CROSS_REFERENCE_TYPES, { error: 'Тип: оригинал, замена или аналог' }).default('analog'),
});
export type CrossReferenceSaveRequest = z.infer<typeof crossReferenceSaveRequestSchema>;

export const catalogAdminEndpoints = defineEndpoints({
  'brand-list': {
    method: 'POST',
    path: 'brand-list',
    session: false,
    roles: CATALOG_STAFF,
    summary: 'Brands with their spellings, by the start of a name or spelling, newest first, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: brandListFiltersSchema,
    response: dataEnvelope(paginatedList(adminBrandSchema)),
  },
  'brand-alias-add': {
    method: 'POST',
    path: 'brand-alias-add',
    session: false,
    roles: CATALOG_STAFF,
    summary: "Adds a spelling to a brand (refused when it is another brand's: merge them instead)",
    tags: ['admin'],
    body: brandAliasRequestSchema,
    response: dataEnvelope(z.object({ brand: adminBrandSchema })),
  },
  'brand-alias-remove': {
    method: 'POST',
    path: 'brand-alias-remove',
    session: false,
    roles: CATALOG_STAFF,
    summary: "Removes a spelling from a brand (not its own name's): the next list with it makes a new brand",
    tags: ['admin'],
    body: brandAliasRequestSchema,
    response: dataEnvelope(z.object({ brand: adminBrandSchema })),
  },
  'brand-merge': {
    method: 'POST',
    path: 'brand-merge',
    session: false,
    roles: CATALOG_STAFF,
    summary: 'Merges a brand into another: offers, cross-references, catalogue and spellings, in one transaction',
    tags: ['admin'],
    body: brandMergeRequestSchema,
    response: dataEnvelope(z.object({ brand: adminBrandSchema })),
  },
  'cross-reference-list': {
    method: 'POST',
    path: 'cross-reference-list',
    session: false,
    roles: CATALOG_STAFF,
    summary: "An article's cross-references from either side, optionally of one brand, paginated",
    tags: ['admin'],
    query: pageQuerySchema,
    body: crossReferenceListFiltersSchema,
    response: dataEnvelope(paginatedList(crossReferenceSchema)),
  },
  'cross-reference-save': {
    method: 'POST',
    path: 'cross-reference-save',
    session: false,
    roles: CATALOG_STAFF,
    summary: 'Adds a pair of cross-referenced parts by hand, or changes its type',
    tags: ['admin'],
    body: crossReferenceSaveRequestSchema,
    response: dataEnvelope(z.object({ cross_reference: crossReferenceSchema })),
  },
  'cross-reference-remove': {
    method: 'POST',
    path: 'cross-reference-remove',
    session: false,
    roles: CATALOG_STAFF,
    summary: 'Removes a wrong pair, from either side',
    tags: ['admin'],
    body: crossReferenceKeySchema,
    response: dataEnvelope(z.object({ removed: crossReferenceSchema })),
  },
});
