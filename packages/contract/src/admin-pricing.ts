import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope } from './envelope.ts';
import { idSchema, requiredText } from './fields.ts';
import { isExactMoney } from './money.ts';
import { moneySchema } from './money-schema.ts';
import type { StaffRole } from './staff.ts';

/**
 * Pricing in the back office (issue 15, point 5): every client group's profile, edited as the pricing file the
 * CLI takes (`pricing-set`, README "Selling prices": percents, roubles, suppliers and brands by name), with a
 * preview of any article's prices under the unsaved rules. Owner only.
 */

export const PRICING_ROLES: readonly StaffRole[] = ['owner'];

/** A percent or an amount with at most two decimals; read exactly (through its decimal text, never a float). */
const exactNumber = (what: string) =>
  z
    .number({ error: `${what}: нужно число` })
    .refine((value) => isExactMoney(value), `${what}: не более двух знаков после запятой`);

const markup = exactNumber('Наценка в процентах');

export const ROUNDING_RULES = ['kopeck', 'rouble', 'up_to_10_roubles'] as const;
export type RoundingRuleName = (typeof ROUNDING_RULES)[number];
export const ROUNDING_LABELS: Record<RoundingRuleName, string> = {
  kopeck: 'до копейки',
  rouble: 'до рубля',
  up_to_10_roubles: 'вверх до 10 ₽',
};

/** One group's profile as a person writes it: the CLI's file and the screen's form. */
export const pricingFileSchema = z.strictObject({
  group: z.string({ error: 'Укажите группу клиентов: "group": "Розница"' }).trim().min(1, 'Укажите группу клиентов'),
  base_markup: markup,
  bands: z
    .array(
      z.strictObject({
        from: exactNumber('Граница «от» в рублях'),
        to: exactNumber('Граница «до» в рублях').nullable(),
        markup,
      }),
    )
    .default([]),
  brands: z.record(z.string(), markup).default({}),
  suppliers: z.record(z.string(), markup).default({}),
  supplier_brands: z.array(z.strictObject({ supplier: z.string(), brand: z.string(), markup })).default([]),
  rounding: z.enum(ROUNDING_RULES, { error: 'Округление: kopeck, rouble или up_to_10_roubles' }).default('kopeck'),
  min_margin: exactNumber('Минимальная наценка в рублях').default(0),
});
export type PricingFile = z.infer<typeof pricingFileSchema>;

export const adminPricingGroupSchema = z.object({
  id: idSchema,
  name: z.string(),
  is_default: z.boolean(),
  clients: z.int().min(0),
  profile_id: idSchema,
  profile: pricingFileSchema,
});
export type AdminPricingGroup = z.infer<typeof adminPricingGroupSchema>;

export const adminPricingSchema = z.object({
  groups: z.array(adminPricingGroupSchema),
  /** Real names, for the overrides' pickers. */
  suppliers: z.array(z.object({ id: idSchema, name: z.string() })),
});
export type AdminPricing = z.infer<typeof adminPricingSchema>;

export const pricingPreviewRequestSchema = z.object({
  /** The unsaved profile (any shape: its problems are part of the answer, not a 422). */
  profile: z.unknown(),
  article: requiredText(100, 'Введите артикул'),
});
export type PricingPreviewRequest = z.infer<typeof pricingPreviewRequestSchema>;

export const pricingPreviewPriceSchema = z.object({
  group: z.string(),
  /** True for the group being edited: priced by the unsaved rules. */
  edited: z.boolean(),
  price: moneySchema,
  /** Selling price minus purchase price, roubles. */
  margin: z.number(),
  rule: z.enum(['supplier_brand', 'brand', 'supplier', 'band', 'base']),
  markup: z.number(),
  at_minimum_margin: z.boolean(),
});
export type PricingPreviewPrice = z.infer<typeof pricingPreviewPriceSchema>;

export const pricingPreviewSchema = z.object({
  /** What is wrong with the unsaved profile, by field path, in Russian; empty when it can be saved. */
  problems: z.record(z.string(), z.string()),
  offers: z.array(
    z.object({
      offer_id: z.int(),
      brand: z.string(),
      article: z.string(),
      description: z.string(),
      supplier: z.string(),
      purchase_price: moneySchema,
      prices: z.array(pricingPreviewPriceSchema),
    }),
  ),
});
export type PricingPreview = z.infer<typeof pricingPreviewSchema>;

export const pricingSaveRequestSchema = z.object({ profile: pricingFileSchema });

export const pricingAdminEndpoints = defineEndpoints({
  'pricing-show': {
    method: 'GET',
    path: 'pricing-show',
    session: false,
    roles: PRICING_ROLES,
    summary: "Every client group with its pricing profile (the pricing file's format) and the suppliers",
    tags: ['admin'],
    response: dataEnvelope(adminPricingSchema),
  },
  'pricing-preview': {
    method: 'POST',
    path: 'pricing-preview',
    session: false,
    roles: PRICING_ROLES,
    summary:
      "An article's offers priced for every group, the edited group by its unsaved profile (the shop's own policy), with the profile's problems",
    tags: ['admin'],
    body: pricingPreviewRequestSchema,
    response: dataEnvelope(pricingPreviewSchema),
  },
  'pricing-save': {
    method: 'POST',
    path: 'pricing-save',
    session: false,
    roles: PRICING_ROLES,
    summary:
      "Set a group's pricing profile (a new immutable profile; audited); a profile with any problem changes nothing",
    tags: ['admin'],
    body: pricingSaveRequestSchema,
    response: dataEnvelope(adminPricingSchema),
  },
});
