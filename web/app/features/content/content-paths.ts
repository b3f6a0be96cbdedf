/** Addresses of the content pages, and the home page's recommendation block. */

/** Block 1 of website-products-recommend-preview is the home page's (contract-decisions.md section 8). */
export const HOME_RECOMMENDATION_BLOCK = '1';
