import { createHash } from 'node:crypto';
import { Agent, fetch, type Response } from 'undici';
import { causeCode } from '../../../supplier-sources/fetch-file.ts';
import { OutboundAddressPolicy, type OutboundRules } from '../../../supplier-sources/outbound-address.ts';
import { SupplierChannelError } from '../../supplier-channel.ts';

/**
 * One call to an ABCP site's public client API (decision 0047), over HTTP as documented: the operation is the
 * URL's path, parameters go in the query string (GET) or as a form body (POST), and every call carries
 * `userlogin` and `userpsw`, the MD5 of the password in hex. An error is an HTTP status of 400 or more with
 * `{ errorCode, errorMessage }`.
 *
 * The call reaches only the outside (the price-list fetch's address policy, decision 0037: the configured host is
 * checked before anything is sent and the connection goes to the address checked), follows no redirect (the
 * query string carries the password's hash), has a deadline and a size limit, and every failure is a
 * SupplierChannelError in Russian without the login, the password or its hash: the log gets the operation, the
 * HTTP status and the time only.
 */

export interface AbcpCredentials {
  /** The API's base address from the supplier: `https://id1234.public.api.abcp.ru` (a path prefix is kept). */
  baseUrl: string;
  login: string;
  /** The password as typed (opened from the secret box just before the call); only its MD5 is sent. */
  password: string;
}

/** What the adapter logs through (a pino logger fits). */
export interface ChannelLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface AbcpTransportSettings {
  /** SUPPLIER_SOURCES_ALLOWED_HOSTS and the resolver: what may be reached besides the outside. */
  outbound: OutboundRules;
  /** Deadline of one call, ms (default 20 s: a search over a site's online warehouses takes seconds). */
  timeoutMs?: number;
  /** Largest answer read, bytes (default 10 MB). */
  maxBytes?: number;
  log?: ChannelLog;
}

const DEFAULT_TIMEOUT_MS = 20_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** Longest piece of the supplier's own error text carried into a message. */
const MAX_REMOTE_MESSAGE = 300;

/** ABCP's error codes this adapter acts on (API:Docs, «Коды ошибок»). */
export const ABCP_ERROR = {
  userAuthentication: 102,
  accessDenied: 103,
  siteAuthentication: 104,
  objectNotFound: 301,
  resourceLocked: 303,
} as const;

/** The API answered its own error; notFound is told apart (a search with no offers answers it). */
export class AbcpApiError extends SupplierChannelError {
  constructor(
    readonly errorCode: number,
    message: string,
  ) {
    super(
      errorCode === ABCP_ERROR.userAuthentication ||
        errorCode === ABCP_ERROR.accessDenied ||
        errorCode === ABCP_ERROR.siteAuthentication
        ? 'credentials'
        : 'refused',
      message,
    );
  }
}

export const md5Hex = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex');

export interface AbcpCall {
  method: 'GET' | 'POST';
  /** The operation: `search/articles`, `basket/add`… */
  operation: string;
  params: ReadonlyArray<readonly [string, string]>;
}

function apiUrl(baseUrl: string, operation: string): URL {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new SupplierChannelError('unexpected_answer', 'Адрес API поставщика указан неверно');
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new SupplierChannelError(
      'unexpected_answer',
      'Адрес API поставщика должен начинаться с https:// или http://',
    );
  }
  if (base.username || base.password || base.search) {
    throw new SupplierChannelError(
      'unexpected_answer',
      'Адрес API поставщика указывается без логина, пароля и параметров: они задаются отдельно',
    );
  }
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return new URL(`${prefix}${operation}`, base.origin);
}

/** A network failure in the staff's words (never the URL: its query carries the password's hash). */
function networkFailure(error: unknown, host: string): SupplierChannelError {
  if (error instanceof SupplierChannelError) return error;
  const code = causeCode(error);
  if (code === 'ERR_ADDRESS_NOT_ALLOWED') {
    return new SupplierChannelError(
      'address_not_allowed',
      'Адрес API поставщика не разрешён: обращения идут только к серверам в интернете, не во внутреннюю сеть. ' +
        'Внутренний сервер может разрешить администратор магазина (настройка SUPPLIER_SOURCES_ALLOWED_HOSTS)',
    );
  }
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new SupplierChannelError('unreachable', `API поставщика (${host}) не ответило вовремя`);
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new SupplierChannelError('unreachable', `Сервер ${host} не найден: проверьте адрес API поставщика`);
  }
  if (code === 'ECONNREFUSED') {
    return new SupplierChannelError('unreachable', `Сервер ${host} не принимает соединения`);
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') {
    return new SupplierChannelError('unreachable', `Сервер ${host} оборвал соединение`);
  }
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) {
    return new SupplierChannelError('unreachable', `Ошибка защищённого соединения с ${host} (${code})`);
  }
  return new SupplierChannelError(
    'unreachable',
    `Не удалось связаться с API поставщика ${host}${code ? ` (${code})` : ''}`,
  );
}

