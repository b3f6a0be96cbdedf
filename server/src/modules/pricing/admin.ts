import { asc, eq } from 'drizzle-orm';
import {
  fromKopecks,
  normalizeArticle,
  roublesFromDecimal,
  toKopecks,
  type AdminPricing,
  type PricingFile,
  type PricingPreview,
} from '@detal/contract';
import type { Db, DbExecutor } from '../../db/index.ts';
import { brands, offers, suppliers } from '../../db/schema/index.ts';
import { validationFailed } from '../../http/errors.ts';
import { emit } from '../../events/bus.ts';
import { listGroups, loadNameDirectory, setGroupProfile } from './groups.ts';
import { sellingPrice, type PricingProfile } from './policy.ts';
import { fileFromProfile, profileFromFile, type FileProblems } from './profile-file.ts';

/**
 * Pricing in the back office (issue 15, point 5): the same functions as the CLI's `pricing-show` and `pricing-set`
 * (groups.ts, profile-file.ts), plus a preview that prices an article's offers with `sellingPrice`, the policy
 * the shop prices by (policy-sql.test.ts holds its SQL form to it), before anything is saved.
 */

export const PRICING_PROBLEMS_MESSAGE = 'В профиле есть ошибки, ничего не изменено';
const PREVIEW_OFFERS = 50;

export async function pricingScreen(db: DbExecutor): Promise<AdminPricing> {
  const [groups, names, supplierRows] = await Promise.all([
    listGroups(db),
    loadNameDirectory(db),
    db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name)),
  ]);
  return {
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      is_default: group.isDefault,
      clients: group.clients,
      profile_id: group.profileId,
      profile: fileFromProfile(group.name, group.profile, names),
    })),
    suppliers: supplierRows,
  };
}

/**
 * Every offer of `article` (any brand) priced for every group: the group the unsaved profile names by it (when it
 * has no problems), the others by their stored profiles. Nothing is written.
 */
export async function previewPricing(db: DbExecutor, input: unknown, article: string): Promise<PricingPreview> {
  const [names, groups] = await Promise.all([loadNameDirectory(db), listGroups(db)]);
  const parsed = profileFromFile(input, names);
  const problems: FileProblems = 'problems' in parsed ? parsed.problems : {};
  const edited = 'problems' in parsed ? null : parsed;
  const priced: { group: string; edited: boolean; profile: PricingProfile }[] = groups.map((group) =>
    edited && edited.group === group.name
      ? { group: group.name, edited: true, profile: edited.profile }
      : { group: group.name, edited: false, profile: group.profile },
  );
  if (edited && !groups.some((group) => group.name === edited.group)) {
    priced.push({ group: edited.group, edited: true, profile: edited.profile });
  }
  const normalized = normalizeArticle(article);
  const rows =
    normalized === ''
      ? []
      : await db
          .select({
            id: offers.id,
            supplierId: offers.supplierId,
            brandId: offers.brandId,
            article: offers.article,
            description: offers.description,
            price: offers.price,
            brand: brands.name,
            supplier: suppliers.name,
          })
          .from(offers)
          .innerJoin(brands, eq(brands.id, offers.brandId))
          .innerJoin(suppliers, eq(suppliers.id, offers.supplierId))
          .where(eq(offers.articleNormalized, normalized))
          .orderBy(asc(brands.name), asc(offers.price), asc(offers.id))
          .limit(PREVIEW_OFFERS);
  return {
    problems,
    offers: rows.map((row) => {
      const purchaseKopecks = toKopecks(row.price);
      return {
        offer_id: row.id,
        brand: row.brand,
        article: row.article,
        description: row.description,
        supplier: row.supplier,
        purchase_price: roublesFromDecimal(row.price),
        prices: priced.map(({ group, edited: isEdited, profile }) => {
          const price = sellingPrice(profile, { purchaseKopecks, supplierId: row.supplierId, brandId: row.brandId });
          return {
            group,
            edited: isEdited,
            price: fromKopecks(price.kopecks),
            margin: fromKopecks(price.kopecks - purchaseKopecks),
            rule: price.rule,
            markup: fromKopecks(price.markup),
            at_minimum_margin: price.atMinimumMargin,
          };
        }),
      };
    }),
  };
}

/**
 * Sets a group's profile from the screen's form, as `pricing-set` does from a file, with an audit row (the
 * profile before and after, in the file's format) in the same transaction. A profile with any problem is a 422
 * naming each field, and changes nothing.
 */
export async function savePricing(db: Db, staffId: number | null, file: PricingFile, at: Date): Promise<void> {
  const names = await loadNameDirectory(db);
  const parsed = profileFromFile(file, names);
  if ('problems' in parsed) {
    throw validationFailed(
      Object.fromEntries(Object.entries(parsed.problems).map(([path, message]) => [path, [message]])),
      PRICING_PROBLEMS_MESSAGE,
    );
  }
  await db.transaction(async (tx) => {
    const before = (await listGroups(tx)).find((group) => group.name === parsed.group);
    const set = await setGroupProfile(tx, parsed.group, parsed.profile);
    await emit(tx, 'StaffWrite', {
      staffId,
      action: set.created ? 'pricing_group.create' : 'pricing_group.profile',
      entity: 'pricing_group',
      entityId: set.groupId,
      before: before ? { profile_id: before.profileId, ...fileFromProfile(before.name, before.profile, names) } : null,
      after: { profile_id: set.profileId, ...fileFromProfile(parsed.group, parsed.profile, names) },
      at,
    });
  });
}
