import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { orders } from './orders.ts';

/* Bills and their issued documents (issue: bills), owned by modules/bills. */

/** Each order gets one bill for its total; the shop marks it paid. */
export const bills = pgTable(
  'bills',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    priceSum: numeric('price_sum', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    paid: boolean('paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    dateBill: timestamp('date_bill', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('bills_client_created_idx').on(table.clientId, table.createdAt.desc(), table.id.desc())],
);

/**
 * The documents of a bill (issue 26): revision 0 is the bill as issued at checkout; each change of a bill not
 * wholly paid (a line canceled) issues the next revision, which says what it replaces. `document` is everything
 * the PDF prints, frozen when the revision is issued (seller's requisites, VAT rate and mode, buyer, lines with
 * article, brand and description, totals, the amount in words, the deadline, the payment purpose and QR data:
 * `BillDocument` in modules/bills/bill-document.ts), so that later settings never change an issued bill. A
 * trigger refuses UPDATE: a revision, once issued, never changes (migration 0016). Owned by modules/bills.
 */
export const billRevisions = pgTable(
  'bill_revisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    /** 0: as first issued; 1, 2 …: «изм. 1», «изм. 2». The highest is the bill's current document. */
    revision: integer('revision').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The revision's total, as its document prints it. */
    priceSum: numeric('price_sum', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    /**
     * Why it was issued: `issued` (checkout), `line_canceled`, `line_repriced` (a line re-sourced at another price
     * for the client, issue 29), or `frozen` (a bill from before revisions).
     */
    reason: text('reason').notNull(),
    document: jsonb('document').notNull(),
  },
  (table) => [
    uniqueIndex('bill_revisions_bill_revision_idx').on(table.billId, table.revision),
    check('bill_revisions_revision_check', sql`${table.revision} >= 0`),
    check(
      'bill_revisions_reason_check',
      sql`${table.reason} in ('issued', 'line_canceled', 'line_repriced', 'frozen')`,
    ),
  ],
);
