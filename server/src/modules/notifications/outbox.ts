import { and, asc, eq, isNull } from 'drizzle-orm';
import type { OrderStatus } from '@detal/contract';
import type { Tx } from '../../db/index.ts';
import type {
  LedgerReminderDue,
  LineSourceFacts,
  SupplierAlertFacts,
  SupplierAlertKind,
} from '../../events/domain-events.ts';
import { notifications, type NOTIFICATION_KINDS } from '../../db/schema/index.ts';
import { findBillOwner } from '../bills/queries.ts';
import { findClientMailPreferences, wantsStatusEmails } from '../clients/queries.ts';
import { findOrderContact } from '../orders/queries.ts';

/**
 * The one door into the notification outbox. The app's subscribers (modules/subscribers.ts) call these on the
 * domain events other modules emit, inside the transaction of the change they tell of, so that the e-mail exists
 * exactly when the change does (both commit, or neither; decision 0042). The `notifications-send`
 * job sends them afterwards (sender.ts). Who gets what, and when, is decided here:
 * - order placed, payment recorded, a bill revised: always to the order's e-mail (given at step 2);
 * - status changes: only to clients who did not turn them off in /account, gathered per order for a minute;
 * - a new order, to the shop's staff: the address is read when sending (shop setting, else env).
 * Decision: docs/decisions/0023.
 */

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Status changes of one order within this time after the first go out in one e-mail. */
export const STATUS_EMAIL_DELAY_MS = 60_000;

/** One change of status, as the status e-mail lists it; `lineId` null is the order's own status. */
export interface StatusChangeEntry {
  lineId: number | null;
  from: OrderStatus;
  to: OrderStatus;
  /** ISO time of the change. */
  at: string;
}

export interface LinesStatusPayload {
  changes: StatusChangeEntry[];
}

export interface PaymentPayload {
  /** Roubles, two decimals ('1234.50'), as the money columns. */
  amount: string;
}

/** The clock of an enqueue (tests move it; production passes none). */
export interface EnqueueOptions {
  now?: Date;
}

const nowOf = (options?: EnqueueOptions) => options?.now ?? new Date();

/** The client's e-mail that the order was placed, with the bill's PDF. Nothing when there is no such order. */
export async function enqueueOrderPlaced(tx: Tx, orderId: number, options?: EnqueueOptions): Promise<void> {
  const contact = await findOrderContact(tx, orderId);
  if (!contact) return;
  const now = nowOf(options);
  await tx.insert(notifications).values({
    kind: 'order_placed',
    recipient: contact.email,
    clientId: contact.clientId,
    orderId,
    createdAt: now,
    dueAt: now,
  });
}

/** The shop staff's e-mail about a new order (to the address of the shop setting `staff_notification_email`). */
export async function enqueueStaffNewOrder(tx: Tx, orderId: number, options?: EnqueueOptions): Promise<void> {
  const contact = await findOrderContact(tx, orderId);
  if (!contact) return;
  const now = nowOf(options);
  await tx.insert(notifications).values({
    kind: 'staff_new_order',
    recipient: null,
    clientId: contact.clientId,
    orderId,
    createdAt: now,
    dueAt: now,
  });
}

/**
 * Lines' (or, with `lineId` null, the order's) statuses of order `orderId` changed together. The first change of
 * an order opens an e-mail due a minute later; later changes join it as long as it is not being sent or sent.
 * Nothing for a client who turned status e-mails off, nor for a "change" to the same status.
 */
