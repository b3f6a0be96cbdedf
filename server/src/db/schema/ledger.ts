import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { payers } from './payers.ts';
import { clientGroups } from './pricing.ts';
import { staff } from './staff.ts';

/*
 * The client ledger (issue 31, decision 0054), owned by modules/ledger. One account per payer (per client where the
 * client has no payer); its entries are append-only (a trigger refuses UPDATE and DELETE, the migration's
 * hand-written part): a mistake is a reversing entry. Balance, debt and overdue debt are derived from the entries
 * (modules/ledger/allocation.ts); the account row keeps the derived figures of its last write as a cache for lists,
 * rewritten under the row's lock (`for update`) in the transaction that appends the entry.
 */

/** One ledger: a payer's, or a client's own where `payer_id` is null. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    payerId: integer('payer_id').references(() => payers.id),
    /** Credits minus debits (roubles): negative is the client's debt, positive an advance. Derived cache. */
    balance: numeric('balance', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0.00'),
    /** Debits not covered by credits: [{ entry_id, due_on, open }] (open in roubles), oldest first. Derived cache. */
    openDebits: jsonb('open_debits').notNull().default([]),
    /** The oldest open debit's due day; null when nothing is owed. Derived cache (the debtors list's index). */
    oldestOpenDue: date('oldest_open_due', { mode: 'string' }),
    /**
     * What of the open debits was overdue on the day `overdue_on` (roubles). Derived cache, written with the position
     * and brought to the new day by the stop-list tick; the debtors list reads it on that day instead of summing the
     * open debits of every debtor (decision 0066).
     */
    overdue: numeric('overdue', { precision: 14, scale: 2, mode: 'string' }).notNull().default('0.00'),
    overdueOn: date('overdue_on', { mode: 'string' }),
    /** The stop-list: 'manual' (staff, with a reason) or 'auto' (overdue too long); null: not stopped. */
    stopKind: text('stop_kind'),
    stopReason: text('stop_reason'),
    stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_payer_idx')
      .on(table.payerId)
      .where(sql`${table.payerId} is not null`),
    uniqueIndex('ledger_accounts_client_own_idx')
      .on(table.clientId)
      .where(sql`${table.payerId} is null`),
    index('ledger_accounts_client_idx').on(table.clientId),
    index('ledger_accounts_overdue_idx').on(table.oldestOpenDue),
    // The debtors list's rows (list-queries.ts debtorPageQuery, the same predicate): a tenth of the accounts or less.
    index('ledger_accounts_debtors_idx')
      .on(table.id)
      .where(
        sql`(${table.oldestOpenDue} is not null or ${table.stopKind} is not null) and (${table.balance} < 0 or ${table.stopKind} is not null)`,
      ),
    check('ledger_accounts_stop_kind_check', sql`${table.stopKind} is null or ${table.stopKind} in ('manual', 'auto')`),
  ],
);

/** An entry of a ledger: never updated nor deleted (trigger). */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** shipment, payment, refund, return, adjustment, reversal. */
    kind: text('kind').notNull(),
    /** 'debit' (the client owes more) or 'credit' (the client owes less). */
    side: text('side').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    /** The entry's calendar day in the shop's time zone. */
    occurredOn: date('occurred_on', { mode: 'string' }).notNull(),
    /** A debit's due day (a shipment's day plus the deferral); other debits are due on their day. */
    dueOn: date('due_on', { mode: 'string' }),
    /** The bill a payment names (its credit goes to that bill's debits first), or a shipment's bill. */
    billId: integer('bill_id'),
    shipmentId: integer('shipment_id'),
    /** The payments row a bill's payment came from: at most one entry per payment. */
    paymentId: integer('payment_id'),
    /** A bank statement document's identity (statement-format.ts): at most one entry per document. */
    statementKey: text('statement_key'),
    /** The entry this one reverses (each at most once). */
    reversesId: bigint('reverses_id', { mode: 'number' }),
    /** Why: required for adjustments and reversals; a payment's reference. */
    reason: text('reason').notNull().default(''),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_account_idx').on(table.accountId, table.id),
    index('ledger_entries_occurred_idx').on(table.accountId, table.occurredOn, table.id),
    uniqueIndex('ledger_entries_payment_idx').on(table.paymentId),
    uniqueIndex('ledger_entries_statement_idx').on(table.statementKey),
    uniqueIndex('ledger_entries_shipment_idx')
      .on(table.shipmentId)
      .where(sql`${table.kind} = 'shipment'`),
    uniqueIndex('ledger_entries_reverses_idx').on(table.reversesId),
    check('ledger_entries_amount_check', sql`${table.amount} > 0`),
    check('ledger_entries_side_check', sql`${table.side} in ('debit', 'credit')`),
    check(
      'ledger_entries_kind_check',
      sql`${table.kind} in ('shipment', 'payment', 'refund', 'return', 'adjustment', 'reversal')`,
    ),
  ],
);

