import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerClientError } from './error-handler.ts';

/**
 * How long a client may take to send a request's body (issue 34, decision 0037). Node's own request timeout is
 * one value for the whole server, so it is set to the longest, UPLOAD_TIMEOUT_MS (app.ts), and this hook holds
 * every other request to REQUEST_TIMEOUT_MS: a body not received that long after its headers (which Node's
 * headersTimeout bounds) is answered 408 and its connection closed, as Node does. An upload route, once the
 * caller is known to be staff allowed to upload, lifts that deadline (allowSlowUpload): it then has until
 * UPLOAD_TIMEOUT_MS, as long as it is never silent for REQUEST_TIMEOUT_MS.
 */

const deadlines = new WeakMap<IncomingMessage, NodeJS.Timeout>();

const timeoutError = () => Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });

/** The same 408 and closed connection as Node's request timeout; no 408 once this request's answer has begun. */
function timeOut(raw: IncomingMessage, reply: FastifyReply): void {
  if (raw.complete || raw.socket.destroyed) return;
  answerClientError(timeoutError(), raw.socket, !reply.raw.headersSent);
}

/** A request whose body is still to come (an injected test request has no `complete` and is left alone). */
const bodyPending = (raw: IncomingMessage) =>
  raw.complete === false &&
  (raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0);

export function registerRequestDeadline(app: FastifyInstance, { requestTimeoutMs }: { requestTimeoutMs: number }) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (bodyPending(raw)) {
      const timer = setTimeout(() => timeOut(raw, reply), requestTimeoutMs);
      timer.unref();
      deadlines.set(raw, timer);
      // Received whole (read by the route, or drained after an early answer), or the connection gone.
      const clear = () => clearTimeout(timer);
      raw.once('end', clear);
      raw.once('close', clear);
    }
    done();
  });
}

/**
 * An upload route's body (the caller checked): no REQUEST_TIMEOUT_MS deadline, closed instead after `idleMs` with
 * no byte received; Node's request timeout (UPLOAD_TIMEOUT_MS) bounds the whole.
 */
export function allowSlowUpload(request: FastifyRequest, reply: FastifyReply, idleMs: number): void {
  const raw = request.raw;
  const timer = deadlines.get(raw);
  if (timer === undefined) return;
  clearTimeout(timer);
  deadlines.delete(raw);
  raw.setTimeout(idleMs, () => timeOut(raw, reply));
  // Once the body is in, a slow answer is no silence of the client's.
  raw.once('end', () => raw.socket.setTimeout(request.server.server.timeout));
}
