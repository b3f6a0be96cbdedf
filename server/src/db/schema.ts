import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  uniqueIndex,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/*
 * Conventions: money is numeric(12,2) read and written as strings ('1234.50'), never a JS float; articles are
 * kept twice, as written by the supplier (`article`) and in the searchable form of normalizeArticle()
 * (`article_normalized`); a part is identified by (brand_id, article_normalized), not by an offer row, because a
 * price-list import replaces a supplier's offer rows.
 */

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  nameNormalized: text('name_normalized').notNull().unique(),
});

/** Every spelling a brand is known by, normalized; a brand's own normalized name is one of its aliases. */
export const brandAliases = pgTable(
  'brand_aliases',
  {
    aliasNormalized: text('alias_normalized').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
  },
  (table) => [index('brand_aliases_brand_id_idx').on(table.brandId)],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    /** Used for a price-list row that gives no delivery time of its own. */
    defaultDeliveryDays: integer('default_delivery_days').notNull().default(0),
    /**
     * The name clients see instead of the real one (they would otherwise buy from the supplier directly); null
     * shows the neutral «Склад {id}» (`supplierDisplayNameSql` in modules/pricing).
     */
    displayName: text('display_name'),
    /** The shop's stated chance, in percent, that a part arrives within its delivery days; null when unstated. */
    deliveryProbability: integer('delivery_probability'),
    /**
     * False: the supplier's offers leave search, basket and checkout at once (they stay stored, and come back when
     * the supplier is active again, without a re-import). Read by every offer query through its join on suppliers.
     */
    active: boolean('active').notNull().default(true),
    /** Days after its last successful price list before the supplier counts as stale; null: never stale. */
    maxAgeDays: integer('max_age_days'),
    /** How its price lists are read (modules/suppliers, `supplierImportProfileSchema` of the contract); null: defaults. */
    importProfile: jsonb('import_profile'),
  },
  (table) => [
    check('suppliers_default_delivery_days_check', sql`${table.defaultDeliveryDays} >= 0`),
    check('suppliers_delivery_probability_check', sql`${table.deliveryProbability} between 0 and 100`),
    check('suppliers_max_age_days_check', sql`${table.maxAgeDays} > 0`),
  ],
);

/**
 * No foreign keys to brands and suppliers, on purpose: offers are written in bulk by the price-list import
 * (millions of rows), where PostgreSQL's per-row foreign-key checks cost twice the load itself (measured in
 * bench/README.md). Their only writers, the import and the demo seed, take brand and supplier ids from the same
 * transaction, and brands and suppliers are never deleted while offers name them.
 *
 * Stored with fillfactor 50 (migration 0004, which drizzle's schema cannot express): room on every page for a
 * re-imported price list to update prices and stock in place.
 */
export const offers = pgTable(
  'offers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id').notNull(),
    brandId: integer('brand_id').notNull(),
    article: text('article').notNull(),
    articleNormalized: text('article_normalized').notNull(),
    description: text('description').notNull().default(''),
    /** Days until the part can be handed over; 0 is in stock today, null is unknown. */
    deliveryDays: integer('delivery_days'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull().default(0),
    /** Kilograms. */
    weight: numeric('weight', { precision: 10, scale: 3, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('offers_article_brand_idx').on(table.articleNormalized, table.brandId),
    // Suggestions while typing (decision 0030): a prefix is a range of this index in byte order, whatever the
    // database's collation, so that a prepared statement's generic plan still reads only the prefix's entries.
    index('offers_article_prefix_idx').on(sql`${table.articleNormalized} collate "C"`, table.brandId),
    index('offers_supplier_id_idx').on(table.supplierId),
    check('offers_price_check', sql`${table.price} >= 0`),
    check('offers_quantity_check', sql`${table.quantity} >= 0`),
    check('offers_delivery_days_check', sql`${table.deliveryDays} >= 0`),
  ],
);

export const crossReferenceType = pgEnum('cross_reference_type', ['oem', 'replacement', 'analog']);

/**
 * A link between two parts, usable in both directions: side a is the original (the OEM number for 'oem', the
 * superseded article for 'replacement'), side b its counterpart. Searches look a pair up from either side.
 */
export const crossReferences = pgTable(
  'cross_references',
  {
    brandIdA: integer('brand_id_a')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalizedA: text('article_normalized_a').notNull(),
    brandIdB: integer('brand_id_b')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalizedB: text('article_normalized_b').notNull(),
    type: crossReferenceType('type').notNull().default('analog'),
  },
  (table) => [
    primaryKey({
      name: 'cross_references_pkey',
      columns: [table.articleNormalizedA, table.brandIdA, table.articleNormalizedB, table.brandIdB],
    }),
    index('cross_references_b_idx').on(table.articleNormalizedB, table.brandIdB),
  ],
);

export const catalogGroups = pgTable(
  'catalog_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer('parent_id').references((): AnyPgColumn => catalogGroups.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('catalog_groups_parent_id_idx').on(table.parentId, table.position)],
);

/** Parts of a catalogue group; a group's offers are the current offers of these parts. */
export const catalogGroupArticles = pgTable(
  'catalog_group_articles',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => catalogGroups.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalized: text('article_normalized').notNull(),
  },
  (table) => [
    primaryKey({
      name: 'catalog_group_articles_pkey',
      columns: [table.groupId, table.brandId, table.articleNormalized],
    }),
    index('catalog_group_articles_article_idx').on(table.articleNormalized, table.brandId),
  ],
);

