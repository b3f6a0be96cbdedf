import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderItems } from './orders.ts';
import { staff } from './staff.ts';
import { suppliers } from './suppliers.ts';

/*
 * Purchasing (issue 29, decision 0049), owned by modules/purchasing: what the shop orders from its suppliers for
 * its clients' lines, what the suppliers answered, and the goods receipts (приход) that bring the parts in.
 */

/**
 * A supplier order: one per supplier per batch, lines linked to the client lines they serve. Its state moves by the
 * transition table of modules/purchasing/supplier-order-state.ts; quantities live on the lines.
 */
export const supplierOrders = pgTable(
  'supplier_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The number staff see and say on the phone: «ЗП-<id>», written in the insert's transaction. */
    number: text('number').notNull().unique(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** How it was (or is to be) sent: manual, file, email, api; the kind at the time, whatever the settings say later. */
    channel: text('channel').notNull().default('manual'),
    /** The supplier's own order number, once known (typed by staff, or answered by the supplier's API). */
    supplierNumber: text('supplier_number'),
    state: text('state').notNull().default('draft'),
    /** What makes sending this order the same act however often it is retried (e-mail, API): never ordered twice. */
    sendKey: uuid('send_key').notNull().defaultRandom(),
    comment: text('comment'),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('supplier_orders_send_key_idx').on(table.sendKey),
    index('supplier_orders_supplier_idx').on(table.supplierId, table.createdAt),
    index('supplier_orders_state_idx').on(table.state),
    check('supplier_orders_channel_check', sql`${table.channel} in ('manual', 'file', 'email', 'api')`),
    check(
      'supplier_orders_state_check',
      sql`${table.state} in ('draft', 'sent', 'confirmed', 'partly_confirmed', 'received', 'partly_received', 'closed', 'canceled')`,
    ),
  ],
);

/**
 * A line of a supplier order: the client line it serves and its quantities as the supplier reports them. The
 * client line linked holds the pieces still expected from this line (ordered − refused − received); a refused or
 * received part is split off the client line (orders/line-split.ts). `released_at` is set when the line stops
 * holding its client line (wholly refused, the order canceled): at most one line holds a client line.
 */
export const supplierOrderLines = pgTable(
  'supplier_order_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    supplierOrderId: integer('supplier_order_id')
      .notNull()
      .references(() => supplierOrders.id, { onDelete: 'cascade' }),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id),
    /** The offer bought, when still known (a channel's offer key is looked up from it). */
    offerId: bigint('offer_id', { mode: 'number' }),
    article: text('article').notNull(),
    articleNormalized: text('article_normalized').notNull(),
    brandName: text('brand_name').notNull(),
    /** `normalizeBrand(brand_name)`: what a receipt's brand is matched on (with the catalogue's brand spellings). */
    brandNormalized: text('brand_normalized').notNull(),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull(),
    confirmedQuantity: integer('confirmed_quantity').notNull().default(0),
    refusedQuantity: integer('refused_quantity').notNull().default(0),
    refusedReason: text('refused_reason'),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    /** What the shop expected to pay for one piece (the client line's purchase price when ordered). */
    purchasePrice: numeric('purchase_price', { precision: 12, scale: 2, mode: 'string' }),
    /** The price the supplier confirmed for one piece; null until it did. */
    confirmedPrice: numeric('confirmed_price', { precision: 12, scale: 2, mode: 'string' }),
    /** The supplier's own id of the line (API channels), when it has one. */
    supplierLineRef: text('supplier_line_ref'),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('supplier_order_lines_order_idx').on(table.supplierOrderId, table.id),
    index('supplier_order_lines_item_idx').on(table.orderItemId),
    // A client line is held by one supplier order line at a time: two managers ordering it at once, one loses.
    uniqueIndex('supplier_order_lines_holding_idx')
      .on(table.orderItemId)
      .where(sql`${table.releasedAt} is null`),
    index('supplier_order_lines_match_idx').on(table.articleNormalized, table.brandNormalized),
    check('supplier_order_lines_quantity_check', sql`${table.quantity} >= 1`),
    check(
      'supplier_order_lines_quantities_check',
      sql`${table.confirmedQuantity} >= 0 and ${table.refusedQuantity} >= 0 and ${table.receivedQuantity} >= 0 and ${table.confirmedQuantity} + ${table.refusedQuantity} <= ${table.quantity}`,
    ),
    check('supplier_order_lines_purchase_price_check', sql`${table.purchasePrice} >= 0`),
    check('supplier_order_lines_confirmed_price_check', sql`${table.confirmedPrice} >= 0`),
  ],
);

