import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
