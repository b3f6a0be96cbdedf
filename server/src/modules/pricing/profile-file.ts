import { fromKopecks, pricingFileSchema, toKopecks, type PricingFile } from '@detal/contract';
import { pairKey, profileProblems, type PricingProfile } from './policy.ts';

/**
 * The pricing file the shop owner writes (`npm run admin -- pricing-set --file F`, format in README "Selling
 * prices"): one group's profile, with percents and roubles as people write them and suppliers and brands by
 * name. `pricing-show` prints the same format, so a profile can be shown, edited and set again.
 */

// The file's schema is the contract's: the back office's pricing screen validates the same form as it is typed.
export { ROUNDING_RULES, pricingFileSchema, type PricingFile } from '@detal/contract';

/** Percent (12.5) -> basis points (1250): hundredths, read exactly as money's kopecks are. */
export const percentToBasisPoints = (percent: number): number => toKopecks(percent);
export const basisPointsToPercent = (basisPoints: number): number => fromKopecks(basisPoints);

/** The shop's suppliers and brands by name, to resolve the file's names into ids (and back for showing). */
export interface NameDirectory {
  supplierId(name: string): number | undefined;
  brandId(name: string): number | undefined;
  supplierName(id: number): string;
  brandName(id: number): string;
}

export type FileProblems = Record<string, string>;

/**
 * The profile a pricing file describes, or every problem it has, each under the path of its field: the file's
 * shape, unknown suppliers and brands, then the policy's own checks (negative or huge markups, overlapping or
 * empty bands, a negative minimum margin).
 */
export function profileFromFile(
  input: unknown,
  names: NameDirectory,
): { group: string; profile: PricingProfile } | { problems: FileProblems } {
  const parsed = pricingFileSchema.safeParse(input);
  if (!parsed.success) {
    const problems: FileProblems = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || '(файл)';
      problems[path] ??=
        issue.code === 'unrecognized_keys' ? `Неизвестные поля: ${issue.keys.join(', ')}` : issue.message;
    }
    return { problems };
  }
  const file = parsed.data;
  const problems: FileProblems = {};
  const supplierId = (name: string, path: string) => {
    const id = names.supplierId(name);
    if (id === undefined) problems[path] = `Поставщика «${name}» нет в магазине`;
    return id;
  };
  const brandId = (name: string, path: string) => {
    const id = names.brandId(name);
    if (id === undefined) problems[path] = `Бренда «${name}» нет в магазине`;
    return id;
  };
  const supplierMarkups = new Map<number, number>();
  for (const [name, value] of Object.entries(file.suppliers)) {
    const id = supplierId(name, `suppliers.${name}`);
    if (id !== undefined) supplierMarkups.set(id, percentToBasisPoints(value));
  }
  const brandMarkups = new Map<number, number>();
  for (const [name, value] of Object.entries(file.brands)) {
    const id = brandId(name, `brands.${name}`);
    if (id !== undefined) brandMarkups.set(id, percentToBasisPoints(value));
  }
  const supplierBrandMarkups = new Map<string, number>();
  file.supplier_brands.forEach((pair, index) => {
    const supplier = supplierId(pair.supplier, `supplier_brands.${index}.supplier`);
    const brand = brandId(pair.brand, `supplier_brands.${index}.brand`);
    if (supplier === undefined || brand === undefined) return;
    const key = pairKey(supplier, brand);
    if (supplierBrandMarkups.has(key)) {
      problems[`supplier_brands.${index}`] = `Пара «${pair.supplier}» и «${pair.brand}» указана дважды`;
    }
    supplierBrandMarkups.set(key, percentToBasisPoints(pair.markup));
  });
  const profile: PricingProfile = {
    baseMarkup: percentToBasisPoints(file.base_markup),
    bands: file.bands.map((band) => ({
      fromKopecks: toKopecks(band.from),
      toKopecks: band.to === null ? null : toKopecks(band.to),
      markup: percentToBasisPoints(band.markup),
    })),
    supplierMarkups,
    brandMarkups,
    supplierBrandMarkups,
    rounding: file.rounding,
    minMarginKopecks: toKopecks(file.min_margin),
  };
  // The policy names suppliers and brands by id: the file's readers know them by name.
  for (const [path, message] of Object.entries(profileProblems(profile))) {
    problems[readablePath(path, names)] = message;
  }
  return Object.keys(problems).length > 0 ? { problems } : { group: file.group, profile };
}

function readablePath(path: string, names: NameDirectory): string {
  const [kind, key] = path.split('.', 2);
  if (kind === 'suppliers' && key) return `suppliers.${names.supplierName(Number(key))}`;
  if (kind === 'brands' && key) return `brands.${names.brandName(Number(key))}`;
  if (kind === 'supplier_brands' && key) {
    const [supplier, brand] = key.split(':').map(Number) as [number, number];
    return `supplier_brands.${names.supplierName(supplier)}+${names.brandName(brand)}`;
  }
  return path;
}

/** A profile in the file's format, for `pricing-show`. */
export function fileFromProfile(group: string, profile: PricingProfile, names: NameDirectory): PricingFile {
  const roubles = fromKopecks;
  return {
    group,
    base_markup: basisPointsToPercent(profile.baseMarkup),
    bands: profile.bands.map((band) => ({
      from: roubles(band.fromKopecks),
      to: band.toKopecks === null ? null : roubles(band.toKopecks),
      markup: basisPointsToPercent(band.markup),
    })),
    brands: Object.fromEntries(
      [...profile.brandMarkups].map(([id, value]) => [names.brandName(id), basisPointsToPercent(value)]),
    ),
    suppliers: Object.fromEntries(
      [...profile.supplierMarkups].map(([id, value]) => [names.supplierName(id), basisPointsToPercent(value)]),
    ),
    supplier_brands: [...profile.supplierBrandMarkups].map(([key, value]) => {
      const [supplier, brand] = key.split(':').map(Number) as [number, number];
      return {
        supplier: names.supplierName(supplier),
        brand: names.brandName(brand),
        markup: basisPointsToPercent(value),
      };
    }),
    rounding: profile.rounding,
    min_margin: roubles(profile.minMarginKopecks),
  };
}