/** Parts shown in a recommendation block (1 = the home page), in `position` order. */
export const recommendations = pgTable(
  'recommendations',
  {
    blockId: integer('block_id').notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    articleNormalized: text('article_normalized').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'recommendations_pkey', columns: [table.blockId, table.brandId, table.articleNormalized] }),
    index('recommendations_block_position_idx').on(table.blockId, table.position),
  ],
);

export const pages = pgTable('pages', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** Sanitized before it is stored. */
  contentHtml: text('content_html').notNull().default(''),
  metaTitle: text('meta_title').notNull().default(''),
  metaDescription: text('meta_description').notNull().default(''),
  published: boolean('published').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    preview: text('preview').notNull().default(''),
    /** Sanitized before it is stored. */
    contentHtml: text('content_html').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    imageUrl: text('image_url'),
    /** False: taken off the site from the back office (the publication time alone only delays an item). */
    published: boolean('published').notNull().default(true),
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
  },
  (table) => [index('news_published_at_idx').on(table.publishedAt.desc(), table.id.desc())],
);

/** One row per setting; the shape of each value is ShopSettingValues in shop-settings.ts. */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/* Selling prices (issue 13): pricing profiles and client groups. */

/**
 * A pricing profile as it was set: rows are never changed, `pricing-set` adds a new one and points the group at it,
 * so an order line's `pricing_profile_id` names the exact rules its price came from, whatever they become. The
 * rules are one JSON document (`StoredPricingRules` in modules/pricing/profile-store.ts, validated on the way in
 * and out): a profile is always read and compiled whole, never queried by its parts.
 */
export const pricingProfiles = pgTable('pricing_profiles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  rules: jsonb('rules').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Розница (the default: anonymous visitors and clients without a group), Опт, СТО...: each with its profile. */
export const clientGroups = pgTable(
  'client_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull().unique(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => pricingProfiles.id),
    isDefault: boolean('is_default').notNull().default(false),
  },
  (table) => [
    uniqueIndex('client_groups_one_default_idx')
      .on(table.isDefault)
      .where(sql`${table.isDefault}`),
  ],
);

/* Clients and their sessions (issue: clients). */

export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** As typed at registration; uniqueness is on lower(email), so the same address in another case is taken. */
    email: text('email').notNull(),
    /** scrypt, in the self-describing format of the auth module's password hasher. */
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    middleName: text('middle_name'),
    companyName: text('company_name'),
    /** Normalized to +7XXXXXXXXXX. */
    phoneNumber: text('phone_number').notNull(),
    /** Registered as a business (company name and INN given); the shop decides the group. */
    isBusiness: boolean('is_business').notNull().default(false),
    /** 10 digits (a company) or 12 (a sole trader), checksum verified at registration. */
    inn: text('inn'),
    /** Null: the default group (Розница). */
    groupId: integer('group_id').references(() => clientGroups.id),
    /** Basis points taken off the group's price, never below the profile's minimum margin. */
    personalDiscount: integer('personal_discount').notNull().default(0),
    /** E-mails when order lines change status (set in /account); order and payment e-mails always go. */
    notifyStatusEmails: boolean('notify_status_emails').notNull().default(true),
    /** Set by staff: a blocked client's sessions ended then, and sign-in is refused until unblocked. */
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('clients_email_lower_idx').on(sql`lower(${table.email})`),
    check('clients_personal_discount_check', sql`${table.personalDiscount} between 0 and 10000`),
    check('clients_inn_check', sql`${table.inn} ~ '^[0-9]{10}([0-9]{2})?$'`),
  ],
);

