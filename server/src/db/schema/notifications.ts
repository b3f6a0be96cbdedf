import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/* Notifications (issue 14): the e-mail outbox, owned by modules/notifications. */

/** What a notification tells; the template of each is in modules/notifications/templates/. */
export const NOTIFICATION_KINDS = [
  'order_placed',
  'lines_status_changed',
  'payment_recorded',
  'staff_new_order',
  // A bill's new revision (a line canceled), with its PDF: to the order's e-mail.
  'bill_revised',
  // Supplier price-list sources (modules/supplier-sources): to the staff address, from the row's payload alone.
  'staff_source_failing',
  'staff_list_stale',
  // A scheduled fetch or the command line refused a list that would remove most of a supplier's offers.
  'staff_list_mass_removal',
  // A supplier order to the supplier's order address, with its file (modules/purchasing, decision 0050).
  'supplier_order',
  // A refused line replaced by itself within the tolerance the client accepted at checkout (issue 29): what changed.
  'line_replaced',
  // The client ledger (issue 31): debits due soon (the client may turn these off) and overdue (it may not).
  'ledger_due_soon',
  'ledger_overdue',
  // A step of a client's cancel request or return (issue 32): the sentence stored in the payload.
  'return_step',
] as const;

/**
 * The outbox: a row is written in the same transaction as the change it tells of, and sent afterwards by the
 * `notifications-send` job (decision 0023). Unsent rows are those with neither `sent_at` nor `failed_at`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    /** The address it goes to; null for the staff's e-mail, read at sending (shop setting or env). */
    recipient: text('recipient'),
    clientId: integer('client_id'),
    orderId: integer('order_id'),
    billId: integer('bill_id'),
    /** What the template needs beyond the order and bill as stored (status changes, the payment's amount). */
    payload: jsonb('payload').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Not sent before this time: a minute after the first status change; pushed back after a failed attempt. */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Taken by a sender (embedded database: its claim; PostgreSQL also holds the row lock while sending). */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** Given up: attempts exhausted, or nobody to send it to. */
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('notifications_due_idx')
      .on(table.dueAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    index('notifications_order_pending_idx')
      .on(table.orderId, table.kind)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    // One e-mail per supplier order, whatever retries or crashes happen around queuing it.
    uniqueIndex('notifications_supplier_order_idx')
      .on(sql`((${table.payload} ->> 'supplier_order_id'))`)
      .where(sql`${table.kind} = 'supplier_order'`),
    check('notifications_kind_check', sql.raw(`kind in (${NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
  ],
);
