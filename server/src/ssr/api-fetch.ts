import type { FastifyInstance, InjectOptions } from 'fastify';
import { REQUEST_ID_HEADER } from '../plugins/logging.ts';

/** A `fetch` for the web's server render: the shop's own /api/ calls never leave the process. */
export type ApiFetch = (request: Request) => Promise<Response>;

/** The visitor whose page is being rendered: API calls made for them count as theirs (logs, rate limits). */
export interface ApiCaller {
  ip: string;
  requestId: string;
}

const bodilessStatuses = new Set([204, 205, 304]);

const isOwnApi = (url: URL) => url.pathname === '/api' || url.pathname.startsWith('/api/');

/**
 * Answers the web's server-side API calls through `app.inject`: method, path and query, headers and body
 * go in as they are, and the reply comes back as a Web `Response`. Only the path of the URL matters, so the
 * web may build it on any origin. A call elsewhere (an external technical catalogue) goes out with `fetch`.
 */
export function createApiFetch(app: FastifyInstance, caller: ApiCaller): ApiFetch {
  return async (request) => {
    const url = new URL(request.url);
    if (!isOwnApi(url)) return fetch(request);

    const headers: Record<string, string> = Object.fromEntries(request.headers);
    headers[REQUEST_ID_HEADER] ??= caller.requestId;
    // The render reads the answer's bytes as they are: an encoded body would reach it undecoded.
    delete headers['accept-encoding'];
    const options: InjectOptions = {
      method: request.method as InjectOptions['method'],
      url: url.pathname + url.search,
      headers,
      remoteAddress: caller.ip,
    };
    if (request.body) options.payload = Buffer.from(await request.arrayBuffer());
    const reply = await app.inject(options);

    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
      else responseHeaders.set(name, String(value));
    }
    const hasBody = request.method !== 'HEAD' && !bodilessStatuses.has(reply.statusCode);
    return new Response(hasBody ? reply.rawPayload : null, {
      status: reply.statusCode,
      statusText: reply.statusMessage,
      headers: responseHeaders,
    });
  };
}
