import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';

const scriptNonces = new WeakMap<ServerResponse, string>();

function nonceFor(response: ServerResponse): string {
  let nonce = scriptNonces.get(response);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    scriptNonces.set(response, nonce);
  }
  return nonce;
}

/**
 * The per-response nonce that the Content-Security-Policy allows for inline scripts. The server render passes
 * it to React Router (`<Scripts nonce>`, `<ScrollRestoration nonce>`, `renderToPipeableStream({ nonce })`) so
 * that its hydration scripts run and no injected one does.
 */
export const cspNonce = (reply: FastifyReply): string => nonceFor(reply.raw);

/**
 * Security headers (helmet) and CORS.
 *
 * CSP: scripts only from our origin or inline with this response's nonce. A nonce rather than 'unsafe-inline'
 * because the shop renders HTML that comes from the database (pages, news); should sanitizing ever miss a
 * script, the browser still refuses to run it. Styles keep 'unsafe-inline': Mantine writes its CSS variables
 * into inline style elements and style attributes, which a nonce cannot cover (attributes carry no nonce), and
 * injected CSS cannot run code. No upgrade-insecure-requests: a shop on plain HTTP inside a LAN would lose its
 * assets; HTTPS belongs to the proxy in front, which HSTS then pins.
 *
 * CORS stays closed (no Access-Control-* headers at all) unless CORS_ORIGINS lists origins.
 */
export async function registerSecurity(app: FastifyInstance, config: AppConfig) {
  const techOrigin = config.techCatalogUrl ? new URL(config.techCatalogUrl).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", (_request, response) => `'nonce-${nonceFor(response)}'`],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // The web calls an external technical catalogue from the browser when TECH_CATALOG_URL points to one.
        connectSrc: techOrigin ? ["'self'", techOrigin] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });

  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Accept', 'Content-Type', 'Authorization', 'X-Visited-Domain', 'X-Visited-Url', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Content-Disposition'],
  });
}
