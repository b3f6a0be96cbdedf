import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientGroups } from './pricing.ts';

/* Clients and their sessions (issue: clients). */

/**
 * What the counter finds a client by (issue 30): names, company, INN, e-mail whole and in its parts, the phone's
 * ten national digits and its last four. One expression for the GIN index and the query (clients' admin-queries),
 * so that the planner matches them; 'simple' keeps words as typed, lowercased, without a language's stemming.
 */
export const clientSearchDocument = sql`to_tsvector('simple'::regconfig,
  last_name || ' ' || first_name || ' ' || coalesce(middle_name, '') || ' ' || coalesce(company_name, '') || ' '
  || coalesce(inn, '') || ' ' || email || ' ' || translate(email, '@.-_', '    ') || ' '
  || right(regexp_replace(phone_number, '[^0-9]', '', 'g'), 10) || ' ' || right(phone_number, 4))`;

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
    index('clients_search_idx').using('gin', clientSearchDocument),
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