/**
 * Credit terms: a client group's default (`group_id`) or a client's override (`client_id`); a null field inherits
 * (client, then group, then none: no limit, no deferral, no prepayment).
 */
export const creditTerms = pgTable(
  'credit_terms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id').references(() => clientGroups.id, { onDelete: 'cascade' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    creditLimit: numeric('credit_limit', { precision: 12, scale: 2, mode: 'string' }),
    deferralDays: integer('deferral_days'),
    prepayRequired: boolean('prepay_required'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_terms_group_idx')
      .on(table.groupId)
      .where(sql`${table.groupId} is not null`),
    uniqueIndex('credit_terms_client_idx')
      .on(table.clientId)
      .where(sql`${table.clientId} is not null`),
    check('credit_terms_owner_check', sql`(${table.groupId} is null) <> (${table.clientId} is null)`),
    check('credit_terms_limit_check', sql`${table.creditLimit} is null or ${table.creditLimit} >= 0`),
    check('credit_terms_deferral_check', sql`${table.deferralDays} is null or ${table.deferralDays} between 0 and 365`),
  ],
);

/** Statement lines that name no bill and whose INN no payer or client has: listed for staff, never guessed. */
export const ledgerUnmatchedLines = pgTable(
  'ledger_unmatched_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    statementKey: text('statement_key').notNull(),
    inn: text('inn').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    /** The entry staff matched it to; null while it waits. */
    entryId: bigint('entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ledger_unmatched_lines_key_idx').on(table.statementKey)],
);

/**
 * Orders accepted but held by the credit check at checkout (issue 31 point 4): over the limit, on the stop-list, or
 * a group that prepays. Their lines wait in the manager's queue until the bill is paid or staff release them.
 */
export const orderCreditHolds = pgTable(
  'order_credit_holds',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'prepay', 'limit' or 'stop'. */
    reason: text('reason').notNull(),
    /** What the client read before placing. */
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
    /** 'paid' (the bill was paid), 'stop_lifted' (the stop-list that held it lifted, decision 0062) or 'staff'. */
    releasedBy: text('released_by'),
    releasedStaffId: integer('released_staff_id').references(() => staff.id),
  },
  (table) => [
    index('order_credit_holds_open_idx')
      .on(table.createdAt)
      .where(sql`${table.releasedAt} is null`),
    check('order_credit_holds_reason_check', sql`${table.reason} in ('prepay', 'limit', 'stop')`),
  ],
);

/**
 * Reminders sent about a ledger's debits (issue 31 point 6): one row per debit, kind and round, written in the
 * transaction that queues the e-mail (the notification outbox), so that each goes exactly once whatever the jobs'
 * retries or overlaps. `before_due`: the reminder `ledger.remind_before_days` before the due day (round 0);
 * `overdue`: the notice once overdue, round n the n-th repeat every `ledger.overdue_notice_every_days`.
 */
export const ledgerReminders = pgTable(
  'ledger_reminders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    kind: text('kind').notNull(),
    round: integer('round').notNull().default(0),
    /** The shop's day it was decided on. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_reminders_once_idx').on(table.entryId, table.kind, table.round),
    check('ledger_reminders_kind_check', sql`${table.kind} in ('before_due', 'overdue')`),
  ],
);
