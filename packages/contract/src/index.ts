import { z } from 'zod';

// zod's default messages in Russian for every importer (server 422 bodies, web forms); the contract's own
// schemas override the ones a client would find unclear. zod keeps this in one shared module-level config.
z.config(z.locales.ru());

export * from './admin-clients.ts';
export * from './admin-content.ts';
export * from './admin-endpoints.ts';
export * from './admin-orders.ts';
export * from './admin-pricing.ts';
export * from './admin-settings.ts';
export * from './article.ts';
export * from './basket.ts';
export * from './bills.ts';
export * from './catalog.ts';
export * from './clients.ts';
export * from './constants.ts';
export * from './content.ts';
export * from './delivery-calendar.ts';
export * from './endpoint.ts';
export * from './endpoints.ts';
export * from './envelope.ts';
export * from './fields.ts';
export * from './list-search.ts';
export * from './format.ts';
export * from './money.ts';
export * from './offer.ts';
export * from './orders.ts';
export * from './payers.ts';
export * from './payments.ts';
export * from './requisites.ts';
export * from './rules.ts';
export * from './search.ts';
export * from './site-path.ts';
export * from './staff.ts';
export * from './suppliers.ts';
export * from './admin-catalog.ts';
export * from './supplier-sources.ts';
export * from './purchasing-channels.ts';
export * from './delivery-calendar-schemas.ts';
export * from './money-schema.ts';
export * from './order-form.ts';
export * from './order-status.ts';
export * from './phone.ts';
export * from './shipments.ts';
export * from './ledger.ts';
export * from './purchasing.ts';
export * from './purchasing-links.ts';
