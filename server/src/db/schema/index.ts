/*
 * The database schema, one file per domain (decision 0044); everything is imported from here. A domain's file
 * imports only the tables its foreign keys name, never the other way round (staff, catalog and pricing name none).
 *
 * Conventions: money is numeric(12,2) read and written as strings ('1234.50'), never a JS float; articles are
 * kept twice, as written by the supplier (`article`) and in the searchable form of normalizeArticle()
 * (`article_normalized`); a part is identified by (brand_id, article_normalized), not by an offer row, because a
 * price-list import replaces a supplier's offer rows.
 */

export * from './catalog.ts';
export * from './suppliers.ts';
export * from './supplier-sources.ts';
export * from './purchasing-channels.ts';
export * from './content.ts';
export * from './settings.ts';
export * from './pricing.ts';
export * from './clients.ts';
export * from './payers.ts';
export * from './basket.ts';
export * from './orders.ts';
export * from './purchasing.ts';
export * from './bills.ts';
export * from './payments.ts';
export * from './staff.ts';
export * from './rate-limits.ts';
export * from './notifications.ts';
export * from './search.ts';
export * from './jobs.ts';
export * from './shipments.ts';
export * from './ledger.ts';
export * from './returns.ts';
export * from './return-rates.ts';
export * from './delivery-stats.ts';
