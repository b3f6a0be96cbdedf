import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CREDIT_HOLD_LIMIT_MESSAGE,
  CREDIT_HOLD_PREPAY_MESSAGE,
  CREDIT_HOLD_STOP_MESSAGE,
  toKopecks,
  type CreditHold,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { bills, ledgerAccounts, orderCreditHolds, orders } from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { notFound } from '../../http/errors.ts';
import { rootPayerId } from './service.ts';
import { effectiveTerms } from './terms.ts';

/**
 * The credit check at checkout (issue 31 point 4): a client on the stop-list or in a group that prepays, or whose
 * debt with this order would pass the credit limit, has its order accepted and held — never refused, never lost.
 * Step 1 tells the client before placing; step 2 records the hold; the lines wait until the bill is paid or staff
 * release them. The check reads the cached position of the ledger (one indexed row) and the terms (two rows).
 */

/** The ledger a (client, payer) order goes to, without making it; null when it has no entries yet. */
async function accountOf(db: DbExecutor, clientId: number, payerId: number | null) {
  if (payerId === null) {
    const [row] = await db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientId, clientId), isNull(ledgerAccounts.payerId)));
    return row ?? null;
  }
  // The account follows the payer's first version (payers.replaces_id).
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.payerId, await rootPayerId(db, payerId)));
  return row ?? null;
}

/** Null, or why an order of `orderKopecks` for (client, payer) is held. */
export async function creditCheck(
  db: DbExecutor,
  clientId: number,
  payerId: number | null,
  orderKopecks: number,
): Promise<CreditHold | null> {
  const terms = await effectiveTerms(db, clientId);
  const account = await accountOf(db, clientId, payerId);
  if (account?.stopKind) return { reason: 'stop', message: CREDIT_HOLD_STOP_MESSAGE };
  if (terms.prepayRequired) return { reason: 'prepay', message: CREDIT_HOLD_PREPAY_MESSAGE };
  if (terms.creditLimitKopecks === null) return null;
  const owed = account ? -toKopecks(account.balance) : 0;
  return owed + orderKopecks > terms.creditLimitKopecks
    ? { reason: 'limit', message: CREDIT_HOLD_LIMIT_MESSAGE }
    : null;
}

/** Step 2, in the checkout's transaction: the order just placed is held when the check says so. */
export async function holdOrderIfNeededTx(
  tx: Tx,
  order: { orderId: number; clientId: number; payerId: number | null; totalKopecks: number },
  now: Date,
): Promise<CreditHold | null> {
  const hold = await creditCheck(tx, order.clientId, order.payerId, order.totalKopecks);
  if (hold === null) return null;
  await tx
    .insert(orderCreditHolds)
    .values({ orderId: order.orderId, reason: hold.reason, message: hold.message, createdAt: now })
    .onConflictDoNothing();
  await emit(tx, 'StaffWrite', {
    staffId: null,
    action: 'order.credit_hold',
    entity: 'order',
    entityId: order.orderId,
    after: { reason: hold.reason },
    at: now,
  });
  return hold;
}

/** The hold an order has while it waits; null when none or released. */
export async function openHoldOf(db: DbExecutor, orderId: number): Promise<CreditHold | null> {
  const [row] = await db
    .select({ reason: orderCreditHolds.reason, message: orderCreditHolds.message })
    .from(orderCreditHolds)
    .where(and(eq(orderCreditHolds.orderId, orderId), isNull(orderCreditHolds.releasedAt)));
  return row ? { reason: row.reason as CreditHold['reason'], message: row.message } : null;
}

/** Which of `orderIds` are held (for the manager's queue to mark their lines). */
export async function heldOrderIds(db: DbExecutor, orderIds: readonly number[]): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: orderCreditHolds.orderId })
    .from(orderCreditHolds)
    .where(sql`${orderCreditHolds.orderId} in ${orderIds} and ${orderCreditHolds.releasedAt} is null`);
  return new Set(rows.map((row) => row.orderId));
}

/** The open holds' reasons of `orderIds` (purchasing marks their lines and will not order them). */
export async function openHoldReasons(
  db: DbExecutor,
  orderIds: readonly number[],
): Promise<Map<number, CreditHold['reason']>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderCreditHolds.orderId, reason: orderCreditHolds.reason })
    .from(orderCreditHolds)
    .where(and(inArray(orderCreditHolds.orderId, [...new Set(orderIds)]), isNull(orderCreditHolds.releasedAt)));
  return new Map(rows.map((row) => [row.orderId, row.reason as CreditHold['reason']]));
}

