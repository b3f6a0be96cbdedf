import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { payloadTooLarge } from '../http/errors.ts';
import { cspNonce } from '../plugins/security.ts';
import { createApiFetch, type ApiFetch } from './api-fetch.ts';
import { abortOnDisconnect, sendWebResponse, toWebRequest } from './web-request.ts';

/**
 * What the server render gets as React Router's `context` in loaders, actions and entry.server's
 * handleRequest (its fifth argument).
 */
export type WebLoadContext = {
  /** Answers the web's calls to this server's /api/ in process (see api-fetch.ts). */
  apiFetch: ApiFetch;
  /** This response's Content-Security-Policy nonce: every inline script the render emits must carry it. */
  cspNonce: string;
  /** Logs a server render failure with the page request's id (for entry.server's handleError). */
  logError: (error: unknown) => void;
  /** The technical catalogue's key, for loaders' tech: calls (never sent to a browser). */
  techCatalogKey: string;
};

export interface WebAppOptions {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  /** The build's client folder (static files); null serves none. */
  clientDir: string | null;
  /** React Router's server mode; 'production' hides error details from visitors. */
  mode: string;
  bodyLimit: number;
  techCatalogKey: string;
}

/** Methods handed to React Router: documents and data (GET, HEAD) and route actions (the rest). */
const WEB_METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Vite names built assets by content hash, so a file there never changes: browsers may keep it for good. */
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Other public files (favicon, robots.txt) keep their names across builds: check back each time (ETag). */
const REVALIDATE = 'public, max-age=0';

/** The response header that counts the render's in-process API calls. */
export const API_CALLS_HEADER = 'x-api-calls';

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** The server half of a React Router build in `buildDir`, or null when the web has not been built there. */
export async function loadWebBuild(buildDir: string): Promise<ServerBuild | null> {
  const entry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(entry)) return null;
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/**
 * Serves the web app: the build's static files, and every other non-API request rendered by React Router.
 * Unknown /api/ paths and missing hashed assets still get the contract's plain 404.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const { clientDir } = options;
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // One route per file found at start instead of a catch-all, which belongs to React Router below.
      wildcard: false,
      index: false,
      // send's own Cache-Control would overwrite ours, so it is off and every file gets one here.
      cacheControl: false,
      // The build writes .br and .gz beside each asset (web/scripts/precompress.mjs): sent as they are, never
      // compressed again per request.
      preCompressed: true,
      setHeaders: (response, filePath) => {
        const relative = path.relative(clientDir, filePath).split(path.sep).join('/');
        response.setHeader('cache-control', `/${relative}`.startsWith(ASSETS_PREFIX) ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  const handleRequest = createRequestHandler(options.build, options.mode);

  // A scope of its own: React Router reads form and JSON bodies itself, so no parser may consume them here,
  // while the API keeps its JSON-only parsing (415 for anything else).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: WEB_METHODS,
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (isApiPath(request.url) || request.url.startsWith(ASSETS_PREFIX)) return reply.callNotFound();
        const inProcess = createApiFetch(app, { ip: request.ip, requestId: request.id });
        let apiCalls = 0;
        const loadContext: WebLoadContext = {
          apiFetch: (apiRequest) => {
            apiCalls += 1;
            return inProcess(apiRequest);
          },
          cspNonce: cspNonce(reply),
          logError: (error) => request.log.error({ err: error }, 'server render failed'),
          techCatalogKey: options.techCatalogKey,
        };
        const web = toWebRequest(request, { bodyLimit: options.bodyLimit, signal: abortOnDisconnect(reply) });
        const response = await handleRequest(web.request, loadContext satisfies AppLoadContext);
        if (web.bodyTooLarge()) {
          await response.body?.cancel();
          throw payloadTooLarge();
        }
        // How many API calls the render made in process: what a page or a write costs the server, measured by
        // the e2e journeys (the back office's writes, decision 0046).
        reply.header(API_CALLS_HEADER, String(apiCalls));
        return sendWebResponse(reply, response);
      },
    });
  });
}
