import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../server/src/db/index.ts';
import { importPriceList } from '../../server/src/modules/catalog/import/price-list-import.ts';
import { subscribeModuleEffects } from '../../server/src/modules/subscribers.ts';
import { loadNameDirectory, setGroupProfile, setSupplierShown } from '../../server/src/modules/pricing/groups.ts';
import { profileFromFile, type PricingFile } from '../../server/src/modules/pricing/profile-file.ts';
import { PRICE_LIST_BRANDS } from './price-list-file.ts';

/*
 * The pricing setup of `bench:search -- --pricing`, installed through the pricing module's own service (the
 * functions pricing-set, supplier-set and the back office call), never by writing its tables:
 *
 * - the retail group (Розница, the default: anonymous visitors, whom the benchmark's searches are) with a
 *   profile shaped like a real parts shop's: 10 purchase-price bands, 20 brand overrides, 8 supplier overrides,
 *   rounding to the rouble and a minimum margin of 30 ₽;
 * - two more groups, Опт and СТО, with profiles of the same size and other numbers;
 * - the 8 overridden suppliers shown by display names, with delivery probabilities.
 *
 * The catalogue's offers all come from one supplier ('Bench supplier', the one price list); the 8 overridden
 * suppliers are other suppliers of the shop, each created the way a shop gets one (a one-row price list through
 * the real import). 'Bench supplier' itself has no override, so an offer of a brand without an override is
 * tested against every brand and supplier rule before its band: the longest path through the expression.
 *
 * "Without pricing" is the state migration 0006 leaves a shop in, and the one the server prices with when no rule
 * is set: the default group's 0 % profile (no bands, no overrides, kopecks, no minimum margin). The server has no
 * path that skips pricing: every search still reads its caller's profile (decision 0016) and computes
 * greatest(round(price × 1), price + 0), so the baseline pays the look-up too, and the ratio of the two measures
 * what the rules cost.
 */

/** The 8 other suppliers of the shop whose markups the profiles override. */
export const OVERRIDDEN_SUPPLIERS = Array.from({ length: 8 }, (_, index) => `Поставщик ${index + 2} (bench)`);

const BAND_EDGES = [0, 100, 300, 600, 1_000, 2_000, 3_500, 5_000, 10_000, 25_000] as const;

/** A profile of the benchmark's shape: 10 bands, 20 brands, 8 suppliers; `scale` varies the numbers per group. */
function benchProfile(group: string, brands: readonly string[], scale: number, rounding: PricingFile['rounding']) {
  const percent = (value: number) => Math.round(value * scale * 100) / 100;
  const bandMarkups = [80, 60, 45, 38, 30, 25, 22, 18, 15, 12];
  return {
    group,
    base_markup: percent(30),
    bands: BAND_EDGES.map((from, index) => ({
      from,
      to: BAND_EDGES[index + 1] ?? null,
      markup: percent(bandMarkups[index]!),
    })),
    brands: Object.fromEntries(brands.map((brand, index) => [brand, percent(10 + index)])),
    suppliers: Object.fromEntries(OVERRIDDEN_SUPPLIERS.map((supplier, index) => [supplier, percent(20 + 2 * index)])),
    supplier_brands: [],
    rounding,
    min_margin: Math.round(30 * scale),
  } satisfies PricingFile;
}

/** The retail profile with no rule at all: what migration 0006 gives the default group. */
const ZERO_RETAIL: PricingFile = {
  group: 'Розница',
  base_markup: 0,
  bands: [],
  brands: {},
  suppliers: {},
  supplier_brands: [],
  rounding: 'kopeck',
  min_margin: 0,
};

/** Creates the overridden suppliers that are missing, each through the real import of a one-row price list. */
async function ensureSuppliers(database: Database): Promise<number> {
  const names = await loadNameDirectory(database.db);
  const missing = OVERRIDDEN_SUPPLIERS.filter((name) => names.supplierId(name) === undefined);
  if (missing.length === 0) return 0;
  subscribeModuleEffects(); // the imports emit domain events (decision 0042)
  const folder = await mkdtemp(path.join(tmpdir(), 'detal-bench-suppliers-'));
  try {
    for (const [index, supplierName] of missing.entries()) {
      const file = path.join(folder, `supplier-${index}.csv`);
      await writeFile(file, `article;brand;price;quantity\nBENCH-SUPPLIER-${index};BOSCH;100,00;5\n`);
      await importPriceList(database, { supplierName, file, defaultDeliveryDays: 2 + index });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return missing.length;
}

export interface PricingSetupSummary {
  suppliersCreated: number;
  brands: string[];
  groups: string[];
}

/** Installs the realistic setup (see above): three groups' profiles, the suppliers' display names. */
export async function installRealisticPricing(database: Database): Promise<PricingSetupSummary> {
  const suppliersCreated = await ensureSuppliers(database);
  const names = await loadNameDirectory(database.db);
  // 20 brands of the catalogue, the well-known makers first (the ones a shop negotiates its margins on).
  const brands = PRICE_LIST_BRANDS.filter((brand) => names.brandId(brand) !== undefined).slice(0, 20);
  if (brands.length < 20) throw new Error(`The catalogue has ${brands.length} of the brands the profile needs (20)`);
  const files = [
    benchProfile('Розница', brands, 1, 'rouble'),
    benchProfile('Опт', brands, 0.5, 'kopeck'),
    benchProfile('СТО', brands, 0.7, 'up_to_10_roubles'),
  ];
  for (const file of files) await setProfile(database, file);
  for (const [index, supplier] of OVERRIDDEN_SUPPLIERS.entries()) {
    await setSupplierShown(database.db, supplier, {
      displayName: `Склад ${index + 2}`,
      deliveryProbability: 95 - index,
    });
  }
  return { suppliersCreated, brands, groups: files.map((file) => file.group) };
}

/** Back to no pricing: the default group's 0 % profile (the other groups stay, their clients are not searching). */
export async function removePricing(database: Database): Promise<void> {
  await setProfile(database, ZERO_RETAIL);
}

async function setProfile(database: Database, file: PricingFile): Promise<void> {
  const result = profileFromFile(file, await loadNameDirectory(database.db));
  if ('problems' in result)
    throw new Error(`The bench profile ${file.group} is wrong: ${JSON.stringify(result.problems)}`);
  await setGroupProfile(database.db, result.group, result.profile);
}
