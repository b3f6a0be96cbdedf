import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';

/**
 * Downloads a supplier's price list to a file, streamed (memory stays flat whatever its size), hashing it on
 * the way. A conditional request: with the ETag and Last-Modified of the last fetch, an unchanged file is a 304
 * and nothing is downloaded. Every failure is a FetchFailure whose message the staff read, in Russian.
 */

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

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    if ('code' in current && typeof current.code === 'string') return current.code;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}

function networkFailure(error: unknown, host: string): FetchFailure {
  if (error instanceof FetchFailure) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new FetchFailure('Сервер поставщика не ответил вовремя');
  }
  const code = causeCode(error);
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

export async function fetchToFile(request: FetchRequest): Promise<FetchResult> {
  const url = new URL(request.url);
  const headers: Record<string, string> = { 'user-agent': 'Detal price-list fetcher', accept: '*/*' };
  if (request.authUser !== null) {
    headers.authorization = basicAuthorization(request.authUser, request.authPassword ?? '');
  }
  if (request.etag) headers['if-none-match'] = request.etag;
  if (request.lastModified) headers['if-modified-since'] = request.lastModified;
  try {
    const response = await fetch(url, {
      headers,
      redirect: 'follow',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
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
    throw networkFailure(error, url.host);
  }
}
