import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { orderItems, orders } from './orders.ts';
import { staff } from './staff.ts';

/*
 * Shipments and their corrections (issue 30, decision 0053), owned by modules/shipments. A shipment is posted once
 * when lines are handed to a client («Выдан») and never changes: `document` is everything its УПД prints and its
 * XML says (seller and buyer with requisites, lines with country of origin and ГТД, VAT, totals, the XML's file
 * id), frozen at posting (`ShipmentDocument` in modules/shipments/document.ts). Triggers refuse UPDATE on both
 * tables (the migration's hand-written part). A mistake is a correction document (УКД), a row of
 * `shipment_corrections` of its own, which the returns work will also write.
 */

export const shipments = pgTable(
  'shipments',
  {
    /** The document's number: taken from the sequence before the document is composed (it prints it). */
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** The payer (the client's legal entity) named as buyer; null: the client as a person. */
    payerId: integer('payer_id'),
    postedAt: timestamp('posted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Who handed the lines over; null from the command line or the system. */
    staffId: integer('staff_id').references(() => staff.id),
    /** The lines' selling prices times their quantities, VAT included. */
    total: numeric('total', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    /** The VAT inside `total`; null when the shop works without VAT (УПД status 2). */
    vat: numeric('vat', { precision: 12, scale: 2, mode: 'string' }),
    /** The XML file's id (ИдФайл), fixed at posting so that every download is the same file. */
    xmlFileId: text('xml_file_id').notNull(),
    document: jsonb('document').notNull(),
  },
  (table) => [
    index('shipments_client_posted_idx').on(table.clientId, table.postedAt.desc(), table.id.desc()),
    index('shipments_posted_idx').on(table.postedAt.desc(), table.id.desc()),
  ],
);

/** What each line of a shipment handed over: an order line is issued once, so it is in one shipment at most. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    /** One piece's selling price, VAT included. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
  },
  (table) => [
    uniqueIndex('shipment_lines_order_item_idx').on(table.orderItemId),
    index('shipment_lines_shipment_idx').on(table.shipmentId, table.position),
    index('shipment_lines_order_idx').on(table.orderId),
    check('shipment_lines_quantity_check', sql`${table.quantity} >= 1`),
  ],
);

/**
 * A correction document (УКД) of a posted shipment: the lines' quantities before and after (`document`, frozen
 * like a shipment's), the totals before and after. The shipment it corrects stays as posted.
 */
export const shipmentCorrections = pgTable(
  'shipment_corrections',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    /** Why: «Ошибка в количестве», later «Возврат». */
    reason: text('reason').notNull(),
    totalBefore: numeric('total_before', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    totalAfter: numeric('total_after', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    document: jsonb('document').notNull(),
  },
  (table) => [index('shipment_corrections_shipment_idx').on(table.shipmentId, table.id)],
);
