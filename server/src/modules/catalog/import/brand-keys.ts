import { sql } from 'drizzle-orm';
import { normalizeBrand } from '@detal/contract';
import type { Db } from '../../../db/index.ts';

// A price list spells its few hundred brands over and over; beyond this many spellings (a broken file) the
// cache stops growing, to keep memory flat.
const MAX_CACHED_SPELLINGS = 50_000;

/**
 * The brands an import meets: each spelling's normalized key (the key brand_aliases are matched on), and for
 * each key the first spelling seen, which names the brand if the shop does not know it yet.
 */
export class BrandKeys {
  private readonly keyOfSpelling = new Map<string, string>();
  /** Key -> the first spelling seen. */
  readonly spellings = new Map<string, string>();

  keyOf(spelling: string): string {
    const cached = this.keyOfSpelling.get(spelling);
    if (cached !== undefined) return cached;
    const key = normalizeBrand(spelling);
    if (this.keyOfSpelling.size < MAX_CACHED_SPELLINGS) this.keyOfSpelling.set(spelling, key);
    if (key !== '' && !this.spellings.has(key)) this.spellings.set(key, spelling.replace(/\s+/g, ' '));
    return key;
  }
}

/**
 * Makes every brand key of `spellings` (key -> the spelling that names a new brand) resolvable through
 * brand_aliases: a key that is neither an alias nor a brand's own
 * normalized name becomes a new brand named by its first spelling; a brand's own name becomes its alias if it was
 * not one. Runs inside the import's transaction. Returns how many brands were created.
 */
export async function createMissingBrands(tx: Db, spellings: ReadonlyMap<string, string>): Promise<number> {
  if (spellings.size === 0) return 0;
  const keys = [...spellings.keys()];
  const names = [...spellings.values()];
  const created = await tx.execute<{ count: number }>(sql`
    with wanted as (
      select * from unnest(${sql.param(names)}::text[], ${sql.param(keys)}::text[]) as w(name, key)
    ), inserted as (
      insert into brands (name, name_normalized)
      select w.name, w.key from wanted w
       where not exists (select 1 from brand_aliases a where a.alias_normalized = w.key)
         and not exists (select 1 from brands b where b.name_normalized = w.key)
      on conflict do nothing
      returning 1
    )
    select count(*)::int as count from inserted`);
  await tx.execute(sql`
    insert into brand_aliases (alias_normalized, brand_id)
    select b.name_normalized, b.id from brands b
     where b.name_normalized = any(${sql.param(keys)}::text[])
       and not exists (select 1 from brand_aliases a where a.alias_normalized = b.name_normalized)
    on conflict do nothing`);
  return created.rows[0]?.count ?? 0;
}

/** The brand ids of brand keys that brand_aliases resolves (as decimal text, as COPY sends them). */
export async function brandIdsOf(tx: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const found = await tx.execute<{ alias_normalized: string; brand_id: number }>(sql`
    select alias_normalized, brand_id from brand_aliases where alias_normalized = any(${sql.param(keys)}::text[])`);
  return new Map(found.rows.map((row) => [row.alias_normalized, String(row.brand_id)]));
}
