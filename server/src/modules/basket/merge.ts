import { eq, sql } from 'drizzle-orm';
import type { BasketRef } from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { basketItems, baskets, offers } from '../../db/schema/index.ts';
import { basketKeyMatches, newBasketKey } from './basket-key.ts';

/**
 * The client's own basket, created when they have none, and locked until the transaction ends. One statement
 * does both: the upsert either inserts the row or takes the row lock of the existing one (DO UPDATE), so two
 * logins of one client at once find one basket, never two (baskets.client_id is unique).
 */
async function lockOwnBasket(tx: Tx, clientId: number): Promise<BasketRef> {
  const [own] = await tx
    .insert(baskets)
    .values({ key: newBasketKey(), clientId })
    .onConflictDoUpdate({ target: baskets.clientId, set: { updatedAt: sql`now()` } })
    .returning({ basket_id: baskets.id, basket_key: baskets.key });
  if (!own) throw new Error(`No basket returned for client ${clientId}`);
  return own;
}

/**
 * The anonymous basket `ref` names, locked, when it may be merged into `ownBasketId`: the id/key pair is right,
 * it belongs to no client (another client's basket is never taken, even with its key) and it is not the
 * client's own basket already. Null otherwise.
 */
async function lockMergeableBasket(tx: Tx, ref: BasketRef, ownBasketId: number): Promise<number | null> {
  if (ref.basket_id === ownBasketId) return null;
  const [row] = await tx
    .select({ id: baskets.id, key: baskets.key, clientId: baskets.clientId })
    .from(baskets)
    .where(eq(baskets.id, ref.basket_id))
    .for('update');
  if (!basketKeyMatches(row?.key, ref.basket_key)) return null;
  return row && row.clientId === null ? row.id : null;
}

/**
 * Moves every line of basket `fromId` into basket `toId`. The same offer in both: the quantities add, capped
 * at the offer's stock (and never below 1), and the target line keeps the price it was seen at; a new line
 * keeps the price seen in the anonymous basket, so that price_changed still tells the client the truth.
 */
async function moveLines(tx: Tx, fromId: number, toId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${basketItems} (basket_id, offer_id, quantity, price_seen)
    select ${toId}::integer, ${basketItems.offerId}, greatest(1, least(${basketItems.quantity}, ${offers.quantity})),
           ${basketItems.priceSeen}
    from ${basketItems}
    join ${offers} on ${offers.id} = ${basketItems.offerId}
    where ${basketItems.basketId} = ${fromId}
    on conflict (basket_id, offer_id) do update
    set quantity = greatest(1, least(
      ${basketItems}.quantity + excluded.quantity,
      (select ${offers.quantity} from ${offers} where ${offers.id} = excluded.offer_id)
    ))
  `);
}

/**
 * At login or registration: the client's own basket (got or created, row-locked), with the anonymous basket
 * the visitor brought merged into it when its id/key pair is valid and it is no other client's. The merged
 * basket is deleted with its lines, so its old key stops working. Answers the ids the web must store instead.
 *
 * Runs inside the caller's transaction (a savepoint of it); given the database itself, in a transaction of
 * its own. Locks are taken in one order, own basket first, so concurrent logins cannot deadlock.
 */
export function claimBasketForClient(
  tx: DbExecutor,
  clientId: number,
  anonymous: BasketRef | null,
): Promise<BasketRef> {
  return tx.transaction(async (inner) => {
    const own = await lockOwnBasket(inner, clientId);
    if (anonymous === null) return own;
    const mergeableId = await lockMergeableBasket(inner, anonymous, own.basket_id);
    if (mergeableId === null) return own;
    await moveLines(inner, mergeableId, own.basket_id);
    await inner.delete(baskets).where(eq(baskets.id, mergeableId));
    return own;
  });
}
