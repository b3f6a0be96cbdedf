/** Business and UI constants fixed by the spec (sections 2, 7 and 9); server and web read them from here. */

export const TOKEN_COOKIE_NAME = 'token';
export const TOKEN_COOKIE_PATH = '/';
/** Lifetime of the token cookie when "remember me" asks for an expiry (24 h); otherwise a session cookie. */
export const TOKEN_COOKIE_MAX_AGE_SECONDS = 86_400;
/** The fixed 7-digit bearer the web sends when it holds no token; the server reads it as "anonymous". */
export const PLACEHOLDER_BEARER = '0000000';

export const LOADING_TICK_MS = 100;
export const NOTIFICATION_DURATION_MS = 4000;
export const BASKET_QUANTITY_STEP = 1;

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';
export const DEFAULT_LAYOUT = 'default';

/** UI breakpoints in px. */
export const BREAKPOINTS = { xs: 0, sm: 320, md: 768, lg: 1440, xl: 1440, xxl: 1440 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;
export const MOBILE_BREAKPOINT: Breakpoint = 'sm';

export const ERROR_PAGE_TITLES = { notFound: 'Page Not Found', other: 'Internal Server Error' } as const;

export const API_PREFIX = '/api/v1/';
export const SHOP_API_PREFIX = '/api/v1/shop/';
export const TECH_API_PREFIX = '/api/tech/';
export const ADMIN_API_PREFIX = '/api/v1/admin/';

export const BASKET_NOT_FOUND_MESSAGE = 'Корзина не найдена';

export const PER_PAGE_MAX = 100;

export const SEARCH_SORTS = ['price', 'delivery'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Lines one request may search: a workshop's order is tens of parts; more is a price list, not an order. */
export const LIST_SEARCH_MAX_LINES = 200;
/** An uploaded list's size: 200 lines of CSV are a few kilobytes; a small XLSX is tens of them. */
export const LIST_SEARCH_FILE_MAX_BYTES = 512 * 1024;
/** Suggestions while typing (products-suggest, decision 0030): fewer normalized characters suggest nothing. */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 10;
/** Searches kept in a history, on the server for a signed-in client and in the browser for a visitor. */
export const SEARCH_HISTORY_LIMIT = 50;

/** The counter's client search lists at most this many (issue 30); more words narrow it. */
export const COUNTER_SEARCH_LIMIT = 20;

/** The printed УКД's file name (issue 30): the server's download and the browser's saved file agree on it. */
export const correctionPdfFileName = (correctionId: number) => `ukd-${correctionId}.pdf`;
