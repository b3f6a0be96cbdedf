import type { DbExecutor } from '../db/index.ts';
import { suppliers } from '../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { loadNameDirectory, setGroupProfile } from '../modules/pricing/groups.ts';
import { profileFromFile, type PricingFile } from '../modules/pricing/profile-file.ts';
import { demoSuppliers } from './suppliers.ts';

/**
 * The demo shop's selling prices: a retail profile shaped like a real parts shop's (a high markup on cheap parts,
 * a thin one on expensive ones, whole roubles, at least 30 ₽ earned on a piece), a wholesale group «Опт», and
 * suppliers shown by neutral warehouse names with their delivery probabilities. In pricing-set's file format,
 * so that a newcomer can read it as the example it is.
 */
export const demoRetailProfile: PricingFile = {
  group: 'Розница',
  base_markup: 30,
  bands: [
    { from: 0, to: 300, markup: 60 },
    { from: 300, to: 1000, markup: 40 },
    { from: 1000, to: 5000, markup: 25 },
    { from: 5000, to: null, markup: 15 },
  ],
  brands: { BREMBO: 20, BILSTEIN: 18 },
  suppliers: { 'Импорт-Детали (под заказ)': 35 },
  supplier_brands: [{ supplier: 'Склад Деталь (Москва)', brand: 'MANN-FILTER', markup: 45 }],
  rounding: 'rouble',
  min_margin: 30,
};

export const demoWholesaleProfile: PricingFile = {
  group: 'Опт',
  base_markup: 12,
  bands: [
    { from: 0, to: 1000, markup: 18 },
    { from: 1000, to: null, markup: 10 },
  ],
  brands: {},
  suppliers: {},
  supplier_brands: [],
  rounding: 'kopeck',
  min_margin: 15,
};

/** How each demo supplier is shown, in demoSuppliers' order: [display name, delivery probability %]. */
const shownAs: readonly (readonly [string, number | null])[] = [
  ['Склад 1 (Москва)', 99],
  ['Склад 2', 95],
  ['Склад 3', 92],
  ['Склад 4', 90],
  ['Склад 5', 88],
  ['Склад 6 (Новосибирск)', 85],
  ['Склад 7 (Екатеринбург)', 85],
  ['Под заказ', 70],
];

export async function writeDemoPricing(db: DbExecutor): Promise<void> {
  for (const [index, supplier] of demoSuppliers.entries()) {
    const [displayName, deliveryProbability] = shownAs[index] ?? [null, null];
    await db.update(suppliers).set({ displayName, deliveryProbability }).where(eq(suppliers.name, supplier.name));
  }
  const names = await loadNameDirectory(db);
  for (const file of [demoRetailProfile, demoWholesaleProfile]) {
    const result = profileFromFile(file, names);
    if ('problems' in result)
      throw new Error(`The demo profile ${file.group} is wrong: ${JSON.stringify(result.problems)}`);
    await setGroupProfile(db, result.group, result.profile);
  }
}
