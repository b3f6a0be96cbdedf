import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * The parts of the multi-instance deployment that deploy.test.ts starts: a database of its own on the PostgreSQL
 * server, a key prefix of its own on the Redis server, instances of the production build and nginx with the
 * repository's configuration.
 */

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const nginxConfigPath = path.join(repoRoot, 'deploy/nginx/detal.conf');
const mainScript = path.join(repoRoot, 'server/dist/main.js');

/** The PostgreSQL server to use: TEST_DATABASE_URL's server, else the one on this machine. */
const adminUrl = (() => {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = '/postgres';
  return url.toString();
})();
export const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'detal-deploy-test' });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** An empty database of its own: the first instance migrates and seeds it, as a new shop's would. */
export async function createDatabase(): Promise<TestDatabase> {
  const name = `detal_deploy_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Deletes the keys under `prefix` only: the Redis server may be shared with other runs and shops. */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  const redis = new Redis(redisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    return keys.length;
  } finally {
    await redis.quit();
  }
}

export interface AppInstance {
  name: string;
  port: number;
  url: string;
  /** The exit code once the process has ended. */
  exited: Promise<number | null>;
  /** What the process wrote (its log), for a failure's message. */
  output(): string;
  signal(signal: NodeJS.Signals): void;
  stop(): Promise<void>;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The instance at ${url} exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`The instance at ${url} was not ready within 120 s:\n${output()}`);
}

/** Starts `server/dist/main.js` (built by `npm run build`) on `port` with `env`, and waits until it is ready. */
export async function startInstance(name: string, port: number, env: Record<string, string>): Promise<AppInstance> {
  if (!existsSync(mainScript)) throw new Error(`${mainScript} is missing: run \`npm run build\` first`);
  const child = spawn(process.execPath, [mainScript], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilReady(url, child, () => log);
  return {
    name,
    port,
    url,
    exited,
    output: () => log,
    signal: (signal) => child.kill(signal),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** The instance addresses and listen port written in deploy/nginx/detal.conf, which the test replaces. */
const CONFIG_INSTANCES = ['127.0.0.1:3001', '127.0.0.1:3002'] as const;
const CONFIG_LISTEN = 'listen 80;';

/**
 * deploy/nginx/detal.conf with the test's instance ports and listen port, and nothing else changed; throws when
 * the file no longer holds the addresses it replaces (so that the test never silently runs another config).
 */
export function renderSiteConfig(listenPort: number, instancePorts: readonly [number, number]): string {
  let text = readFileSync(nginxConfigPath, 'utf8');
  const replace = (from: string, to: string) => {
    const parts = text.split(from);
    if (parts.length !== 2) throw new Error(`${nginxConfigPath} should hold "${from}" exactly once`);
    text = parts.join(to);
  };
  replace(`server ${CONFIG_INSTANCES[0]} `, `server 127.0.0.1:${instancePorts[0]} `);
  replace(`server ${CONFIG_INSTANCES[1]} `, `server 127.0.0.1:${instancePorts[1]} `);
  replace(CONFIG_LISTEN, `listen 127.0.0.1:${listenPort};`);
  return text;
}

export interface RunningNginx {
  url: string;
  /** Lines of the access log: `status upstream_addrs upstream_statuses method uri`. */
  accessLog(): string[];
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * nginx in the foreground as a child process: a minimal main configuration of the test's own (temp paths,
 * logs) that includes the rendered site configuration.
 */
export async function startNginx(listenPort: number, instancePorts: readonly [number, number]): Promise<RunningNginx> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'detal-nginx-'));
  for (const folder of ['logs', 'temp']) mkdirSync(path.join(prefix, folder));
  writeFileSync(path.join(prefix, 'detal.conf'), renderSiteConfig(listenPort, instancePorts));
  const accessLogPath = path.join(prefix, 'logs/access.log');
  const errorLogPath = path.join(prefix, 'logs/error.log');
  const temp = path.join(prefix, 'temp');
  const main = [
    // As root, nginx would hand its workers to an unprivileged user who cannot write the temp folders here.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `error_log ${errorLogPath} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    `  client_body_temp_path ${temp}/body;`,
    `  proxy_temp_path ${temp}/proxy;`,
    `  fastcgi_temp_path ${temp}/fastcgi;`,
    `  uwsgi_temp_path ${temp}/uwsgi;`,
    `  scgi_temp_path ${temp}/scgi;`,
    '  log_format upstreams \'$status "$upstream_addr" "$upstream_status" $request_method $request_uri\';',
    `  access_log ${accessLogPath} upstreams;`,
    `  include ${path.join(prefix, 'detal.conf')};`,
    '}',
  ].join('\n');
  const mainPath = path.join(prefix, 'nginx.conf');
  writeFileSync(mainPath, main);
  const child = spawn(
    process.env.NGINX_PATH ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx'),
    ['-c', mainPath, '-p', prefix, '-e', errorLogPath, '-g', `daemon off; pid ${path.join(prefix, 'nginx.pid')};`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.once('error', (error) => (output += `${error.message}\n`));
  const url = `http://127.0.0.1:${listenPort}`;
  const readErrorLog = () => (existsSync(errorLogPath) ? readFileSync(errorLogPath, 'utf8') : '');
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.pid === undefined) {
      throw new Error(`nginx exited (${child.exitCode}):\n${output}\n${readErrorLog()}`);
    }
    try {
      await fetch(`${url}/api/health/live`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${url}:\n${output}\n${readErrorLog()}`);
      await sleep(100);
    }
  }
  return {
    url,
    accessLog: () => (existsSync(accessLogPath) ? readFileSync(accessLogPath, 'utf8').split('\n').filter(Boolean) : []),
    errorLog: readErrorLog,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Sum of `http_requests_total` of one instance over the routes that `routeMatches`, read with the token. */
export async function requestCount(
  instance: AppInstance,
  token: string,
  routeMatches: (route: string) => boolean,
): Promise<number> {
  const response = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`${instance.name} /metrics answered ${response.status}`);
  let total = 0;
  for (const line of (await response.text()).split('\n')) {
    const match = /^http_requests_total\{([^}]*)\} (\d+)/.exec(line);
    const route = match && /route="([^"]*)"/.exec(match[1]!)?.[1];
    if (route && routeMatches(route)) total += Number(match[2]);
  }
  return total;
}