/** A signed-in session: the bearer token is never stored, only its SHA-256. */
export const clientSessions = pgTable(
  'client_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('client_sessions_client_id_idx').on(table.clientId)],
);

/** A single-use password reset link; like session tokens, only the hash is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('password_resets_client_id_idx').on(table.clientId)],
);

export const deliveryAddresses = pgTable(
  'delivery_addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('delivery_addresses_client_id_idx').on(table.clientId)],
);

/* Baskets (issue: basket). */

/**
 * An anonymous basket has no client; a client has at most one basket of their own. The key is a random secret
 * that the client stores beside basket_id; it is kept as issued because the contract hands a client's own key back
 * at login on any device.
 */
export const baskets = pgTable(
  'baskets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    clientId: integer('client_id')
      .unique()
      .references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('baskets_updated_at_idx').on(table.updatedAt)],
);

/** One line per offer; the price seen when it was added tells the client when the offer's price moved since. */
export const basketItems = pgTable(
  'basket_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    basketId: integer('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    offerId: bigint('offer_id', { mode: 'number' })
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    priceSeen: numeric('price_seen', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('basket_items_basket_offer_idx').on(table.basketId, table.offerId),
    index('basket_items_offer_id_idx').on(table.offerId),
    check('basket_items_quantity_check', sql`${table.quantity} >= 1`),
  ],
);

/* Orders and bills (issues: orders, bills). */

/** Order and line statuses of contract-decisions.md section 6; the Russian names live in the contract. */
const orderStatusCheck = (column: AnyPgColumn) =>
  sql`${column} in ('new', 'in_work', 'ordered', 'in_transit', 'ready', 'issued', 'canceled')`;

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
    /** The delivery method as it was when ordered: settings may change later. */
    deliveryMethodId: integer('delivery_method_id').notNull(),
    deliveryMethodName: text('delivery_method_name').notNull(),
    deliveryMethodDescription: text('delivery_method_description').notNull().default(''),
    deliveryPrice: numeric('delivery_price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    deliveryAddress: text('delivery_address'),
    desiredDate: text('desired_date'),
    desiredTime: text('desired_time'),
    comment: text('comment'),
    /** Lines plus delivery. */
    totalPrice: numeric('total_price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
    countPosition: integer('count_position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_client_submission_idx').on(table.clientId, table.submissionKey),
    index('orders_client_created_idx').on(table.clientId, table.createdAt.desc(), table.id.desc()),
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
  },
  (table) => [
    index('order_items_order_id_idx').on(table.orderId),
    index('order_items_status_idx').on(table.status),
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
    /** Why it was issued: `issued` (checkout), `line_canceled`, or `frozen` (a bill from before revisions). */
    reason: text('reason').notNull(),
    document: jsonb('document').notNull(),
  },
  (table) => [
    uniqueIndex('bill_revisions_bill_revision_idx').on(table.billId, table.revision),
    check('bill_revisions_revision_check', sql`${table.revision} >= 0`),
    check('bill_revisions_reason_check', sql`${table.reason} in ('issued', 'line_canceled', 'frozen')`),
  ],
);

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

/* Back office: staff accounts, their sessions and set-password links, and the audit log (issue 14; the staff
 * module owns these tables). */

export const staffRoleCheck = (column: AnyPgColumn) => sql`${column} in ('owner', 'manager', 'content_editor')`;

/** A staff member of the shop; not a client: own table, own sessions, own cookie. */
export const staff = pgTable(
  'staff',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** scrypt, as the clients' (shared/password.ts); null until the invitation's link is used. */
    passwordHash: text('password_hash'),
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_email_lower_idx').on(sql`lower(${table.email})`),
    check('staff_role_check', staffRoleCheck(table.role)),
  ],
);

/** A staff session: the cookie's secret is never stored, only its SHA-256. Ends after 8 hours without a request. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Moved forward as the session is used; the session is dead 8 hours after it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('staff_sessions_staff_id_idx').on(table.staffId)],
);

/** A single-use link that sets a staff member's password (an invitation, or `staff-create --link`). */
export const staffPasswordLinks = pgTable(
  'staff_password_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('staff_password_links_staff_id_idx').on(table.staffId)],
);

/**
 * The first owner's setup links (issue 26): while no staff member exists, each start of an instance makes one,
 * prints it once and keeps only its SHA-256. The unique index on the used row admits one used link ever: two
 * owners setting up at once through two instances' links, one wins, the other's transaction fails on it.
 */
