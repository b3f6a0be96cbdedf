import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';

const scriptNonces = new WeakMap<ServerResponse, string>();

/**
 * The headers helmet's defaults send, minus the CSP; the same on every response, so built once. The referrer
 * policy is `same-origin` rather than helmet's `no-referrer`: other sites still learn nothing of the page a link
 * was on, while the shop's own form posts carry their Origin, which React Router's actions check against
 * cross-site requests (under `no-referrer` a form sent without scripts says `Origin: null` and is refused).
 */
const STATIC_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
} as const;

const CSP_HEADER = 'content-security-policy';

/**
 * What a hashed asset (a script, a stylesheet, an icon under /assets/) gets: the two headers that act on a
 * subresource. The page's policies (CSP, framing, HSTS, referrer…) do nothing on a script file, and a first load
 * fetches some thirty assets, so they would add about 25 KB to it (issue 17's budget).
 */
const ASSET_HEADERS = {
  'cross-origin-resource-policy': STATIC_HEADERS['cross-origin-resource-policy'],
  'x-content-type-options': STATIC_HEADERS['x-content-type-options'],
} as const;
const ASSETS_PREFIX = '/assets/';

/** The Content-Security-Policy text, with this response's nonce among the script sources when it has one. */
function contentSecurityPolicy(techOrigin: string | null): (nonce: string | null) => string {
  const directives = (scriptSrc: string) =>
    [
      "default-src 'self'",
      "base-uri 'self'",
      "font-src 'self' data:",
      "form-action 'self'",
      "frame-ancestors 'self'",
      "img-src 'self' data: https:",
      "object-src 'none'",
      `script-src ${scriptSrc}`,
      "script-src-attr 'none'",
      "style-src 'self' 'unsafe-inline'",
      // The web calls an external technical catalogue from the browser when TECH_CATALOG_URL points to one.
      techOrigin ? `connect-src 'self' ${techOrigin}` : "connect-src 'self'",
    ].join(';');
  const withoutNonce = directives("'self'");
  return (nonce) => (nonce === null ? withoutNonce : directives(`'self' 'nonce-${nonce}'`));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Content-Security-Policy text, with or without a script nonce. */
    contentSecurityPolicy: (nonce: string | null) => string;
  }
}

/**
 * The per-response nonce that the Content-Security-Policy allows for inline scripts; asking for it puts it in
 * this response's policy. The server render passes it to React Router (`<Scripts nonce>`,
 * `<ScrollRestoration nonce>`, `renderToPipeableStream({ nonce })`) so that its hydration scripts run and no
 * injected one does. Other responses (the API's JSON, assets) carry the policy without a nonce: no inline
 * script at all.
 */
export function cspNonce(reply: FastifyReply): string {
  let nonce = scriptNonces.get(reply.raw);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    scriptNonces.set(reply.raw, nonce);
    reply.header(CSP_HEADER, reply.server.contentSecurityPolicy(nonce));
  }
  return nonce;
}

/**
 * Security headers (helmet's defaults, written by hand so that they are built once rather than on every
 * response) and CORS.
 *
 * CSP: scripts only from our origin, or inline with the nonce of the page being rendered. A nonce rather than
 * 'unsafe-inline' because the shop renders HTML that comes from the database (pages, news); should sanitizing
 * ever miss a script, the browser still refuses to run it. Styles keep 'unsafe-inline': Mantine writes its CSS
 * variables into inline style elements and style attributes, which a nonce cannot cover (attributes carry no
 * nonce), and injected CSS cannot run code. No upgrade-insecure-requests: a shop on plain HTTP inside a LAN
 * would lose its assets; HTTPS belongs to the proxy in front, which HSTS then pins.
 *
 * CORS stays closed (no Access-Control-* headers at all) unless CORS_ORIGINS lists origins.
 */
export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const techOrigin = config.techCatalogUrl ? new URL(config.techCatalogUrl).origin : null;
  const policy = contentSecurityPolicy(techOrigin);
  app.decorate('contentSecurityPolicy', policy);
  const headers = { ...STATIC_HEADERS, [CSP_HEADER]: policy(null) };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(ASSETS_PREFIX) ? ASSET_HEADERS : headers);
    done();
  });

  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Accept', 'Content-Type', 'Authorization', 'X-Visited-Domain', 'X-Visited-Url', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Content-Disposition'],
  });
}
