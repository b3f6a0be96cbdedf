import { and, eq } from 'drizzle-orm';
import {
  NO_API_SETTINGS_MESSAGE,
  NO_ORDER_EMAIL_MESSAGE,
  SUPPLIER_ORDER_NOT_FOUND_MESSAGE,
  type SupplierOrderDispatch,
} from '@detal/contract';
import type { Database, DbExecutor, Tx } from '../../../db/index.ts';
import { supplierOrderDispatches, supplierOrders, supplierPurchaseSettings } from '../../../db/schema/index.ts';
import { emit } from '../../../events/bus.ts';
import { conflict, notFound, validationFailed } from '../../../http/errors.ts';
import { markSent } from '../supplier-orders.ts';
import { findSettings } from './channel-settings.ts';

/**
 * Sending a supplier order through its supplier's channel, exactly once (issue 29 point 2(b), 2(c); decision
 * 0050). «Send» makes one dispatch per supplier order (its primary key) in the transaction that marks the order
 * sent, under the order's row lock: pressing it twice, or two managers at once, answers the same dispatch.
 * - e-mail: the same transaction queues the message (with the order's file) in the notification outbox, which
 *   sends it at least once and, with a Message-ID made from the outbox row, recognisably once (decision 0023);
 * - API: the dispatch waits for its supplier's run (api-runs.ts), which places the order with the order's
 *   `send_key` as the supplier's clientOrderNumber and, after a crash, looks for that number before placing again.
 */

export interface DispatchActor {
  staffId: number | null;
  at: Date;
  timeZone: string;
}

type DispatchRow = typeof supplierOrderDispatches.$inferSelect;

export const toDispatch = (row: DispatchRow): SupplierOrderDispatch => ({
  supplier_order_id: row.supplierOrderId,
  channel: row.channel as SupplierOrderDispatch['channel'],
  idempotency_key: row.idempotencyKey,
  state: row.state as SupplierOrderDispatch['state'],
  attempts: row.attempts,
  last_error: row.lastError,
  sent_at: row.sentAt === null ? null : row.sentAt.toISOString(),
  supplier_order_numbers: row.supplierOrderNumbers as string[],
});

export async function findDispatch(db: DbExecutor, supplierOrderId: number): Promise<DispatchRow | null> {
  const [row] = await db
    .select()
    .from(supplierOrderDispatches)
    .where(eq(supplierOrderDispatches.supplierOrderId, supplierOrderId));
  return row ?? null;
}

async function lockOrder(tx: Tx, supplierOrderId: number) {
  const [order] = await tx
    .select({
      id: supplierOrders.id,
      supplierId: supplierOrders.supplierId,
      state: supplierOrders.state,
      sendKey: supplierOrders.sendKey,
    })
    .from(supplierOrders)
    .where(eq(supplierOrders.id, supplierOrderId))
    .for('update');
  return order ?? null;
}

/**
 * Sends a draft supplier order by its supplier's e-mail or API channel; a second call (or a concurrent one)
 * answers the dispatch the first made. Answers whether the supplier's API run should be started now.
 */
export async function sendSupplierOrder(
  database: Database,
  supplierOrderId: number,
  actor: DispatchActor,
): Promise<{ dispatch: SupplierOrderDispatch; runSupplier: number | null }> {
  return database.db.transaction(async (tx) => {
    const order = await lockOrder(tx, supplierOrderId);
    if (!order) throw notFound(SUPPLIER_ORDER_NOT_FOUND_MESSAGE);
    const existing = await findDispatch(tx, supplierOrderId);
    if (existing) return { dispatch: toDispatch(existing), runSupplier: null };
    if (order.state !== 'draft') {
      throw conflict('Заказ уже отправлен или закрыт: отправить его можно только из черновика');
    }
    const settings = await findSettings(tx, order.supplierId);
    const channel = settings?.channel;
    if (channel === 'email') {
      if (!settings!.orderEmail) throw validationFailed({ channel: [NO_ORDER_EMAIL_MESSAGE] }, NO_ORDER_EMAIL_MESSAGE);
    } else if (channel === 'api') {
      if (!settings!.apiPasswordSealed) {
        throw validationFailed({ channel: [NO_API_SETTINGS_MESSAGE] }, NO_API_SETTINGS_MESSAGE);
      }
    } else {
      const message =
        'У поставщика заказ не отправляется магазином: скачайте файл заказа или оформите заказ на его сайте, ' +
        'затем отметьте заказ отправленным';
      throw validationFailed({ channel: [message] }, message);
    }
    const [dispatch] = await tx
      .insert(supplierOrderDispatches)
      .values({
        supplierOrderId,
        supplierId: order.supplierId,
        channel,
        idempotencyKey: order.sendKey,
        state: channel === 'email' ? 'sent' : 'pending',
        sentAt: channel === 'email' ? actor.at : null,
        createdAt: actor.at,
      })
      .returning();
    await markSent(tx, supplierOrderId, { channel }, { ...actor, note: null });
    if (channel === 'email') {
      await emit(tx, 'SupplierOrderEmailed', {
        supplierOrderId,
        supplierId: order.supplierId,
        to: settings!.orderEmail!,
        at: actor.at,
      });
    } else {
      // The supplier's run is due now.
      await tx
        .update(supplierPurchaseSettings)
        .set({ nextPollAt: actor.at })
        .where(eq(supplierPurchaseSettings.supplierId, order.supplierId));
    }
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'supplier_order.dispatch',
      entity: 'supplier_order',
      entityId: supplierOrderId,
      after: { channel, idempotency_key: order.sendKey, ...(channel === 'email' ? { to: settings!.orderEmail } : {}) },
      at: actor.at,
    });
    return { dispatch: toDispatch(dispatch!), runSupplier: channel === 'api' ? order.supplierId : null };
  });
}

/** The pending API dispatches of a supplier, oldest first. */
export function pendingDispatches(db: DbExecutor, supplierId: number) {
  return db
    .select()
    .from(supplierOrderDispatches)
    .where(and(eq(supplierOrderDispatches.supplierId, supplierId), eq(supplierOrderDispatches.state, 'pending')))
    .orderBy(supplierOrderDispatches.createdAt, supplierOrderDispatches.supplierOrderId);
}
