import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { payloadTooLarge } from '../http/errors.ts';

/**
 * The request body as a Web stream that errors once more than `bodyLimit` bytes arrived. The rest is then
 * read and dropped rather than the connection torn down, so the visitor still gets the 413. Chunks are queued
 * as they come: the limit bounds the memory that takes.
 */
function limitedBody(source: IncomingMessage, bodyLimit: number, onExceeded: () => void): ReadableStream<Uint8Array> {
  let received = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onData = (chunk: Buffer) => {
        received += chunk.length;
        if (received <= bodyLimit) {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          return;
        }
        source.off('data', onData);
        source.resume();
        onExceeded();
        controller.error(payloadTooLarge());
      };
      source.on('data', onData);
      source.once('end', () => {
        if (received <= bodyLimit) controller.close();
      });
      source.once('error', (error) => controller.error(error));
    },
  });
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // HTTP/2 pseudo-headers (':path') are no header a Request may carry.
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

export interface WebRequestOptions {
  bodyLimit: number;
  /** Aborted when the visitor goes away, so that React Router stops rendering for nobody. */
  signal?: AbortSignal;
}

export interface WebRequest {
  request: Request;
  /** True once the body passed the limit: whatever React Router answered, the visitor gets a 413. */
  bodyTooLarge(): boolean;
}

/**
 * The Web `Request` React Router expects, made from a Fastify request whose body has not been read (the body
 * streams through). The URL uses Fastify's protocol and host, which honour X-Forwarded-Proto/Host when
 * TRUST_PROXY allows: React Router compares it with the Origin of form posts.
 */
export function toWebRequest(request: FastifyRequest, options: WebRequestOptions): WebRequest {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: headersOf(request),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  let tooLarge = false;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    const declaredLength = Number(request.headers['content-length']);
    if (declaredLength > options.bodyLimit) throw payloadTooLarge();
    init.body = limitedBody(request.raw, options.bodyLimit, () => {
      tooLarge = true;
    });
    // Node's fetch requires this for a streamed request body.
    init.duplex = 'half';
  }
  return { request: new Request(url, init), bodyTooLarge: () => tooLarge };
}

/** An AbortSignal that fires when the connection closes before the response was sent. */
export function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Sends a Web `Response` through Fastify: status, every header (each Set-Cookie on its own), streamed body. */
export function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>));
}
