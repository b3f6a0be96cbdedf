import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { offers } from '../../db/schema.ts';

/**
 * Takes the ordered pieces out of stock, in one statement; the caller holds the offers' row locks and checked
 * there are enough (the offers' check constraint would refuse a negative stock anyway).
 */
export async function takeFromStock(
  tx: Tx,
  lines: ReadonlyArray<{ offerId: number; quantity: number }>,
): Promise<void> {
  // Arrays travel as text and are cast on the server, which both drivers handle alike.
  const offerIds = sql.param(lines.map((line) => String(line.offerId)));
  const quantities = sql.param(lines.map((line) => String(line.quantity)));
  await tx.execute(sql`
    update ${offers} set quantity = ${offers.quantity} - taken.quantity
    from unnest(${offerIds}::text[]::bigint[], ${quantities}::text[]::integer[]) as taken(offer_id, quantity)
    where ${offers.id} = taken.offer_id
  `);
}
