import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bills } from './bills.ts';
import { staff } from './staff.ts';

/**
 * Money received against a bill (issue 14, the payments module owns it): typed in by staff, read from the bank's
 * statement, or recorded by the CLI's bill-paid. A bill is paid when its payments cover its total; `bills.paid` and
 * `bills.paid_at` are kept as the derived flag, in the transaction that writes the payment.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    /** The day the money arrived (the statement's date of receipt), a calendar day. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** The payment order's number and payer, or what staff typed. */
    reference: text('reference').notNull().default(''),
    source: text('source').notNull(),
    /**
     * A statement document's stable identity (number, date, amount, payer's account and INN): the unique index
     * makes a second import of the same statement record nothing, whatever the timing. Null for other sources.
     */
    statementKey: text('statement_key'),
    /** Who recorded it; null from the command line. */
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('payments_bill_id_idx').on(table.billId),
    index('payments_paid_on_idx').on(table.paidOn.desc(), table.id.desc()),
    uniqueIndex('payments_statement_key_idx').on(table.statementKey),
    check('payments_amount_check', sql`${table.amount} > 0`),
    check('payments_source_check', sql`${table.source} in ('manual', 'statement', 'cli')`),
  ],
);
