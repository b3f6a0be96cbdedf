/**
 * The pricing policy: what a client pays for an offer, from what the shop pays its supplier (the purchase price).
 * One pure function, so that every rule, its precedence and its rounding can be read and tested in one place
 * (decision record 0014). Money is integer kopecks and percentages are integer hundredths of a percent (basis
 * points); the arithmetic runs on BigInt, so no float ever touches an amount.
 */

/** Hundredths of a percent: 2550 is 25.50 %. */
export type BasisPoints = number;

/** How a selling price is rounded after the markup (and the personal discount). */
export type RoundingRule = 'kopeck' | 'rouble' | 'up_to_10_roubles';

/** A purchase-price band: [fromKopecks, toKopecks), `toKopecks` null for "and above". */
export interface PriceBand {
  fromKopecks: number;
  toKopecks: number | null;
  markup: BasisPoints;
}

export interface PricingProfile {
  /** The markup when no other rule applies. */
  baseMarkup: BasisPoints;
  /** Bands by purchase price; they must not overlap (see `profileProblems`). */
  bands: readonly PriceBand[];
  supplierMarkups: ReadonlyMap<number, BasisPoints>;
  brandMarkups: ReadonlyMap<number, BasisPoints>;
  /** Keyed by `pairKey(supplierId, brandId)`. */
  supplierBrandMarkups: ReadonlyMap<string, BasisPoints>;
  rounding: RoundingRule;
  /** The least the shop earns on one piece, whatever the markup or discount. */
  minMarginKopecks: number;
}

export interface PricedOffer {
  purchaseKopecks: number;
  supplierId: number;
  brandId: number;
}

/** Which rule set the markup, most specific first: the order in which `markupOf` looks. */
export const RULE_PRECEDENCE = ['supplier_brand', 'brand', 'supplier', 'band', 'base'] as const;
export type MarkupRule = (typeof RULE_PRECEDENCE)[number];

export interface SellingPrice {
  kopecks: number;
  rule: MarkupRule;
  markup: BasisPoints;
  /** True when the minimum margin, not the markup and discount, set the price. */
  atMinimumMargin: boolean;
}

export const pairKey = (supplierId: number, brandId: number): string => `${supplierId}:${brandId}`;

const BP_SCALE = 10_000n;

/** The markup for an offer and the rule it came from. Precedence is explicit: no two rules ever compete. */
export function markupOf(profile: PricingProfile, offer: PricedOffer): { rule: MarkupRule; markup: BasisPoints } {
  const pair = profile.supplierBrandMarkups.get(pairKey(offer.supplierId, offer.brandId));
  if (pair !== undefined) return { rule: 'supplier_brand', markup: pair };
  const brand = profile.brandMarkups.get(offer.brandId);
  if (brand !== undefined) return { rule: 'brand', markup: brand };
  const supplier = profile.supplierMarkups.get(offer.supplierId);
  if (supplier !== undefined) return { rule: 'supplier', markup: supplier };
  const band = profile.bands.find(
    (candidate) =>
      offer.purchaseKopecks >= candidate.fromKopecks &&
      (candidate.toKopecks === null || offer.purchaseKopecks < candidate.toKopecks),
  );
  if (band) return { rule: 'band', markup: band.markup };
  return { rule: 'base', markup: profile.baseMarkup };
}

/** amount × (1 + percent), to the nearest kopeck, half a kopeck up (as PostgreSQL's round() on numeric). */
function scale(kopecks: bigint, factor: bigint): bigint {
  return (kopecks * factor + BP_SCALE / 2n) / BP_SCALE;
}

/**
 * The profile's rounding: to the nearest step (half up) for the price itself, or up to the next step for the
 * floor of the minimum margin, which must stay a floor.
 */
function rounded(kopecks: bigint, rule: RoundingRule, direction: 'nearest' | 'up'): bigint {
  const step = { kopeck: 1n, rouble: 100n, up_to_10_roubles: 1000n }[rule];
  // "Up to the next 10 ₽" rounds up whatever the direction: it is a ceiling by definition.
  const carry = direction === 'up' || rule === 'up_to_10_roubles' ? step - 1n : step / 2n;
  return ((kopecks + carry) / step) * step;
}

/**
 * What a client pays for one piece: purchase price plus the markup of the most specific rule, less the client's
 * personal discount, rounded by the profile's rule, and never below purchase price plus the minimum margin.
 */
export function sellingPrice(
  profile: PricingProfile,
  offer: PricedOffer,
  personalDiscount: BasisPoints = 0,
): SellingPrice {
  const { rule, markup } = markupOf(profile, offer);
  const purchase = BigInt(offer.purchaseKopecks);
  const marked = scale(purchase, BP_SCALE + BigInt(markup));
  const discounted = personalDiscount === 0 ? marked : scale(marked, BP_SCALE - BigInt(personalDiscount));
  const price = rounded(discounted, profile.rounding, 'nearest');
  const floor = rounded(purchase + BigInt(profile.minMarginKopecks), profile.rounding, 'up');
  const atMinimumMargin = price < floor;
  return { kopecks: Number(atMinimumMargin ? floor : price), rule, markup, atMinimumMargin };
}

/** The largest markup or discount a profile may name: 1,000 %. */
export const MAX_MARKUP: BasisPoints = 100_000;

/**
 * What is wrong with a profile, in Russian, keyed by the field's path (empty when nothing is): every markup
 * within 0..1,000 % (a negative one would sell below cost), bands that do not overlap, a minimum margin of 0 or
 * more. Unknown suppliers and brands are the caller's to check: the policy does not know the shop's lists.
 */
export function profileProblems(profile: PricingProfile): Record<string, string> {
  const problems: Record<string, string> = {};
  const checkMarkup = (path: string, markup: BasisPoints) => {
    if (!Number.isInteger(markup) || markup < 0 || markup > MAX_MARKUP) {
      problems[path] = 'Наценка должна быть от 0 до 1000 %: отрицательная продаёт ниже закупочной цены';
    }
  };
  checkMarkup('base_markup', profile.baseMarkup);
  for (const [supplierId, markup] of profile.supplierMarkups) checkMarkup(`suppliers.${supplierId}`, markup);
  for (const [brandId, markup] of profile.brandMarkups) checkMarkup(`brands.${brandId}`, markup);
  for (const [key, markup] of profile.supplierBrandMarkups) checkMarkup(`supplier_brands.${key}`, markup);

  const bands = profile.bands.map((band, index) => ({ band, index }));
  for (const { band, index } of bands) {
    checkMarkup(`bands.${index}.markup`, band.markup);
    if (band.fromKopecks < 0 || (band.toKopecks !== null && band.toKopecks <= band.fromKopecks)) {
      problems[`bands.${index}`] = 'Граница «до» должна быть больше границы «от», а «от» не меньше 0';
    }
  }
  const sorted = [...bands].sort((a, b) => a.band.fromKopecks - b.band.fromKopecks);
  for (let i = 1; i < sorted.length; i += 1) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (previous.band.toKopecks === null || previous.band.toKopecks > current.band.fromKopecks) {
      problems[`bands.${current.index}`] = `Диапазон пересекается с диапазоном № ${previous.index + 1}`;
    }
  }
  if (!Number.isInteger(profile.minMarginKopecks) || profile.minMarginKopecks < 0) {
    problems.min_margin = 'Минимальная наценка в рублях не может быть отрицательной';
  }
  return problems;
}
