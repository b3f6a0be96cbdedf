import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { allowEntryProblem } from './modules/supplier-sources/outbound-address.ts';
import { SECRETS_KEY_FORMAT, parseSecretsKey } from './shared/secret-box.ts';

/**
 * 30 s: what is suggested changes only when offers change (imports, a supplier switched on or off, a list going
 * stale), an import clears its own instance's cache at once, and the others may lag by this much; long enough for
 * a burst of the same prefixes (many clients typing the popular articles) to cost one query each (decision 0032).
 */
const SUGGEST_CACHE_TTL_DEFAULT_MS = 30_000;

/**
 * One hour: the largest upload (IMPORT_UPLOAD_LIMIT, 200 MB) on a line of 0.5 Mbit/s, a bad mobile connection's
 * upstream (at 1 Mbit/s it takes 28 minutes). A stalled upload does not wait for it: one silent for
 * REQUEST_TIMEOUT_MS is closed (decision 0037).
 */
const UPLOAD_TIMEOUT_DEFAULT_MS = 60 * 60_000;

/**
 * Every setting the server reads from the environment, with its default. The README's configuration
 * table lists the same names; keep the two in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL connection string; unset means the embedded PGlite database in DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Offers generated into an empty database at start; 0 turns the demo catalogue off. */
  SEED_OFFERS: z.coerce.number().int().min(0).default(50_000),
  /** Comma-separated origins allowed by CORS; empty keeps CORS closed (same origin only). */
  CORS_ORIGINS: z.string().default(''),
  /** Largest accepted request body in bytes. */
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  /** Trust X-Forwarded-* from a proxy in front (true, false, or a hop count / address list). */
  TRUST_PROXY: z.string().default('false'),
  SHOP_TIME_ZONE: z.string().default('Europe/Moscow'),
  /** Public address of the shop, used in e-mailed links; unset follows HOST and PORT (production warns). */
  PUBLIC_URL: z.string().url().optional(),
  /** The key the technical catalogue expects; unset uses a random key generated once and kept in the database. */
  TECH_CATALOG_KEY: z.string().min(1).optional(),
  /** When set, the web sends tech: calls to this external catalogue service instead of the built-in one. */
  TECH_CATALOG_URL: z.string().url().optional(),
  /** SMTP server for e-mail (smtp://user:pass@host:port); unset writes messages to DATA_DIR/outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Detal <shop@localhost>'),
  /** Where new-order e-mails to the shop's staff go when the shop setting staff_notification_email is not set. */
  STAFF_NOTIFICATION_EMAIL: z.string().email().optional(),
  /** How often the outbox of notification e-mails is looked at, in seconds. */
  NOTIFICATIONS_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** How often suppliers' price-list sources are looked at for a fetch due (and lists for staleness), in seconds. */
  SUPPLIER_SOURCES_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * How often suppliers ordered through their API are looked at (orders to place, states to read when due), in
   * seconds (decision 0050).
   */
  SUPPLIER_CHANNELS_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * The client ledger's stop-list and reminders jobs also every N seconds besides their hourly run (unset: hourly
   * only); the e2e journey sets it to pass due days with the test clock (decision 0056) without waiting an hour.
   */
  LEDGER_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  /**
   * Hosts on the shop's own network a price-list source may reach, comma-separated: names, addresses, ranges
   * (`prices.lan, 192.168.10.5, 10.20.0.0/16`); anything else inside is refused (decision 0037).
   */
  SUPPLIER_SOURCES_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .superRefine((entries, context) => {
      for (const entry of entries) {
        const problem = allowEntryProblem(entry);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }
    }),
  /** However busy, a back office session ends this many hours after its sign-in (on top of 8 idle hours). */
  STAFF_SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  /** Redis for the rate-limit counters shared by every instance; unset: PostgreSQL, or memory on PGlite. */
  REDIS_URL: z.string().url().optional(),
  /** Start of every key the shop writes to Redis, so that several shops (or test runs) share one server. */
  REDIS_KEY_PREFIX: z.string().min(1).default('detal:rate-limit:'),
  /**
   * Folder of the built web app (react-router build output, with client/ and server/index.js inside).
   * Default: the repository's web/build, found from the server's own file so the working directory does not
   * matter. When the folder holds no build, the server answers the API only.
   */
  WEB_BUILD_DIR: z.string().optional(),
  /** Longest time a client may take to send a whole request (headers and body), in ms; 408 after it. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Longest time an upload (a price list in the back office) may take to arrive, in ms; 408 after it. An upload
   * silent for REQUEST_TIMEOUT_MS is closed sooner. See UPLOAD_TIMEOUT_DEFAULT_MS.
   */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().positive().default(UPLOAD_TIMEOUT_DEFAULT_MS),
  /** Longest wait for a PostgreSQL connection (from the pool or a new one), in ms. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** Longest time one SQL statement may run on PostgreSQL before the server cancels it, in ms. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Opens /metrics to callers that send it as a Bearer token; unset keeps /metrics closed. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Largest price list or cross-reference file uploaded in the back office, in bytes (default 200 MB). */
  IMPORT_UPLOAD_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** Where uploaded files and import reports are kept; default DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().optional(),
  /**
   * How long one instance answers a suggestion prefix from memory before asking the database again, in ms
   * (decision 0032); 0 turns the cache off (every suggestion is a query of its own).
   */
  SUGGEST_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(SUGGEST_CACHE_TTL_DEFAULT_MS),
  /**
   * The key that encrypts secrets kept for later use (a supplier API's password, decision 0047): 32 bytes in
   * base64 or hex; unset: generated once into DATA_DIR/secrets.key. Instances sharing a database share the key.
   */
  SECRETS_KEY: z
    .string()
    .refine((value) => parseSecretsKey(value) !== null, SECRETS_KEY_FORMAT)
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: Env['LOG_LEVEL'];
  seedOffers: number;
  corsOrigins: string[];
  bodyLimit: number;
  trustProxy: boolean | number | string;
  shopTimeZone: string;
  /** The shop's public address: PUBLIC_URL, or the listening address when unset (see publicUrlConfigured). */
  publicUrl: string;
  publicUrlConfigured: boolean;
  /** TECH_CATALOG_KEY; undefined means the key generated once and kept in the database (techCatalogKeyOf). */
  techCatalogKey: string | undefined;
  techCatalogUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  staffNotificationEmail: string | undefined;
  notificationsIntervalSeconds: number;
  supplierSourcesTickSeconds: number;
  supplierChannelsTickSeconds: number;
  /** LEDGER_TICK_SECONDS: the ledger's jobs also every N seconds; undefined: hourly only. */
  ledgerTickSeconds: number | undefined;
  /** SUPPLIER_SOURCES_ALLOWED_HOSTS: inside hosts, addresses and ranges a supplier source may reach. */
  supplierSourcesAllowedHosts: readonly string[];
  /** STAFF_SESSION_MAX_HOURS: a back office session's whole life. */
  staffSessionMaxHours: number;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Where the built web app lives; null serves the API only (tests). */
  webBuildDir: string | null;
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  databaseConnectTimeoutMs: number;
  databaseStatementTimeoutMs: number;
  metricsToken: string | undefined;
  importUploadLimit: number;
  uploadsDir: string;
  /** SUGGEST_CACHE_TTL_MS: the lifetime of a cached suggestion answer; 0, no cache. */
  suggestCacheTtlMs: number;
  /** SECRETS_KEY as given (shared/secret-box.ts reads it); undefined: the key file in DATA_DIR. */
  secretsKey: string | undefined;
}

