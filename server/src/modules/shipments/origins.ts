/**
 * Where each issued line's pieces came from (country of origin, ГТД): read from purchasing's goods receipts
 * (purchasing/line-origins.ts); a line no receipt fed has neither and the УПД prints «—» in columns 10–11.
 */
export { findLineOrigins, type LineOrigin } from '../purchasing/line-origins.ts';
