import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
