import { asc, eq, inArray, sql } from 'drizzle-orm';
import { normalizeBrand } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { brands, clientGroups, clients, pricingProfiles, suppliers } from '../../db/schema/index.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';
import type { BasisPoints, PricingProfile } from './policy.ts';
import type { NameDirectory } from './profile-file.ts';
import { profileFromRules, rulesFromProfile, storedRulesSchema } from './stored-rules.ts';

/**
 * The shop's side of pricing: groups and their profiles, a client's group and discount, how suppliers are shown.
 * The admin CLI calls these now; the back office will call the same functions.
 */

export interface GroupWithProfile {
  id: number;
  name: string;
  isDefault: boolean;
  profileId: number;
  profile: PricingProfile;
  clients: number;
}

export async function listGroups(db: DbExecutor): Promise<GroupWithProfile[]> {
  const rows = await db
    .select({
      id: clientGroups.id,
      name: clientGroups.name,
      isDefault: clientGroups.isDefault,
      profileId: clientGroups.profileId,
      rules: pricingProfiles.rules,
      // Clients without a group belong to the default one.
      clients: sql<number>`(select count(*)::int from ${clients} where ${clients.groupId} = ${clientGroups.id}
        or (${clients.groupId} is null and ${clientGroups.isDefault}))`,
    })
    .from(clientGroups)
    .innerJoin(pricingProfiles, eq(pricingProfiles.id, clientGroups.profileId))
    .orderBy(asc(clientGroups.id));
  return rows.map(({ rules, ...row }) => ({ ...row, profile: profileFromRules(storedRulesSchema.parse(rules)) }));
}

/**
 * Gives group `name` a new profile (a new immutable row), creating the group when the shop has none of that name:
 * one statement for the pointer, in one transaction with the new row, so no reader sees half of it.
 */
export async function setGroupProfile(
  db: DbExecutor,
  name: string,
  profile: PricingProfile,
): Promise<{ groupId: number; profileId: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(pricingProfiles)
      .values({ rules: rulesFromProfile(profile) })
      .returning({ id: pricingProfiles.id });
    const profileId = stored!.id;
    const [group] = await tx
      .insert(clientGroups)
      .values({ name, profileId })
      .onConflictDoUpdate({ target: clientGroups.name, set: { profileId } })
      .returning({ id: clientGroups.id, created: sql<boolean>`xmax = 0` });
    return { groupId: group!.id, profileId, created: group!.created };
  });
}

export async function groupNames(db: DbExecutor): Promise<string[]> {
  const rows = await db.select({ name: clientGroups.name }).from(clientGroups).orderBy(asc(clientGroups.id));
  return rows.map((row) => row.name);
}

/**
 * Puts a client into a group (by the group's name). 'no-client' / 'no-group' when either does not exist; one
 * update statement, the group found inside it.
 */
export async function setClientGroup(
  db: DbExecutor,
  clientId: number,
  groupName: string,
): Promise<'done' | 'no-client' | 'no-group'> {
  const [group] = await db.select({ id: clientGroups.id }).from(clientGroups).where(eq(clientGroups.name, groupName));
  if (!group) return 'no-group';
  const updated = await db
    .update(clients)
    .set({ groupId: group.id, updatedAt: new Date() })
    .where(eq(clients.id, clientId))
    .returning({ id: clients.id });
  return updated.length > 0 ? 'done' : 'no-client';
}

/** False when there is no such client. */
export async function setClientDiscount(db: DbExecutor, clientId: number, discount: BasisPoints): Promise<boolean> {
  const updated = await db
    .update(clients)
    .set({ personalDiscount: discount, updatedAt: new Date() })
    .where(eq(clients.id, clientId))
    .returning({ id: clients.id });
  return updated.length > 0;
}

export interface SupplierShown {
  /** Null: the neutral «Склад {id}». */
  displayName?: string | null;
  deliveryProbability?: number | null;
}

/** Changes what clients see of supplier `name` (its real name); null when there is no such supplier. */
export async function setSupplierShown(
  db: DbExecutor,
  name: string,
  shown: SupplierShown,
): Promise<{ id: number; displayName: string | null; deliveryProbability: number | null } | null> {
  const [row] = await db.update(suppliers).set(shown).where(eq(suppliers.name, name)).returning({
    id: suppliers.id,
    displayName: suppliers.displayName,
    deliveryProbability: suppliers.deliveryProbability,
  });
  return row ?? null;
}

/** The shop's suppliers (by exact name) and brands (by name in any spelling: `normalizeBrand`) and their ids. */
export async function loadNameDirectory(db: DbExecutor): Promise<NameDirectory> {
  const [supplierRows, brandRows] = await Promise.all([
    db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers),
    db.select({ id: brands.id, name: brands.name }).from(brands),
  ]);
  const supplierIds = new Map(supplierRows.map((row) => [row.name, row.id]));
  const brandIds = new Map(brandRows.map((row) => [normalizeBrand(row.name), row.id]));
  const supplierNames = new Map(supplierRows.map((row) => [row.id, row.name]));
  const brandNames = new Map(brandRows.map((row) => [row.id, row.name]));
  return {
    supplierId: (name) => supplierIds.get(name),
    brandId: (name) => brandIds.get(normalizeBrand(name)),
    // A profile may outlive a supplier or brand it names (a reset demo shop): its id stands in.
    supplierName: (id) => supplierNames.get(id) ?? `#${id}`,
    brandName: (id) => brandNames.get(id) ?? `#${id}`,
  };
}

/** Client groups by their names. */
export const clientGroupAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({ id: clientGroups.id, label: clientGroups.name })
      .from(clientGroups)
      .where(inArray(clientGroups.id, [...ids])),
  );
