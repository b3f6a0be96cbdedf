import { pricingFileSchema, type PricingFile, type RoundingRuleName } from '@detal/contract';

/**
 * The pricing screen's form: the pricing file (the CLI's format, `pricingFileSchema`) with its maps as rows, so
 * that overrides can be added, edited and removed in a table. Numbers are kept as typed («12,5»), read as the
 * file's numbers when checked; the file is what is previewed and saved.
 */

export interface PricingFormValues {
  group: string;
  base_markup: string;
  rounding: RoundingRuleName;
  min_margin: string;
  bands: { from: string; to: string; markup: string }[];
  brands: { brand: string; markup: string }[];
  suppliers: { supplier: string; markup: string }[];
  supplier_brands: { supplier: string; brand: string; markup: string }[];
}

const text = (value: number) => String(value).replace('.', ',');

export function formFromFile(file: PricingFile): PricingFormValues {
  return {
    group: file.group,
    base_markup: text(file.base_markup),
    rounding: file.rounding,
    min_margin: text(file.min_margin),
    bands: file.bands.map((band) => ({
      from: text(band.from),
      to: band.to === null ? '' : text(band.to),
      markup: text(band.markup),
    })),
    brands: Object.entries(file.brands).map(([brand, markup]) => ({ brand, markup: text(markup) })),
    suppliers: Object.entries(file.suppliers).map(([supplier, markup]) => ({ supplier, markup: text(markup) })),
    supplier_brands: file.supplier_brands.map((pair) => ({ ...pair, markup: text(pair.markup) })),
  };
}

/** «12,5» → 12.5; anything that is not a plain decimal number → NaN (the schema then names the field). */
export function numberOf(value: string): number {
  const trimmed = value.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function fileFromForm(values: PricingFormValues): unknown {
  return {
    group: values.group,
    base_markup: numberOf(values.base_markup),
    rounding: values.rounding,
    min_margin: values.min_margin.trim() === '' ? 0 : numberOf(values.min_margin),
    bands: values.bands.map((band) => ({
      from: numberOf(band.from),
      to: band.to.trim() === '' ? null : numberOf(band.to),
      markup: numberOf(band.markup),
    })),
    brands: Object.fromEntries(values.brands.map((row) => [row.brand.trim(), numberOf(row.markup)])),
    suppliers: Object.fromEntries(values.suppliers.map((row) => [row.supplier, numberOf(row.markup)])),
    supplier_brands: values.supplier_brands.map((row) => ({
      supplier: row.supplier,
      brand: row.brand.trim(),
      markup: numberOf(row.markup),
    })),
  };
}

/**
 * The form's errors by its own field paths, from the contract's schema (the server's first check): brand and
 * supplier maps are keyed by name in the file and by row in the form.
 */
export function validatePricingForm(values: PricingFormValues): Record<string, string> {
  const parsed = pricingFileSchema.safeParse(fileFromForm(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [head, key, ...rest] = issue.path.map(String);
    let path = issue.path.join('.');
    if (head === 'brands' && key !== undefined) {
      path = `brands.${values.brands.findIndex((row) => row.brand.trim() === key)}.markup`;
    } else if (head === 'suppliers' && key !== undefined) {
      path = `suppliers.${values.suppliers.findIndex((row) => row.supplier === key)}.markup`;
    } else if (head && key !== undefined && rest.length === 0 && head === 'bands') {
      path = `bands.${key}.from`;
    }
    errors[path] ??= issue.message;
  }
  return errors;
}