/**
 * A refused quantity of a supplier order line, as told (a manual answer, a confirmation file, a channel's poll):
 * the client line now «Отказ поставщика» that carries those pieces (split off the held line when only part was
 * refused), and why. What the «К заказу» queue shows beside a line waiting again.
 */
export const supplierRefusals = pgTable(
  'supplier_refusals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    supplierOrderLineId: bigint('supplier_order_line_id', { mode: 'number' })
      .notNull()
      .references(() => supplierOrderLines.id, { onDelete: 'cascade' }),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('supplier_refusals_item_idx').on(table.orderItemId, table.id),
    index('supplier_refusals_line_idx').on(table.supplierOrderLineId),
    check('supplier_refusals_quantity_check', sql`${table.quantity} >= 1`),
  ],
);

/**
 * A goods receipt (приход) from the supplier's delivery document (УПД or waybill): a draft while staff match its
 * lines, then posted once (`posted_at`), after which it never changes; a correction is a new receipt.
 */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** The supplier's document: its number and date ('yyyy-mm-dd'). */
    documentNumber: text('document_number').notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    comment: text('comment'),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }),
    postedBy: integer('posted_by').references(() => staff.id),
  },
  (table) => [
    index('goods_receipts_supplier_idx').on(table.supplierId, table.createdAt),
    index('goods_receipts_created_idx').on(table.createdAt, table.id),
  ],
);

/**
 * A line of a receipt: what arrived, at what price, from which country under which customs declaration (ГТД; the
 * shop's closing documents repeat both). Linked to the supplier order line it fills (matched by brand and article,
 * or by hand); `over_delivery` marks pieces beyond what was ordered, accepted knowingly. `order_item_id` is the
 * client line that took the pieces when posted (the split-off part when the line was received in part).
 */
export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => goodsReceipts.id, { onDelete: 'cascade' }),
    supplierOrderLineId: bigint('supplier_order_line_id', { mode: 'number' }).references(() => supplierOrderLines.id),
    article: text('article').notNull(),
    articleNormalized: text('article_normalized').notNull(),
    brandName: text('brand_name').notNull(),
    brandNormalized: text('brand_normalized').notNull(),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** The price of one piece on the supplier's document. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    /** Country of origin (name or ISO code as the document gives it); null for goods made in Russia. */
    country: text('country'),
    /** Customs declaration number (ГТД / ДТ), e.g. 10702070/010125/0001234; null when none. */
    customsDeclaration: text('customs_declaration'),
    overDelivery: boolean('over_delivery').notNull().default(false),
    orderItemId: bigint('order_item_id', { mode: 'number' }).references(() => orderItems.id),
  },
  (table) => [
    index('goods_receipt_lines_receipt_idx').on(table.receiptId, table.id),
    index('goods_receipt_lines_sol_idx').on(table.supplierOrderLineId),
    check('goods_receipt_lines_quantity_check', sql`${table.quantity} >= 1`),
    check('goods_receipt_lines_price_check', sql`${table.price} >= 0`),
  ],
);

/**
 * «К заказу» in figures (decision 0059): what the waiting lines (status new, in work or refused, held by no supplier
 * order line) add up to per supplier and status, so that the queue's count and its groups read a few hundred rows
 * instead of every waiting line. Kept by statement triggers on order_items and supplier_order_lines (the hand-written
 * block at the end of the migration that made this table) as rows of change, never updated (no row two
 * transactions wait on); `compactQueueTallies` (a scheduled job) folds them into one row per supplier and status.
 */
export const purchaseQueueTallies = pgTable(
  'purchase_queue_tallies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null: lines without a supplier. */
    supplierId: integer('supplier_id'),
    status: text('status').notNull(),
    lines: integer('lines').notNull(),
    quantity: integer('quantity').notNull(),
    /** Σ purchase price × quantity, in kopecks (a line without a purchase price counts 0). */
    purchaseKopecks: bigint('purchase_kopecks', { mode: 'number' }).notNull(),
  },
  (table) => [index('purchase_queue_tallies_supplier_idx').on(table.supplierId, table.status)],
);