async function readCapped(response: Response, maxBytes: number, host: string): Promise<string> {
  if (!response.body) return '';
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of response.body) {
    bytes += (chunk as Uint8Array).length;
    if (bytes > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new SupplierChannelError('unexpected_answer', `API поставщика ${host} прислало слишком длинный ответ`);
    }
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The supplier's text without anything of the credentials (it might echo the login back), and not too long. */
export function scrubbed(text: string, credentials: AbcpCredentials, hash = md5Hex(credentials.password)): string {
  let result = text;
  for (const secret of [credentials.password, hash, credentials.login]) {
    if (secret.length >= 3) result = result.split(secret).join('***');
  }
  result = result.replace(new RegExp(hash, 'gi'), '***').replace(/\s+/g, ' ').trim();
  return result.length > MAX_REMOTE_MESSAGE ? `${result.slice(0, MAX_REMOTE_MESSAGE)}…` : result;
}

function apiError(body: unknown): { code: number; message: string } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('errorCode' in body)) return null;
  const code = Number(body.errorCode);
  if (!Number.isInteger(code)) return null;
  const message = 'errorMessage' in body && typeof body.errorMessage === 'string' ? body.errorMessage : '';
  return { code, message };
}

function errorFromApi(code: number, remote: string): AbcpApiError {
  const said = remote ? `: «${remote}»` : '';
  if (code === ABCP_ERROR.userAuthentication || code === ABCP_ERROR.siteAuthentication) {
    return new AbcpApiError(code, `Поставщик не принял логин или пароль API (ошибка ${code}${said})`);
  }
  if (code === ABCP_ERROR.accessDenied) {
    return new AbcpApiError(code, `Поставщик закрыл этому логину доступ к API (ошибка ${code}${said})`);
  }
  if (code === ABCP_ERROR.resourceLocked) {
    return new AbcpApiError(
      code,
      `Поставщик временно ограничил обращения к API, повторите позже (ошибка ${code}${said})`,
    );
  }
  return new AbcpApiError(code, `API поставщика ответило ошибкой ${code}${said}`);
}

/** Makes one call and returns its parsed JSON answer, or throws SupplierChannelError. */
export async function callAbcp(
  credentials: AbcpCredentials,
  settings: AbcpTransportSettings,
  call: AbcpCall,
): Promise<unknown> {
  const url = apiUrl(credentials.baseUrl, call.operation);
  const host = url.host;
  const hash = md5Hex(credentials.password);
  const params = new URLSearchParams({ userlogin: credentials.login, userpsw: hash });
  for (const [name, value] of call.params) params.append(name, value);
  const init: { method: string; headers: Record<string, string>; body?: string } = {
    method: call.method,
    headers: { accept: 'application/json', 'user-agent': 'Detal supplier orders' },
  };
  if (call.method === 'GET') {
    url.search = params.toString();
  } else {
    init.headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = params.toString();
  }
  const policy = new OutboundAddressPolicy(settings.outbound);
  const agent = new Agent({ connect: { lookup: policy.connectionLookup() } });
  const started = performance.now();
  let status: number | null = null;
  try {
    policy.checkLiteralHost(url.hostname);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(settings.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      dispatcher: agent,
    });
    status = response.status;
    const text = await readCapped(response, settings.maxBytes ?? DEFAULT_MAX_BYTES, host);
    let body: unknown;
    try {
      body = text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    const error = apiError(body);
    if (error) throw errorFromApi(error.code, scrubbed(error.message, credentials, hash));
    if (status >= 300 && status < 400) {
      throw new SupplierChannelError(
        'unexpected_answer',
        `API поставщика ${host} ответило перенаправлением (HTTP ${status}): проверьте адрес API`,
      );
    }
    if (status >= 400) {
      throw new SupplierChannelError(
        status === 401 || status === 403 ? 'credentials' : 'unexpected_answer',
        status === 401 || status === 403
          ? `API поставщика ${host} отказало в доступе (HTTP ${status}): проверьте логин и пароль`
          : `API поставщика ${host} ответило ошибкой HTTP ${status}`,
      );
    }
    if (body === undefined) {
      throw new SupplierChannelError(
        'unexpected_answer',
        `Сервер ${host} ответил не как API ABCP (не JSON): проверьте адрес API поставщика`,
      );
    }
    settings.log?.info(
      { operation: call.operation, status, ms: Math.round(performance.now() - started) },
      'supplier api call',
    );
    return body;
  } catch (error) {
    const failure = networkFailure(error, host);
    settings.log?.warn(
      { operation: call.operation, status, kind: failure.kind, ms: Math.round(performance.now() - started) },
      'supplier api call failed',
    );
    throw failure;
  } finally {
    await agent.destroy();
  }
}