export const staffSetupLinks = pgTable(
  'staff_setup_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('staff_setup_links_one_used_idx')
      .on(sql`(${table.usedAt} is not null)`)
      .where(sql`${table.usedAt} is not null`),
  ],
);

/**
 * Every staff write, written in the transaction of the write: who (null from the command line), when, what
 * (action, entity, its id) and the values before and after (never a password or a hash). Append-only: a
 * trigger (migration) refuses UPDATE, DELETE and TRUNCATE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    staffId: integer('staff_id').references(() => staff.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('audit_log_staff_created_idx').on(table.staffId, table.createdAt.desc()),
    index('audit_log_entity_created_idx').on(table.entity, table.createdAt.desc()),
  ],
);

/* Shared rate-limit counters (http/rate-limit.ts), used when the shop runs on PostgreSQL without Redis. */

/** One fixed window per key: the count of hits since the window opened, and when it ends. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('rate_limits_reset_at_idx').on(table.resetAt)],
);

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
    check('notifications_kind_check', sql.raw(`kind in (${NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(', ')})`)),
  ],
);

/* Supplier imports (issue 15): the history of every price-list and cross-reference import, by the command line,
 * an upload in the back office or a schedule; owned by modules/suppliers. */

export const IMPORT_KINDS = ['price_list', 'cross_references'] as const;
export const IMPORT_SOURCES = ['cli', 'upload', 'schedule'] as const;
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled', 'awaiting_confirmation'] as const;

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

/**
 * One import: queued (an upload waiting for the job), running (its progress written as it reads), then done,
 * failed or cancelled. `owner` names the process running it (pid@host); a running import whose process is gone
 * is marked failed at the next start (modules/suppliers/import-jobs.ts).
 */
export const supplierImports = pgTable(
  'supplier_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Null for cross-references, which belong to no supplier. */
    supplierId: integer('supplier_id').references(() => suppliers.id),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    status: text('status').notNull(),
    fileName: text('file_name').notNull(),
    /** The stored upload (deleted after the import); null for a CLI import of the operator's own file. */
    filePath: text('file_path'),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsLoaded: integer('rows_loaded'),
    rowsRefused: integer('rows_refused').notNull().default(0),
    /** The profile (or flags) the import ran with, as read. */
    settings: jsonb('settings'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    /** Asked to stop (by staff): the runner aborts at its next look, the transaction rolls back. */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true, mode: 'date' }),
    owner: text('owner'),
    error: text('error'),
    reportPath: text('report_path'),
    staffId: integer('staff_id').references(() => staff.id),
    /**
     * The list would remove most of the supplier's offers: what it would have done (offers, removed, loaded),
     * written when the import stopped to ask (status awaiting_confirmation).
     */
    removal: jsonb('removal'),
    /** Staff confirmed that removal: the import runs again without the guard. */
    removalConfirmed: boolean('removal_confirmed').notNull().default(false),
  },
  (table) => [
    index('supplier_imports_supplier_idx').on(table.supplierId, table.id.desc()),
    index('supplier_imports_kind_idx').on(table.kind, table.id.desc()),
    index('supplier_imports_open_idx')
      .on(table.status)
      .where(sql`${table.status} in ('queued', 'running')`),
    check('supplier_imports_kind_check', inList('kind', IMPORT_KINDS)),
    check('supplier_imports_source_check', inList('source', IMPORT_SOURCES)),
    check('supplier_imports_status_check', inList('status', IMPORT_STATUSES)),
  ],
);

/* Automatic price-list updates (issue 15 point 3), owned by modules/supplier-sources (decision 0025). */

/** The supplier's offers while its list is stale: hidden from search and sale, or shown with a warning. */
export const STALE_POLICIES = ['hide', 'warn'] as const;

/**
 * Where a supplier's price list is fetched from, when, and how the last fetches went: one row per supplier that
 * has a source. `next_fetch_at` is when the scheduler takes it next (the schedule's next time, or a retry's);
 * `fetching_until` is the lease of the fetch running now (two instances never fetch one supplier at once; a
 * crashed fetch's lease runs out). `stale_since` is set by the scheduler's tick when the last successful import
 * is older than `max_age_days`, so that search reads a tiny table instead of computing ages per offer.
 */
