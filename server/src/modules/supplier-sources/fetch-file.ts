import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { Agent, fetch, type Response } from 'undici';
import { ADDRESS_NOT_ALLOWED_MESSAGE, OutboundAddressPolicy, type OutboundRules } from './outbound-address.ts';

/**
 * Downloads a supplier's price list to a file, streamed (memory stays flat whatever its size), hashing it on
 * the way. A conditional request: with the ETag and Last-Modified of the last fetch, an unchanged file is a 304
 * and nothing is downloaded. Every failure is a FetchFailure whose message the staff read, in Russian.
 *
 * Only the outside is reached (outbound-address.ts, decision 0037): every hop's host is checked, redirects are
 * followed here one by one (each checked again), and the connection goes to the very address that was checked.
 * A refused address gets one message and no status, size or timing: nothing is sent to it.
 */

/** Redirects followed at most. */
export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface FetchRequest {
  url: string;
  authUser: string | null;
  authPassword: string | null;
  etag: string | null;
  lastModified: string | null;
  /** Where the body goes. */
  file: string;
  timeoutMs: number;
  maxBytes: number;
  /** What may be reached besides the outside (SUPPLIER_SOURCES_ALLOWED_HOSTS), and the resolver. */
  outbound: OutboundRules;
}

export type FetchResult =
  | { kind: 'not_modified'; httpStatus: number }
  | {
      kind: 'file';
      httpStatus: number;
      bytes: number;
      /** SHA-256 of the body, hex. */
      hash: string;
      etag: string | null;
      lastModified: string | null;
    };

/** A fetch that brought no file, with the staff's words for why. */
export class FetchFailure extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'FetchFailure';
  }
}

function httpFailure(status: number): FetchFailure {
  if (status === 401 || status === 403) {
    return new FetchFailure(`Сервер поставщика отказал в доступе (HTTP ${status}): проверьте логин и пароль`, status);
  }
  if (status === 404 || status === 410) {
    return new FetchFailure(`Файл не найден по этому адресу (HTTP ${status})`, status);
  }
  if (status >= 500) return new FetchFailure(`Сервер поставщика ответил ошибкой (HTTP ${status})`, status);
  return new FetchFailure(`Сервер поставщика не отдал файл (HTTP ${status})`, status);
}

/** The first `code` along an error and its causes (undici wraps the socket's error). */
export function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

function networkFailure(error: unknown, host: string): FetchFailure {
  if (error instanceof FetchFailure) return error;
  const code = causeCode(error);
  if (code === 'ERR_ADDRESS_NOT_ALLOWED') return new FetchFailure(ADDRESS_NOT_ALLOWED_MESSAGE);
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new FetchFailure('Сервер поставщика не ответил вовремя');
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new FetchFailure(`Сервер ${host} не найден`);
  if (code === 'ECONNREFUSED') return new FetchFailure(`Сервер ${host} не принимает соединения`);
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return new FetchFailure(`Сервер ${host} оборвал соединение`);
  }
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) {
    return new FetchFailure(`Ошибка защищённого соединения с ${host} (${code})`);
  }
  return new FetchFailure(`Не удалось скачать файл с ${host}${code ? ` (${code})` : ''}`);
}

function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/**
 * GETs the URL and follows up to MAX_REDIRECTS redirects by hand, each hop's host checked before anything is sent
 * (an address literal here, a name as it is resolved for the connection). A redirect to another origin does not
 * carry the supplier's login and password there.
 */
async function getFollowingRedirects(
  hop: { url: URL },
  headers: Record<string, string>,
  policy: OutboundAddressPolicy,
  agent: Agent,
  signal: AbortSignal,
): Promise<Response> {
  let url = hop.url;
  const sent = { ...headers };
  for (let redirects = 0; ; redirects += 1) {
    policy.checkLiteralHost(url.hostname);
    const response = await fetch(url, { headers: sent, redirect: 'manual', signal, dispatcher: agent });
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return response;
    await response.body?.cancel();
    if (redirects === MAX_REDIRECTS) {
      throw new FetchFailure(`Слишком много перенаправлений (больше ${MAX_REDIRECTS})`, null);
    }
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new FetchFailure('Сервер поставщика перенаправил на неверный адрес', response.status);
    }
    if (next.protocol !== 'http:' && next.protocol !== 'https:') {
      throw new FetchFailure('Сервер поставщика перенаправил на адрес не по HTTP или HTTPS', response.status);
    }
    if (next.origin !== url.origin) delete sent.authorization;
    url = next;
    hop.url = next;
  }
}

export async function fetchToFile(request: FetchRequest): Promise<FetchResult> {
  /** The address being fetched: the source's, then each redirect's (failures name its host). */
  const hop = { url: new URL(request.url) };
  const headers: Record<string, string> = { 'user-agent': 'Detal price-list fetcher', accept: '*/*' };
  if (request.authUser !== null) {
    headers.authorization = basicAuthorization(request.authUser, request.authPassword ?? '');
  }
  if (request.etag) headers['if-none-match'] = request.etag;
  if (request.lastModified) headers['if-modified-since'] = request.lastModified;
  const policy = new OutboundAddressPolicy(request.outbound);
  // Its own connections, made through the checking lookup, closed when this fetch ends.
  const agent = new Agent({ connect: { lookup: policy.connectionLookup() } });
  try {
    const response = await getFollowingRedirects(hop, headers, policy, agent, AbortSignal.timeout(request.timeoutMs));
    if (response.status === 304) {
      await response.body?.cancel();
      return { kind: 'not_modified', httpStatus: 304 };
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw httpFailure(response.status);
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(declared) && declared > request.maxBytes) {
      await response.body.cancel();
      throw new FetchFailure(`Файл слишком большой: ${declared} байт (не больше ${request.maxBytes})`, response.status);
    }
    const hash = createHash('sha256');
    let bytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > request.maxBytes) {
          done(new FetchFailure(`Файл слишком большой: больше ${request.maxBytes} байт`, response.status));
          return;
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    await pipeline(
      Readable.fromWeb(response.body as unknown as NodeReadableStream<Uint8Array>),
      tap,
      createWriteStream(request.file),
    );
    if (bytes === 0) throw new FetchFailure('Сервер поставщика прислал пустой файл', response.status);
    return {
      kind: 'file',
      httpStatus: response.status,
      bytes,
      hash: hash.digest('hex'),
      etag: response.headers.get('etag'),
      lastModified: response.headers.get('last-modified'),
    };
  } catch (error) {
    throw networkFailure(error, hop.url.host);
  } finally {
    await agent.destroy();
  }
}
