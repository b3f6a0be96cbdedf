import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';

/*
 * Payers (issue 30, decision 0052): the companies (юридическое лицо) and sole traders (ИП) a client buys for, with
 * the requisites a bill and a УПД print. Checked by the contract's requisites.ts before they get here; the checks
 * below only hold the shapes. A payer an order names is never rewritten: an edit makes a new row (`replaces_id`
 * the old one, which is archived), so `orders.payer_id` always points at the requisites the order was placed with.
 */
/** What the counter finds a payer's client by (issue 30): the payer's names and INN; see clientSearchDocument. */
export const payerSearchDocument = sql`to_tsvector('simple'::regconfig, short_name || ' ' || full_name || ' ' || inn)`;

export const payers = pgTable(
  'payers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** 'legal_entity' (юридическое лицо) or 'sole_trader' (ИП). */
    kind: text('kind').notNull(),
    fullName: text('full_name').notNull(),
    shortName: text('short_name').notNull(),
    /** 10 digits for a company, 12 for a sole trader. */
    inn: text('inn').notNull(),
    /** A company's KPP; null for a sole trader. */
    kpp: text('kpp'),
    /** OGRN (13 digits) of a company, OGRNIP (15) of a sole trader. */
    ogrn: text('ogrn').notNull(),
    legalAddress: text('legal_address').notNull(),
    bankName: text('bank_name').notNull(),
    bik: text('bik').notNull(),
    correspondentAccount: text('correspondent_account').notNull(),
    settlementAccount: text('settlement_account').notNull(),
    /** Checkout preselects it; at most one active default per client (index below). */
    isDefault: boolean('is_default').notNull().default(false),
    /** Archived: kept for the documents that name it, not offered at checkout, not editable. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** The version this row replaced when its requisites were corrected after an order named it. */
    replacesId: integer('replaces_id').references((): AnyPgColumn => payers.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('payers_client_idx').on(table.clientId, table.createdAt),
    index('payers_search_idx').using('gin', payerSearchDocument),
    uniqueIndex('payers_client_default_idx')
      .on(table.clientId)
      .where(sql`${table.isDefault} and ${table.archivedAt} is null`),
    check('payers_kind_check', sql`${table.kind} in ('legal_entity', 'sole_trader')`),
    check(
      'payers_numbers_check',
      sql`(${table.kind} = 'legal_entity' and ${table.inn} ~ '^[0-9]{10}$' and ${table.kpp} ~ '^[0-9]{4}[0-9A-Z]{2}[0-9]{3}$' and ${table.ogrn} ~ '^[0-9]{13}$')
        or (${table.kind} = 'sole_trader' and ${table.inn} ~ '^[0-9]{12}$' and ${table.kpp} is null and ${table.ogrn} ~ '^[0-9]{15}$')`,
    ),
    check(
      'payers_bank_check',
      sql`${table.bik} ~ '^04[0-9]{7}$' and ${table.correspondentAccount} ~ '^[0-9]{20}$' and ${table.settlementAccount} ~ '^[0-9]{20}$'`,
    ),
  ],
);