export const supplierSources = pgTable(
  'supplier_sources',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .unique()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    authUser: text('auth_user'),
    /** Basic authentication's password: never returned by the API nor written to the audit log or the logs. */
    authPassword: text('auth_password'),
    /** Every N hours, or at the set times of day (`times`, 'HH:MM' in the shop's time zone): exactly one is set. */
    everyHours: integer('every_hours'),
    times: text('times').array(),
    /** The import options of today's CLI flags (delimiter, encoding, columns, default delivery), or {}. */
    importOptions: jsonb('import_options').notNull().default({}),
    stalePolicy: text('stale_policy').notNull().default('warn'),
    /** Days a list stays fresh after its last successful import; null: never stale. */
    maxAgeDays: integer('max_age_days'),
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** SHA-256 (hex) of the last file fetched whole. */
    contentHash: text('content_hash'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true, mode: 'date' }),
    lastChangedAt: timestamp('last_changed_at', { withTimezone: true, mode: 'date' }),
    lastSuccessfulImportAt: timestamp('last_successful_import_at', { withTimezone: true, mode: 'date' }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    nextFetchAt: timestamp('next_fetch_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fetchingUntil: timestamp('fetching_until', { withTimezone: true, mode: 'date' }),
    staleSince: timestamp('stale_since', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('supplier_sources_next_fetch_idx').on(table.nextFetchAt),
    check(
      'supplier_sources_schedule_check',
      sql`(${table.everyHours} is null) <> (${table.times} is null) and coalesce(${table.everyHours}, 1) between 1 and 720`,
    ),
    check('supplier_sources_stale_policy_check', sql`${table.stalePolicy} in ('hide', 'warn')`),
    check('supplier_sources_max_age_days_check', sql`${table.maxAgeDays} between 1 and 365`),
    check('supplier_sources_url_check', sql`${table.url} ~ '^https?://'`),
  ],
);

/** One fetch of a supplier's source: what came back and what the import did with it. */
export const supplierFetches = pgTable(
  'supplier_fetches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** 'schedule' (the scheduler, retries included) or 'manual' («Загрузить сейчас»). */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
    outcome: text('outcome').notNull(),
    httpStatus: integer('http_status'),
    bytes: bigint('bytes', { mode: 'number' }),
    rowsLoaded: integer('rows_loaded'),
    rowsRefused: integer('rows_refused'),
    /** Why it failed, in Russian, for the staff to read. */
    error: text('error'),
  },
  (table) => [
    index('supplier_fetches_supplier_idx').on(table.supplierId, table.startedAt),
    check('supplier_fetches_outcome_check', sql`${table.outcome} in ('imported', 'not_modified', 'failed')`),
    check('supplier_fetches_trigger_check', sql`${table.trigger} in ('schedule', 'manual')`),
  ],
);

/**
 * A signed-in client's last searches (search module, decision 0030): one row per normalized article, the newest
 * search of it; at most SEARCH_HISTORY_LIMIT rows per client, trimmed in the transaction that writes one.
 */
export const searchHistory = pgTable(
  'search_history',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    articleNormalized: text('article_normalized').notNull(),
    /** As typed, trimmed. */
    article: text('article').notNull(),
    /** The brand searched with, as typed; null for a search by article alone. */
    brandName: text('brand_name'),
    searchedAt: timestamp('searched_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'search_history_pkey', columns: [table.clientId, table.articleNormalized] }),
    index('search_history_client_searched_idx').on(table.clientId, table.searchedAt.desc()),
  ],
);

/**
 * The embedded database's job queue (jobs/embedded-store.ts, decision 0043); PostgreSQL runs pg-boss, in its own
 * schema. A job is open while `created` (waiting, `start_after`), `retry` (after a failure) or `active` (taken,
 * until `started_at` + `lease_seconds`); it ends `completed`, `failed` or `cancelled`.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    state: text('state').notNull().default('created'),
    singletonKey: text('singleton_key'),
    retryCount: integer('retry_count').notNull().default(0),
    retryLimit: integer('retry_limit').notNull(),
    retryDelaySeconds: integer('retry_delay_seconds').notNull(),
    retryBackoff: boolean('retry_backoff').notNull(),
    leaseSeconds: integer('lease_seconds').notNull(),
    startAfter: timestamp('start_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('background_jobs_open_idx')
      .on(table.name, table.startAfter)
      .where(sql`${table.state} in ('created', 'retry', 'active')`),
    uniqueIndex('background_jobs_singleton_idx')
      .on(table.name, table.singletonKey)
      .where(sql`${table.state} in ('created', 'retry', 'active')`),
    check(
      'background_jobs_state_check',
      sql`${table.state} in ('created', 'retry', 'active', 'completed', 'failed', 'cancelled')`,
    ),
  ],
);
