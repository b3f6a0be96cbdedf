import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { supplierOrders } from './purchasing.ts';
import { suppliers } from './suppliers.ts';

/*
 * How the shop orders from each supplier (issue 29 point 2), owned by modules/purchasing (decision 0050): the
 * channel and templates per supplier, and one dispatch per supplier order sent by e-mail or through an API.
 */

export const PURCHASE_CHANNELS = ['manual', 'file', 'email', 'api'] as const;

/**
 * One row per supplier whose ordering is set up. The API password is kept sealed (shared/secret-box.ts, context
 * `supplier-channel:<supplier id>:password`), never answered back, logged or audited. The poll columns are the
 * API's health as the staff see it: when the supplier was last read, its last failure (Russian, without
 * credentials) and the failures in a row, which push `next_poll_at` back (backoff).
 */
export const supplierPurchaseSettings = pgTable(
  'supplier_purchase_settings',
  {
    supplierId: integer('supplier_id')
      .primaryKey()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull().default('manual'),
    orderEmail: text('order_email'),
    /** The contract's `orderFileTemplateSchema` output. */
    orderTemplate: jsonb('order_template').notNull(),
    /** The contract's `confirmationFileTemplateSchema` output. */
    confirmationTemplate: jsonb('confirmation_template').notNull(),
    /** 'abcp' when an API is set; null otherwise. */
    apiKind: text('api_kind'),
    apiBaseUrl: text('api_base_url'),
    apiLogin: text('api_login'),
    /** SecretBox.seal(password, `supplier-channel:<supplier id>:password`). */
    apiPasswordSealed: text('api_password_sealed'),
    /** Payment and shipment ids, use_online_stocks (the contract's api save fields, without the credentials). */
    apiOptions: jsonb('api_options').notNull().default({}),
    /** The supplier's status codes -> stages (position-states.ts), or {} until built from the supplier's list. */
    statusMap: jsonb('status_map').notNull().default({}),
    lastPolledAt: timestamp('last_polled_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true, mode: 'date' }),
    failures: integer('failures').notNull().default(0),
    /** When the polling tick takes this supplier next; null: not polled (no API). */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true, mode: 'date' }),
    /** The lease of the run calling the supplier now: two instances never call one supplier account at once. */
    pollingUntil: timestamp('polling_until', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'supplier_purchase_settings_channel_check',
      sql.raw(`channel in (${PURCHASE_CHANNELS.map((kind) => `'${kind}'`).join(', ')})`),
    ),
    index('supplier_purchase_settings_poll_idx')
      .on(table.nextPollAt)
      .where(sql`${table.nextPollAt} is not null`),
  ],
);

/**
 * A supplier order handed to a channel that sends it (e-mail, API): at most one per supplier order (the primary
 * key), made in the transaction that marks the order sent, so that however often «send» is pressed, and whatever
 * crashes, the order goes once. `idempotency_key` is what the supplier sees: the API order's clientOrderNumber
 * (looked up before placing again after a crash) and the e-mail's Message-ID.
 */
export const supplierOrderDispatches = pgTable(
  'supplier_order_dispatches',
  {
    supplierOrderId: integer('supplier_order_id')
      .primaryKey()
      .references(() => supplierOrders.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    channel: text('channel').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** pending: to be sent (API: by the supplier's job); sent; failed: given up, told to the staff. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The supplier's order numbers (API), once placed. */
    supplierOrderNumbers: jsonb('supplier_order_numbers').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    check('supplier_order_dispatches_channel_check', sql`${table.channel} in ('email', 'api')`),
    check('supplier_order_dispatches_state_check', sql`${table.state} in ('pending', 'sent', 'failed')`),
    index('supplier_order_dispatches_pending_idx')
      .on(table.supplierId)
      .where(sql`${table.state} = 'pending'`),
  ],
);
