import { z } from 'zod';
import { countSchema, idSchema } from './fields.ts';
import { moneySchema } from './money.ts';

/** One search-result row, and the base of a basket item (contract-decisions.md section 2). */
export const offerSchema = z.object({
  id: idSchema,
  article: z.string(),
  brand_name: z.string(),
  description: z.string(),
  /** Delivery time in days; null when unknown. */
  delivery: countSchema.nullable(),
  supplier_name: z.string().nullable(),
  price: moneySchema,
  /** Stock. */
  quantity: countSchema,
  /** Kilograms; null when unknown. */
  weight: z.number().min(0).nullable(),
});
export type Offer = z.infer<typeof offerSchema>;
