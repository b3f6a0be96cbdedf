import { sql } from 'drizzle-orm';
import type { AdminBrand, CrossReference, CrossReferenceType } from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';

/*
 * The SQL of the back office's brands and cross-references screens (issue 26). A brand is found by any of its
 * spellings through brand_aliases, as the imports and the search find it.
 */

export interface BrandRow {
  id: number;
  name: string;
  nameNormalized: string;
}

/** The brand a spelling (normalized) names, through its aliases or its own normalized name. */
export async function findBrandBySpelling(db: DbExecutor, spelling: string): Promise<BrandRow | null> {
  const found = await db.execute<{ id: number; name: string; name_normalized: string }>(sql`
    select b.id, b.name, b.name_normalized from brand_aliases a join brands b on b.id = a.brand_id
     where a.alias_normalized = ${spelling}
    union
    select b.id, b.name, b.name_normalized from brands b where b.name_normalized = ${spelling}
    limit 1`);
  const row = found.rows[0];
  return row ? { id: row.id, name: row.name, nameNormalized: row.name_normalized } : null;
}

/** The brand, locked for the rest of the transaction (two merges or an alias and a merge never cross). */
export async function lockBrand(tx: Tx, id: number): Promise<BrandRow | null> {
  const found = await tx.execute<{ id: number; name: string; name_normalized: string }>(sql`
    select id, name, name_normalized from brands where id = ${id} for update`);
  const row = found.rows[0];
  return row ? { id: row.id, name: row.name, nameNormalized: row.name_normalized } : null;
}

/** Brands by the start of a name or of any spelling, newest first, with their spellings. */
export async function listBrandPage(
  db: DbExecutor,
  prefix: string | null,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: AdminBrand[] }> {
  const where = prefix
    ? sql`where b.name_normalized like ${`${prefix}%`} or exists (
        select 1 from brand_aliases a where a.brand_id = b.id and a.alias_normalized like ${`${prefix}%`})`
    : sql``;
  const [total] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from brands b ${where}`)).rows;
  const rows = await db.execute<{ id: number; name: string; aliases: string[] }>(sql`
    select b.id, b.name,
           array(select a.alias_normalized from brand_aliases a where a.brand_id = b.id
                  order by a.alias_normalized <> b.name_normalized, a.alias_normalized) as aliases
      from brands b ${where}
     order by b.id desc
     limit ${limit} offset ${offset}`);
  return { total: total?.total ?? 0, rows: rows.rows.map((row) => ({ ...row, aliases: [...row.aliases] })) };
}

export async function brandById(db: DbExecutor, id: number): Promise<AdminBrand | null> {
  const rows = await db.execute<{ id: number; name: string; aliases: string[] }>(sql`
    select b.id, b.name,
           array(select a.alias_normalized from brand_aliases a where a.brand_id = b.id
                  order by a.alias_normalized <> b.name_normalized, a.alias_normalized) as aliases
      from brands b where b.id = ${id}`);
  const row = rows.rows[0];
  return row ? { ...row, aliases: [...row.aliases] } : null;
}

export async function insertAlias(tx: Tx, brandId: number, spelling: string): Promise<void> {
  await tx.execute(sql`
    insert into brand_aliases (alias_normalized, brand_id) values (${spelling}, ${brandId}) on conflict do nothing`);
}

/** False when the brand has no such spelling. */
export async function deleteAlias(tx: Tx, brandId: number, spelling: string): Promise<boolean> {
  const deleted = await tx.execute(sql`
    delete from brand_aliases where alias_normalized = ${spelling} and brand_id = ${brandId} returning 1`);
  return deleted.rows.length > 0;
}

/**
 * Moves everything of brand `fromId` to `intoId` and removes it: offers, cross-references (a pair that would join a
 * part to itself is dropped, one already known kept once), catalogue groups, recommendations and spellings. Runs in
 * the caller's transaction, both brands locked. Answers how many offers moved.
 */
export async function mergeBrandRows(tx: Tx, fromId: number, intoId: number): Promise<number> {
  const moved = await tx.execute(sql`update offers set brand_id = ${intoId} where brand_id = ${fromId} returning 1`);
  await tx.execute(sql`
    insert into cross_references (article_normalized_a, brand_id_a, article_normalized_b, brand_id_b, type)
    select article_normalized_a, case when brand_id_a = ${fromId} then ${intoId} else brand_id_a end,
           article_normalized_b, case when brand_id_b = ${fromId} then ${intoId} else brand_id_b end, type
      from cross_references where brand_id_a = ${fromId} or brand_id_b = ${fromId}
    on conflict do nothing`);
  await tx.execute(sql`delete from cross_references where brand_id_a = ${fromId} or brand_id_b = ${fromId}`);
  await tx.execute(sql`
    delete from cross_references
     where brand_id_a = ${intoId} and brand_id_b = ${intoId} and article_normalized_a = article_normalized_b`);
  await tx.execute(sql`
    insert into catalog_group_articles (group_id, brand_id, article_normalized)
    select group_id, ${intoId}, article_normalized from catalog_group_articles where brand_id = ${fromId}
    on conflict do nothing`);
  await tx.execute(sql`
    insert into recommendations (block_id, brand_id, article_normalized, position)
    select block_id, ${intoId}, article_normalized, position from recommendations where brand_id = ${fromId}
    on conflict do nothing`);
  await tx.execute(sql`update brand_aliases set brand_id = ${intoId} where brand_id = ${fromId}`);
  // The brand's own normalized name stays a spelling of the brand it joined (brands cascade the rest away).
  await tx.execute(sql`
    insert into brand_aliases (alias_normalized, brand_id)
    select name_normalized, ${intoId} from brands where id = ${fromId} on conflict do nothing`);
  await tx.execute(sql`delete from brands where id = ${fromId}`);
  return moved.rows.length;
}

type CrossRow = {
  brand_a: string;
  article_a: string;
  brand_b: string;
  article_b: string;
  type: CrossReferenceType;
};

/** An article's pairs from either side (optionally of one brand), side a as stored. */
export async function listCrossReferencePage(
  db: DbExecutor,
  article: string,
  brandId: number | null,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: CrossReference[] }> {
  const ofBrand = (column: string) => (brandId === null ? sql`` : sql`and ${sql.raw(column)} = ${brandId}`);
  const pairs = sql`(
    select * from cross_references where article_normalized_a = ${article} ${ofBrand('brand_id_a')}
    union
    select * from cross_references where article_normalized_b = ${article} ${ofBrand('brand_id_b')})`;
  const [total] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from ${pairs} p`)).rows;
  const rows = await db.execute<CrossRow>(sql`
    select ba.name as brand_a, p.article_normalized_a as article_a, bb.name as brand_b,
           p.article_normalized_b as article_b, p.type
      from ${pairs} p join brands ba on ba.id = p.brand_id_a join brands bb on bb.id = p.brand_id_b
     order by ba.name, p.article_normalized_a, bb.name, p.article_normalized_b
     limit ${limit} offset ${offset}`);
  return { total: total?.total ?? 0, rows: rows.rows };
}

