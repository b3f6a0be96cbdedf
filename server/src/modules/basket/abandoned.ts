import { and, gte, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { basketItems, baskets } from '../../db/schema/index.ts';

/** How long an anonymous basket may lie untouched before the scheduled clean-up removes it. */
export const ABANDONED_BASKET_DAYS = 30;

const dayMs = 24 * 60 * 60 * 1000;

/** Baskets per transaction: short transactions, and ids well under the 65,535 parameters of one statement. */
const BATCH = 1000;

/**
 * Removes anonymous baskets (no client) untouched for `days`: neither the basket changed (created, merged, lines
 * ordered) nor a line added since. A basket's lines and the basket go in one transaction (batches of 1000). A basket a visitor is using right now
 * is skipped, not waited for (an add holds a lock on its basket while it writes): it was just touched anyway.
 * Answers how many baskets were removed. A client's basket is never removed.
 */
export async function removeAbandonedBaskets(db: Db, { days, now }: { days: number; now: Date }): Promise<number> {
  const cutoff = new Date(now.getTime() - days * dayMs);
  let removed = 0;
  for (;;) {
    const batch = await removeBatch(db, cutoff);
    removed += batch;
    if (batch < BATCH) return removed;
  }
}

function removeBatch(db: Db, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const doomed = await tx
      .select({ id: baskets.id })
      .from(baskets)
      .where(
        and(
          isNull(baskets.clientId),
          lt(baskets.updatedAt, cutoff),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(basketItems)
              .where(and(sql`${basketItems.basketId} = ${baskets.id}`, gte(basketItems.createdAt, cutoff))),
          ),
        ),
      )
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const ids = doomed.map((row) => row.id);
    if (ids.length === 0) return 0;
    await tx.delete(basketItems).where(inArray(basketItems.basketId, ids));
    await tx.delete(baskets).where(inArray(baskets.id, ids));
    return ids.length;
  });
}
