import type { PayerRequisites } from '@detal/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
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
import { offers } from './catalog.ts';
import { clients } from './clients.ts';
import { payers } from './payers.ts';
import { pricingProfiles } from './pricing.ts';
import { analogPairs } from './return-rates.ts';
import { staff } from './staff.ts';

/* Orders and their lines (issue: orders). */

/** Order and line statuses of contract-decisions.md section 6; the Russian names live in the contract. */
const orderStatusCheck = (column: AnyPgColumn) =>
  sql`${column} in ('new', 'in_work', 'ordered', 'in_transit', 'supplier_refused', 'ready', 'issued', 'canceled')`;

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    /** What makes a repeated submission the same one: the Idempotency-Key header, or a digest of the request. */
    submissionKey: text('submission_key').notNull(),
    /** Contact data as given in step 2 (it may differ from the account). */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    middleName: text('middle_name'),
    companyName: text('company_name'),
    phoneNumber: text('phone_number').notNull(),
    /**
     * (issue 30) The payer the order is billed to, and its requisites as they were when ordered (the contract's
     * PayerRequisites: snake_case keys). Both null for a person's order. The payer row is never rewritten once an
     * order names it (decision 0052); the copy is what the bill, shipments and УПД print.
     */
    payerId: integer('payer_id').references(() => payers.id),
    payer: jsonb('payer').$type<PayerRequisites>(),
    /** The delivery method as it was when ordered: settings may change later. */
    deliveryMethodId: integer('delivery_method_id').notNull(),
    deliveryMethodName: text('delivery_method_name').notNull(),
    deliveryMethodDescription: text('delivery_method_description').notNull().default(''),
    deliveryPrice: numeric('delivery_price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    deliveryAddress: text('delivery_address'),
    desiredDate: text('desired_date'),
    desiredTime: text('desired_time'),
    comment: text('comment'),
    /**
     * (issue 29, beyond) The replacement the client accepted at step 2 should a supplier refuse a line: a client
     * price up to this many percent higher and up to this many more delivery days. Both null: none (the refused
     * line waits for the manager); both set otherwise (the contract checks it).
     */
    replacementMaxPricePercent: integer('replacement_max_price_percent'),
    replacementMaxExtraDays: integer('replacement_max_extra_days'),
    /** Lines plus delivery. */
    totalPrice: numeric('total_price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    countPosition: integer('count_position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_client_submission_idx').on(table.clientId, table.submissionKey),
    index('orders_client_created_idx').on(table.clientId, table.createdAt.desc(), table.id.desc()),
    index('orders_payer_idx').on(table.payerId),
  ],
);

/** A line as sold: copied from the offer, which a later price-list import may change or remove. */
export const orderItems = pgTable(
  'order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offerId: bigint('offer_id', { mode: 'number' }).references(() => offers.id, { onDelete: 'set null' }),
    article: text('article').notNull(),
    /** `normalizeArticle(article)`, as offers keep it: the back office's queue finds «OC 90» typed any way. */
    articleNormalized: text('article_normalized').notNull(),
    brandName: text('brand_name').notNull(),
    description: text('description').notNull().default(''),
    /** The supplier's display name, as the client saw it. */
    supplierName: text('supplier_name'),
    /** The real supplier, for the shop (null on lines ordered before selling prices). */
    supplierId: integer('supplier_id'),
    deliveryDays: integer('delivery_days'),
    /** The selling price of one piece: what the client pays. */
    price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    /** What the shop pays the supplier for one piece (null on lines ordered before selling prices). */
    purchasePrice: numeric('purchase_price', { precision: 12, scale: 2, mode: 'string' }),
    /** The profile the selling price came from (with the client's personal discount in `personal_discount`). */
    pricingProfileId: integer('pricing_profile_id').references(() => pricingProfiles.id),
    personalDiscount: integer('personal_discount').notNull().default(0),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull().default('new'),
    /**
     * Whether the line is on the order's bill: a line canceled while the bill was unpaid leaves it (false); a
     * paid bill is never rewritten, so a line canceled after payment stays on it (decision 0021).
     */
    billed: boolean('billed').notNull().default(true),
    /**
     * The line this one was split from (issue 29): a line received or refused in part becomes two, each with a
     * true status; the two carry the original's price and bill flag, so no bill total changes.
     */
    splitFromId: bigint('split_from_id', { mode: 'number' }).references((): AnyPgColumn => orderItems.id),
    /** (issue 32, point 6) The analog pair the line was bought through: its «не подошла» return counts against it. */
    analogPairId: integer('analog_pair_id').references(() => analogPairs.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('order_items_order_id_idx').on(table.orderId),
    index('order_items_status_idx').on(table.status),
    // Purchasing's «К заказу» (issue 29): the lines waiting to be bought, by supplier, oldest order first.
    index('order_items_waiting_idx')
      .on(table.supplierId, table.orderId, table.id)
      .where(sql`${table.status} in ('new', 'in_work', 'supplier_refused')`),
    check('order_items_quantity_check', sql`${table.quantity} >= 1`),
    check('order_items_status_check', orderStatusCheck(table.status)),
  ],
);

/**
 * Every change of a line's status, written in the transaction of the change (orders/order-status.ts): from, to,
 * who (the staff member; null from the command line or the system), when and an optional note.
 */
export const orderLineStatusHistory = pgTable(
  'order_line_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderItemId: bigint('order_item_id', { mode: 'number' })
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('order_line_status_history_item_idx').on(table.orderItemId, table.createdAt, table.id),
    check('order_line_status_history_from_check', orderStatusCheck(table.fromStatus)),
    check('order_line_status_history_to_check', orderStatusCheck(table.toStatus)),
  ],
);