export interface PartKey {
  brandId: number;
  article: string;
}

/** The stored pair of two parts in either direction, locked; null when they are no pair. */
export async function findPair(
  tx: Tx,
  a: PartKey,
  b: PartKey,
): Promise<{ swapped: boolean; type: CrossReferenceType } | null> {
  const found = await tx.execute<{ swapped: boolean; type: CrossReferenceType }>(sql`
    select (brand_id_a = ${b.brandId} and article_normalized_a = ${b.article}) as swapped, type
      from cross_references
     where (brand_id_a = ${a.brandId} and article_normalized_a = ${a.article}
            and brand_id_b = ${b.brandId} and article_normalized_b = ${b.article})
        or (brand_id_a = ${b.brandId} and article_normalized_a = ${b.article}
            and brand_id_b = ${a.brandId} and article_normalized_b = ${a.article})
     limit 1 for update`);
  return found.rows[0] ?? null;
}

export async function upsertPair(tx: Tx, a: PartKey, b: PartKey, type: CrossReferenceType): Promise<void> {
  await tx.execute(sql`
    insert into cross_references (article_normalized_a, brand_id_a, article_normalized_b, brand_id_b, type)
    values (${a.article}, ${a.brandId}, ${b.article}, ${b.brandId}, ${type})
    on conflict (article_normalized_a, brand_id_a, article_normalized_b, brand_id_b) do update set type = excluded.type`);
}

/** Removes the pair in both directions; answers how many rows went. */
export async function deletePair(tx: Tx, a: PartKey, b: PartKey): Promise<number> {
  const deleted = await tx.execute(sql`
    delete from cross_references
     where (brand_id_a = ${a.brandId} and article_normalized_a = ${a.article}
            and brand_id_b = ${b.brandId} and article_normalized_b = ${b.article})
        or (brand_id_a = ${b.brandId} and article_normalized_a = ${b.article}
            and brand_id_b = ${a.brandId} and article_normalized_b = ${a.article})
    returning 1`);
  return deleted.rows.length;
}

/** Brands as the audit log names them (a merged-away brand is gone; its name is in the row's values). */
export const brandAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    (
      await db.execute<{ id: number; label: string }>(
        sql`select id, name as label from brands where id = any(${sql.param([...ids])}::int[])`,
      )
    ).rows,
  );
