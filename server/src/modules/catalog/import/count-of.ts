import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';

/** The `count` column of a query's one row (`select count(*)::int as count …`). */
export async function countOf(tx: Db, query: SQL): Promise<number> {
  const result = await tx.execute<{ count: number }>(query);
  return result.rows[0]?.count ?? 0;
}