export async function enqueueLineStatusChanged(
  tx: Tx,
  orderId: number,
  changes: readonly { lineId: number | null; from: OrderStatus; to: OrderStatus }[],
  options?: EnqueueOptions,
): Promise<void> {
  const moved = changes.filter((change) => change.from !== change.to);
  if (moved.length === 0) return;
  const contact = await findOrderContact(tx, orderId);
  if (!contact || !(await wantsStatusEmails(tx, contact.clientId))) return;
  const now = nowOf(options);
  const entries: StatusChangeEntry[] = moved.map((change) => ({
    lineId: change.lineId,
    from: change.from,
    to: change.to,
    at: now.toISOString(),
  }));
  // An e-mail of this order still waiting: not sent, not given up, not taken by a sender. SKIP LOCKED: one being
  // sent right now (PostgreSQL holds its row lock while sending) is left alone and this change opens a new one.
  const [open] = await tx
    .select({ id: notifications.id, payload: notifications.payload })
    .from(notifications)
    .where(
      and(
        eq(notifications.orderId, orderId),
        eq(notifications.kind, 'lines_status_changed'),
        isNull(notifications.sentAt),
        isNull(notifications.failedAt),
        isNull(notifications.claimedAt),
      ),
    )
    .orderBy(asc(notifications.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (open) {
    const payload = open.payload as LinesStatusPayload;
    await tx
      .update(notifications)
      .set({ payload: { changes: [...payload.changes, ...entries] } satisfies LinesStatusPayload })
      .where(eq(notifications.id, open.id));
    return;
  }
  await tx.insert(notifications).values({
    kind: 'lines_status_changed',
    recipient: contact.email,
    clientId: contact.clientId,
    orderId,
    payload: { changes: entries } satisfies LinesStatusPayload,
    createdAt: now,
    dueAt: new Date(now.getTime() + STATUS_EMAIL_DELAY_MS),
  });
}

/** A payment of `amount` (roubles, '1234.50') was recorded against the bill: the client's receipt. */
export async function enqueuePaymentRecorded(
  tx: Tx,
  payment: { billId: number; amount: string },
  options?: EnqueueOptions,
): Promise<void> {
  const bill = await findBillOwner(tx, payment.billId);
  if (!bill) return;
  const contact = await findOrderContact(tx, bill.orderId);
  if (!contact) return;
  const now = nowOf(options);
  await tx.insert(notifications).values({
    kind: 'payment_recorded',
    recipient: contact.email,
    clientId: contact.clientId,
    orderId: bill.orderId,
    billId: payment.billId,
    payload: { amount: payment.amount } satisfies PaymentPayload,
    createdAt: now,
    dueAt: now,
  });
}

/** What a line's replacement changed (the LineReplaced event's facts, as they were). */
export interface LineReplacedPayload {
  lineId: number;
  from: LineSourceFacts;
  to: LineSourceFacts;
}

/**
 * A refused line was replaced within the tolerance the client accepted (issue 29): what changed — the supplier,
 * the days, the price — to the order's e-mail, whatever their choice about status e-mails (the price may change).
 */
export async function enqueueLineReplaced(
  tx: Tx,
  replaced: { orderId: number } & LineReplacedPayload,
  options?: EnqueueOptions,
): Promise<void> {
  const contact = await findOrderContact(tx, replaced.orderId);
  if (!contact) return;
  const now = nowOf(options);
  await tx.insert(notifications).values({
    kind: 'line_replaced',
    recipient: contact.email,
    clientId: contact.clientId,
    orderId: replaced.orderId,
    payload: { lineId: replaced.lineId, from: replaced.from, to: replaced.to } satisfies LineReplacedPayload,
    createdAt: now,
    dueAt: now,
  });
}

/** A ledger reminder's facts as decided (the LedgerReminderDue event's), for the template. */
export type LedgerReminderPayload = Omit<LedgerReminderDue, 'at' | 'clientId' | 'kind'>;

/**
 * The client ledger's reminders (issue 31, decision 0056) to the client's e-mail: debits due soon only when the
 * client keeps optional e-mails on (the /account switch), an overdue notice always (the client may not turn it off).
 */
export async function enqueueLedgerReminder(tx: Tx, reminder: LedgerReminderDue): Promise<void> {
  const client = await findClientMailPreferences(tx, reminder.clientId);
  if (!client) return;
  if (reminder.kind === 'before_due' && !client.notifyStatusEmails) return;
  const { at, clientId, kind, ...payload } = reminder;
  await tx.insert(notifications).values({
    kind: kind === 'overdue' ? 'ledger_overdue' : 'ledger_due_soon',
    recipient: client.email,
    clientId,
    payload: payload satisfies LedgerReminderPayload,
    createdAt: at,
    dueAt: at,
  });
}

export interface BillRevisedPayload {
  /** The revision the e-mail carries (its PDF is attached: a revision never changes). */
  revision: number;
}

/**
 * A bill was revised (a line canceled while it was not wholly paid): the client gets the new revision's PDF, at
 * the order's e-mail, whatever their choice about status e-mails (a bill is a document, not a status).
 */
export async function enqueueBillRevised(
  tx: Tx,
  bill: { billId: number; revision: number },
  options?: EnqueueOptions,
): Promise<void> {
  const owner = await findBillOwner(tx, bill.billId);
  const contact = owner && (await findOrderContact(tx, owner.orderId));
  if (!owner || !contact) return;
  const now = nowOf(options);
  await tx.insert(notifications).values({
    kind: 'bill_revised',
    recipient: contact.email,
    clientId: contact.clientId,
    orderId: owner.orderId,
    billId: bill.billId,
    payload: { revision: bill.revision } satisfies BillRevisedPayload,
    createdAt: now,
    dueAt: now,
  });
}

/** What the staff's e-mails about a supplier's price list carry: the SupplierAlert event's facts, as they were. */
export type SupplierAlertPayload = SupplierAlertFacts;

/** An e-mail to the staff address about a supplier's price list (failing fetches, a stale list, a mass removal). */
export async function enqueueStaffSupplierAlert(
  tx: Tx,
  kind: SupplierAlertKind,
  payload: SupplierAlertPayload,
  options?: EnqueueOptions,
): Promise<void> {
  const now = nowOf(options);
  await tx.insert(notifications).values({ kind, recipient: null, payload, createdAt: now, dueAt: now });
}

/** What a supplier order's e-mail carries: the order (its file is made when sending) and the address. */
export interface SupplierOrderPayload {
  supplier_order_id: number;
}

/**
 * A supplier order to the supplier's order address, with the order's file (decision 0050). At most one per
 * supplier order: a unique index on the payload's id refuses a second (and the send already is one per order).
 */
export async function enqueueSupplierOrderEmail(
  tx: Tx,
  order: { supplierOrderId: number; to: string },
  options?: EnqueueOptions,
): Promise<void> {
  const now = nowOf(options);
  await tx
    .insert(notifications)
    .values({
      kind: 'supplier_order',
      recipient: order.to,
      payload: { supplier_order_id: order.supplierOrderId } satisfies SupplierOrderPayload,
      createdAt: now,
      dueAt: now,
    })
    .onConflictDoNothing();
}

/** What a return's or cancel request's e-mail says (issue 32): composed where the step was taken. */
export interface ReturnStepPayload {
  subject: string;
  text: string;
}

/** A step of a client's cancel request or return: to the order's e-mail. */
export async function enqueueReturnStep(
  tx: Tx,
  step: { orderId: number } & ReturnStepPayload,
  options?: EnqueueOptions,
): Promise<void> {
  const contact = await findOrderContact(tx, step.orderId);
  if (!contact) return;
  const now = nowOf(options);
  await tx.insert(notifications).values({
    kind: 'return_step',
    recipient: contact.email,
    clientId: contact.clientId,
    orderId: step.orderId,
    payload: { subject: step.subject, text: step.text } satisfies ReturnStepPayload,
    createdAt: now,
    dueAt: now,
  });
}
