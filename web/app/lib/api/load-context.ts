/**
 * What the production server passes to React Router as load context (server/src/ssr/web-app.ts). Every field is
 * optional: `react-router dev` passes none, and the web then falls back (HTTP to API_ORIGIN, no nonce, console).
 */
export type ApiFetch = (request: Request) => Promise<Response>;

declare module 'react-router' {
  interface AppLoadContext {
    /** Answers a Request to this shop's /api/ in process (no network hop, no port to know). */
    apiFetch?: ApiFetch;
    /** This response's Content-Security-Policy nonce, carried by every inline script the render emits. */
    cspNonce?: string;
    /** Logs a server render failure with the page request's id. */
    logError?: (error: unknown) => void;
    /** The technical catalogue's key (TECH_CATALOG_KEY or the one the server generated); loaders send it. */
    techCatalogKey?: string;
  }
}
