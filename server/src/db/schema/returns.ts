import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { orderItems } from './orders.ts';
import { goodsReceiptLines } from './purchasing.ts';
import { ledgerAccounts, ledgerEntries } from './ledger.ts';
import { shipmentCorrections, shipmentLines, shipments } from './shipments.ts';
import { staff } from './staff.ts';
import { suppliers } from './suppliers.ts';

/*
 * Cancels and returns (issue 32, decision 0055), owned by modules/returns. A client's request to cancel an ordered
 * line, a return request of an issued line (a shipment line) with its photos, and the supplier returns the approved
 * returns are collected into. States are the modules' transition tables (modules/returns/return-state.ts); the
 * money goes through the shipments' correction documents (УКД) and the client ledger's entries, named here.
 */

/** A client's request to cancel a line already ordered from a supplier: a manager approves or rejects it. */
export const cancelRequests = pgTable(
  'cancel_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id),
    comment: text('comment').notNull().default(''),
    /** requested, approved, rejected. */
    state: text('state').notNull().default('requested'),
    decisionReason: text('decision_reason'),
    /** Approved: the line was taken out of a supplier order still in draft. */
    withdrawn: boolean('withdrawn').notNull().default(false),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    // One open request per line: a second is refused.
    uniqueIndex('cancel_requests_open_idx')
      .on(table.orderItemId)
      .where(sql`${table.state} = 'requested'`),
    index('cancel_requests_client_idx').on(table.clientId, table.id),
    index('cancel_requests_state_idx').on(table.state, table.id),
    check('cancel_requests_state_check', sql`${table.state} in ('requested', 'approved', 'rejected')`),
  ],
);

/**
 * The return rules of a supplier (its window in days, never below 7; «без возврата») or of a brand («без
 * возврата»): one row per supplier or per brand (its normalizeBrand form).
 */
export const returnPolicies = pgTable(
  'return_policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    brandName: text('brand_name'),
    brandNormalized: text('brand_normalized'),
    noReturn: boolean('no_return').notNull().default(false),
    windowDays: integer('window_days'),
  },
  (table) => [
    uniqueIndex('return_policies_supplier_idx')
      .on(table.supplierId)
      .where(sql`${table.supplierId} is not null`),
    uniqueIndex('return_policies_brand_idx')
      .on(table.brandNormalized)
      .where(sql`${table.brandNormalized} is not null`),
    check('return_policies_target_check', sql`(${table.supplierId} is null) <> (${table.brandNormalized} is null)`),
    check('return_policies_window_check', sql`${table.windowDays} is null or ${table.windowDays} between 7 and 365`),
  ],
);

/** A supplier return: approved returns of one supplier going back to it. */
export const supplierReturns = pgTable(
  'supplier_returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** to_send, sent, accepted, refused, credited. */
    state: text('state').notNull().default('to_send'),
    refusalReason: text('refusal_reason'),
    /** The supplier's credit (its correction document), roubles. */
    creditAmount: numeric('credit_amount', { precision: 12, scale: 2, mode: 'string' }),
    creditReference: text('credit_reference'),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('supplier_returns_supplier_idx').on(table.supplierId, table.id),
    check(
      'supplier_returns_state_check',
      sql`${table.state} in ('to_send', 'sent', 'accepted', 'refused', 'credited')`,
    ),
    check('supplier_returns_credit_check', sql`${table.creditAmount} is null or ${table.creditAmount} > 0`),
  ],
);

/** A client's return request of a shipment line, through its states. */
export const returns = pgTable(
  'returns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    shipmentLineId: bigint('shipment_line_id', { mode: 'number' })
      .notNull()
      .references(() => shipmentLines.id),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id),
    /** The line's supplier when known: its return goes back there. */
    supplierId: integer('supplier_id').references(() => suppliers.id),
    /** The goods receipt line the pieces came in on, when one is known (purchasing/line-origins). */
    goodsReceiptLineId: bigint('goods_receipt_line_id', { mode: 'number' }).references(() => goodsReceiptLines.id),
    quantity: integer('quantity').notNull(),
    /** What the shop paid the supplier for one piece (the receipt line's price, else the line's purchase price). */
    purchasePrice: numeric('purchase_price', { precision: 12, scale: 2, mode: 'string' }),
    /** One piece as sold (the shipment line's price, VAT included). */
    price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    /** requested, approved, rejected, received, credited, closed. */
    state: text('state').notNull().default('requested'),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => staff.id),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    goodQuantity: integer('good_quantity'),
    defectiveQuantity: integer('defective_quantity'),
    receivedBy: integer('received_by').references(() => staff.id),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
    creditAmount: numeric('credit_amount', { precision: 12, scale: 2, mode: 'string' }),
    correctionId: integer('correction_id').references(() => shipmentCorrections.id),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    /** The ledger credited (the shipment's payer's, or the client's own): refunds are entered there too. */
    ledgerAccountId: integer('ledger_account_id').references(() => ledgerAccounts.id),
    creditedAt: timestamp('credited_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    supplierReturnId: integer('supplier_return_id').references(() => supplierReturns.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('returns_client_idx').on(table.clientId, table.id),
    index('returns_state_idx').on(table.state, table.id),
    index('returns_shipment_line_idx').on(table.shipmentLineId),
    index('returns_supplier_idx')
      .on(table.supplierId, table.id)
      .where(sql`${table.supplierReturnId} is null`),
    check('returns_quantity_check', sql`${table.quantity} >= 1`),
    check(
      'returns_state_check',
      sql`${table.state} in ('requested', 'approved', 'rejected', 'received', 'credited', 'closed')`,
    ),
    check(
      'returns_reason_check',
      sql`${table.reason} in ('not_fit', 'defect', 'wrong_part', 'shortage', 'refused_at_pickup')`,
    ),
    check(
      'returns_received_check',
      sql`${table.goodQuantity} is null or (${table.goodQuantity} >= 0 and ${table.defectiveQuantity} >= 0 and ${table.goodQuantity} + ${table.defectiveQuantity} between 1 and ${table.quantity})`,
    ),
  ],
);

/** A photo of a return: the file under the uploads folder; `return_id` null until a request names it. */
export const returnPhotos = pgTable(
  'return_photos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    returnId: integer('return_id').references(() => returns.id),
    /** The file's name under UPLOADS_DIR/return-photos/. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('return_photos_return_idx').on(table.returnId),
    index('return_photos_client_idx').on(table.clientId),
  ],
);

/** Refunds paid out against a credited return: each is also a ledger entry (kind 'refund'). */
export const returnRefunds = pgTable(
  'return_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    reference: text('reference').notNull().default(''),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('return_refunds_return_idx').on(table.returnId),
    check('return_refunds_amount_check', sql`${table.amount} > 0`),
  ],
);
