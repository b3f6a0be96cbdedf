/**
 * What the browser may import at run time: constants, formatting, money arithmetic, the delivery calendar and the
 * form rules, none of which loads zod (issue 17: no validation library in the storefront's bundle). Types come
 * from the package's main entry as ever; eslint keeps web pages' value imports here (decision 0031).
 */
export * from './article.ts';
export * from './constants.ts';
export * from './delivery-calendar.ts';
export * from './format.ts';
export * from './ledger-labels.ts';
export * from './money.ts';
export * from './order-form.ts';
export * from './order-status.ts';
export * from './phone.ts';
export * from './reconciliation.ts';
export * from './requisites.ts';
export * from './returns-labels.ts';
export * from './rules.ts';
export * from './site-path.ts';