/** A bill got paid in full: its order's hold, if any, is released (PaymentRecorded, same transaction). */
export async function releaseHoldOfPaidBillTx(tx: Tx, billId: number, now: Date): Promise<void> {
  const [bill] = await tx.select({ orderId: bills.orderId, paid: bills.paid }).from(bills).where(eq(bills.id, billId));
  if (!bill?.paid) return;
  const released = await tx
    .update(orderCreditHolds)
    .set({ releasedAt: now, releasedBy: 'paid' })
    .where(and(eq(orderCreditHolds.orderId, bill.orderId), isNull(orderCreditHolds.releasedAt)))
    .returning({ orderId: orderCreditHolds.orderId });
  if (released.length > 0) {
    await emit(tx, 'StaffWrite', {
      staffId: null,
      action: 'order.credit_release',
      entity: 'order',
      entityId: bill.orderId,
      after: { by: 'paid' },
      at: now,
    });
  }
}

/**
 * A ledger left the stop-list (decision 0062): each order the stop held on it is checked again as at checkout,
 * oldest first, counting the orders released before it in this same lift (each may fit the limit alone, not all
 * together). The stop was its only reason: it goes to work. Still over the limit, or in a group that prepays: it
 * stays held, for that reason and in its words.
 */
export async function releaseStopHoldsTx(tx: Tx, accountId: number, now: Date): Promise<void> {
  const [account] = await tx.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  if (!account) return;
  const held = await tx
    .select({ orderId: orders.id, payerId: orders.payerId, total: orders.totalPrice })
    .from(orderCreditHolds)
    .innerJoin(orders, eq(orders.id, orderCreditHolds.orderId))
    .where(
      and(
        eq(orderCreditHolds.reason, 'stop'),
        isNull(orderCreditHolds.releasedAt),
        eq(orders.clientId, account.clientId),
      ),
    )
    .orderBy(asc(orderCreditHolds.createdAt));
  let releasedKopecks = 0;
  for (const order of held) {
    const payerRoot = order.payerId === null ? null : await rootPayerId(tx, order.payerId);
    if (payerRoot !== account.payerId) continue;
    const still = await creditCheck(tx, account.clientId, order.payerId, releasedKopecks + toKopecks(order.total));
    if (still) {
      await tx
        .update(orderCreditHolds)
        .set({ reason: still.reason, message: still.message })
        .where(eq(orderCreditHolds.orderId, order.orderId));
      continue;
    }
    releasedKopecks += toKopecks(order.total);
    await tx
      .update(orderCreditHolds)
      .set({ releasedAt: now, releasedBy: 'stop_lifted' })
      .where(eq(orderCreditHolds.orderId, order.orderId));
    await emit(tx, 'StaffWrite', {
      staffId: null,
      action: 'order.credit_release',
      entity: 'order',
      entityId: order.orderId,
      after: { by: 'stop_lifted' },
      at: now,
    });
  }
}

export async function releaseHold(db: Db, staffId: number, orderId: number, now: Date) {
  return db.transaction(async (tx) => {
    const released = await tx
      .update(orderCreditHolds)
      .set({ releasedAt: now, releasedBy: 'staff', releasedStaffId: staffId })
      .where(and(eq(orderCreditHolds.orderId, orderId), isNull(orderCreditHolds.releasedAt)))
      .returning({ orderId: orderCreditHolds.orderId });
    if (released.length === 0) throw notFound('Заказ не удерживается');
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'order.credit_release',
      entity: 'order',
      entityId: orderId,
      after: { by: 'staff' },
      at: now,
    });
    return { order_id: orderId };
  });
}

export async function holdList(db: DbExecutor) {
  const rows = await db
    .select({ hold: orderCreditHolds, clientId: orders.clientId, total: orders.totalPrice })
    .from(orderCreditHolds)
    .innerJoin(orders, eq(orders.id, orderCreditHolds.orderId))
    .where(isNull(orderCreditHolds.releasedAt))
    .orderBy(asc(orderCreditHolds.createdAt));
  return {
    holds: rows.map(({ hold, clientId, total }) => ({
      order_id: hold.orderId,
      client_id: clientId,
      reason: hold.reason as CreditHold['reason'],
      message: hold.message,
      created_at: hold.createdAt.toISOString(),
      total_price: total,
    })),
  };
}
