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

/**
 * (issue 33, decision 0068) What the offer's supplier really did over the shop's rolling window, for that brand
 * when enough of its lines were ordered, else over all brands: «обычно 4 дн., вовремя 92 %». Null below the
 * shop's minimum number of lines.
 */
export const deliveryStatsSchema = z
  .object({
    median_days: countSchema.meta({
      description: 'Median calendar days from the order to the supplier to the parts received',
    }),
    on_time_percent: z.int().min(0).max(100).nullable().meta({
      description:
        'Share of lines received by their promised day (late open lines count as not on time), rounded down; null when no line had a promised day',
    }),
    lines: countSchema.meta({ description: 'Lines the figures are over (received, and open past their promised day)' }),
  })
  .nullable()
  .meta({
    description:
      "(beyond, issue 33) The offer's supplier's delivery learned from the shop's own history (for this brand when it has enough lines, else over all brands); null below the shop's minimum number of lines",
  });
export type DeliveryStats = NonNullable<z.infer<typeof deliveryStatsSchema>>;