/**
 * The repository's web/build. This file sits two folders below the repository root both as source
 * (server/src/config.ts) and inside the bundle (server/dist/server.js), so the same relative URL works for both.
 */
const defaultWebBuildDir = fileURLToPath(new URL('../../web/build', import.meta.url));

const parseTrustProxy = (value: string): boolean | number | string => {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
};

/** `http://host:port` of the listening socket; a wildcard host is reachable as localhost on this machine. */
export function listeningUrl(host: string, port: number): string {
  const shown = ['0.0.0.0', '::', ''].includes(host) ? 'localhost' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  // An empty variable (DATABASE_URL= in a shell or a unit file) means unset, not an invalid value.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    logLevel: env.LOG_LEVEL,
    seedOffers: env.SEED_OFFERS,
    corsOrigins: env.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    bodyLimit: env.BODY_LIMIT,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    shopTimeZone: env.SHOP_TIME_ZONE,
    publicUrl: (env.PUBLIC_URL ?? listeningUrl(env.HOST, env.PORT)).replace(/\/$/, ''),
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    techCatalogKey: env.TECH_CATALOG_KEY,
    techCatalogUrl: env.TECH_CATALOG_URL,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    staffNotificationEmail: env.STAFF_NOTIFICATION_EMAIL,
    notificationsIntervalSeconds: env.NOTIFICATIONS_INTERVAL_SECONDS,
    supplierSourcesTickSeconds: env.SUPPLIER_SOURCES_TICK_SECONDS,
    supplierChannelsTickSeconds: env.SUPPLIER_CHANNELS_TICK_SECONDS,
    ledgerTickSeconds: env.LEDGER_TICK_SECONDS,
    supplierSourcesAllowedHosts: env.SUPPLIER_SOURCES_ALLOWED_HOSTS,
    staffSessionMaxHours: env.STAFF_SESSION_MAX_HOURS,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    webBuildDir: env.WEB_BUILD_DIR ? path.resolve(env.WEB_BUILD_DIR) : defaultWebBuildDir,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    uploadTimeoutMs: env.UPLOAD_TIMEOUT_MS,
    databaseConnectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    metricsToken: env.METRICS_TOKEN,
    importUploadLimit: env.IMPORT_UPLOAD_LIMIT,
    uploadsDir: path.resolve(env.UPLOADS_DIR ?? path.join(env.DATA_DIR, 'uploads')),
    suggestCacheTtlMs: env.SUGGEST_CACHE_TTL_MS,
    secretsKey: env.SECRETS_KEY,
    ...overrides,
  };
}
