import { z } from 'zod';
import { countSchema, idSchema } from './fields.ts';
import { moneySchema } from './money-schema.ts';

/** One search-result row, and the base of a basket item (contract-decisions.md section 2). */
export const offerSchema = z.object({
  id: idSchema,
  article: z.string(),
  brand_name: z.string(),
  description: z.string(),
  /** Delivery time in days; null when unknown. */
  delivery: countSchema.nullable(),
  supplier_name: z.string().nullable().meta({
    description: "The name the shop shows for the supplier (its display name), never the supplier's real name",
  }),
  delivery_probability: z.int().min(0).max(100).nullable().meta({
    description:
      "The shop's stated chance, in percent, that the part arrives within `delivery` days; null when unstated",
  }),
  price: moneySchema.meta({
    description:
      "Selling price of one piece, in roubles, for the client who asks (anonymous: the retail group): the purchase price with the markup of the client's group profile, less the personal discount, rounded, never below purchase price plus the minimum margin. Never the supplier's purchase price",
  }),
  /** Stock. */
  quantity: countSchema,
  /** Kilograms; null when unknown. */
  weight: z.number().min(0).nullable(),
});
export type Offer = z.infer<typeof offerSchema>;

/** (beyond, issue 32) On search items, basket lines and checkout lines whose supplier or brand sells «без возврата». */
export const noReturnSchema = z.boolean().optional().meta({
  description:
    "True when the offer's supplier or brand sells it «без возврата» (the shop's return policy): a return request of it is refused; absent otherwise",
});
