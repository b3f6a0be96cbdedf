import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/index.ts';
import type { KnownBrands } from './parse-lines.ts';

/**
 * The brands among `spellings` (normalized), by alias or by their own normalized name, each mapped to the
 * brand's name: one statement for the whole list, through the unique keys of brand_aliases and brands.
 */
export async function findKnownBrands(db: DbExecutor, spellings: readonly string[]): Promise<KnownBrands> {
  if (spellings.length === 0) return new Map();
  const wanted = sql`${sql.param([...spellings])}::text[]`;
  const result = await db.execute<{ spelling: string; name: string }>(sql`
    select a.alias_normalized as spelling, b.name
      from brand_aliases a join brands b on b.id = a.brand_id
     where a.alias_normalized = any(${wanted})
    union
    select b.name_normalized, b.name from brands b where b.name_normalized = any(${wanted})
  `);
  return new Map(result.rows.map((row) => [row.spelling, row.name]));
}
