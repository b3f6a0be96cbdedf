/** Addresses of the content pages, and the home page's recommendation block. */

export const NEWS_PATH = '/news';
export const ARTICLES_PATH = '/articles';
export const CONTACTS_PATH = '/contacts';
export const RECOMMENDATIONS_PATH = '/recommendations';

/** Block 1 of website-products-recommend-preview is the home page's (contract-decisions.md section 8). */
export const HOME_RECOMMENDATION_BLOCK = '1';

export const newsPath = (slug: string): string => `${NEWS_PATH}/${encodeURIComponent(slug)}`;
export const articlePath = (slug: string): string => `${ARTICLES_PATH}/${encodeURIComponent(slug)}`;
