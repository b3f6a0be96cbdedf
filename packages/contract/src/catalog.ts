import { z } from 'zod';
import { pageNumberSchema, perPageSchema } from './envelope.ts';
import { idSchema, textSchema, whenMissing } from './fields.ts';

/** The technical catalogue under `/api/tech/` (contract-decisions.md section 9). */

export interface CatalogGroup {
  id: number;
  /** (beyond) The group's address in the shop (`/catalog/{slug}`); an external catalogue may leave it out. */
  slug?: string;
  name: string;
  parent_id: number | null;
  children: CatalogGroup[];
}

/** A node of the group tree; roots have `parent_id` null. */
export const catalogGroupSchema: z.ZodType<CatalogGroup> = z.object({
  id: idSchema,
  slug: z.string().optional(),
  name: z.string(),
  parent_id: idSchema.nullable(),
  get children() {
    return z.array(catalogGroupSchema);
  },
});

const catalogKeySchema = textSchema({ error: whenMissing('Не указан ключ каталога') })
  .min(1, 'Не указан ключ каталога')
  .max(256, 'Некорректный ключ каталога');

export const getAllGroupsRequestSchema = z.object({ key: catalogKeySchema });
export type GetAllGroupsRequest = z.infer<typeof getAllGroupsRequestSchema>;

/** (beyond) A group's offers, its sub-groups' included, a page at a time. */
export const getGroupItemsRequestSchema = z.object({
  key: catalogKeySchema,
  group_id: idSchema,
  page: pageNumberSchema.default(1),
  per_page: perPageSchema,
});
export type GetGroupItemsRequest = z.infer<typeof getGroupItemsRequestSchema>;
