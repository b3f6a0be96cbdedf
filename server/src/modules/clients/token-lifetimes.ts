/** A session lives 24 h after it is issued (contract section 5), whatever "remember me" says. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** A password reset link works for 1 hour, once. */
export const RESET_TTL_MS = 60 * 60 * 1000;
