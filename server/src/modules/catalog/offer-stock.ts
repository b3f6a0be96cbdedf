import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/index.ts';
import { offers } from '../../db/schema/index.ts';

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

export interface StockReturned {
  offerId: number;
  before: number;
  after: number;
}

/**
 * Gives the pieces of canceled order lines back to their offers, locking the offers (in id order, as checkout
 * does). An offer comes back only while it is still the figure the order took from: one deleted by a price-list
 * import is gone (the line's offer_id is null and nothing is returned), and one whose stock a later import
 * re-stated (`updated_at` after the order was placed) already carries the supplier's fresh count, to which the
 * canceled pieces would be added twice; both are left alone (decision 0021). Answers what changed.
 */
export async function returnToStock(
  tx: Tx,
  lines: ReadonlyArray<{ offerId: number; quantity: number; orderedAt: Date }>,
): Promise<StockReturned[]> {
  const offerIds = [...new Set(lines.map((line) => line.offerId))].sort((a, b) => a - b);
  if (offerIds.length === 0) return [];
  const locked = await tx
    .select({ id: offers.id, quantity: offers.quantity, updatedAt: offers.updatedAt })
    .from(offers)
    .where(inArray(offers.id, offerIds))
    .orderBy(asc(offers.id))
    .for('update');
  const returned: StockReturned[] = [];
  for (const offer of locked) {
    const pieces = lines
      .filter((line) => line.offerId === offer.id && offer.updatedAt.getTime() <= line.orderedAt.getTime())
      .reduce((sum, line) => sum + line.quantity, 0);
    if (pieces === 0) continue;
    await tx
      .update(offers)
      .set({ quantity: sql`${offers.quantity} + ${pieces}` })
      .where(eq(offers.id, offer.id));
    returned.push({ offerId: offer.id, before: offer.quantity, after: offer.quantity + pieces });
  }
  return returned;
}
