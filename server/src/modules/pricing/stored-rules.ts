import { z } from 'zod';
import { pairKey, type PricingProfile } from './policy.ts';

/**
 * A pricing profile as the `pricing_profiles.rules` JSON document holds it: the policy's units (basis points,
 * kopecks) and the shop's internal ids. JSON keys are text, so supplier and brand ids are keys as decimal text
 * and a pair is `"supplierId:brandId"`. Checked on the way in (pricing-set) and on the way out (a row edited by
 * hand fails loudly instead of pricing wrongly).
 */
const basisPoints = z.int().min(0);
const idKey = z.string().regex(/^\d+$/);

export const storedRulesSchema = z.object({
  base_markup: basisPoints,
  bands: z.array(z.object({ from: z.int().min(0), to: z.int().min(0).nullable(), markup: basisPoints })),
  suppliers: z.record(idKey, basisPoints),
  brands: z.record(idKey, basisPoints),
  supplier_brands: z.record(z.string().regex(/^\d+:\d+$/), basisPoints),
  rounding: z.enum(['kopeck', 'rouble', 'up_to_10_roubles']),
  min_margin: z.int().min(0),
});
export type StoredRules = z.infer<typeof storedRulesSchema>;

const numberKeyed = (record: Record<string, number>) =>
  new Map(Object.entries(record).map(([key, value]) => [Number(key), value]));

export function profileFromRules(rules: StoredRules): PricingProfile {
  return {
    baseMarkup: rules.base_markup,
    bands: rules.bands.map((band) => ({ fromKopecks: band.from, toKopecks: band.to, markup: band.markup })),
    supplierMarkups: numberKeyed(rules.suppliers),
    brandMarkups: numberKeyed(rules.brands),
    supplierBrandMarkups: new Map(
      Object.entries(rules.supplier_brands).map(([key, value]) => {
        const [supplierId, brandId] = key.split(':').map(Number) as [number, number];
        return [pairKey(supplierId, brandId), value];
      }),
    ),
    rounding: rules.rounding,
    minMarginKopecks: rules.min_margin,
  };
}

export function rulesFromProfile(profile: PricingProfile): StoredRules {
  return {
    base_markup: profile.baseMarkup,
    bands: profile.bands.map((band) => ({ from: band.fromKopecks, to: band.toKopecks, markup: band.markup })),
    suppliers: Object.fromEntries([...profile.supplierMarkups].map(([id, markup]) => [String(id), markup])),
    brands: Object.fromEntries([...profile.brandMarkups].map(([id, markup]) => [String(id), markup])),
    supplier_brands: Object.fromEntries(profile.supplierBrandMarkups),
    rounding: profile.rounding,
    min_margin: profile.minMarginKopecks,
  };
}
