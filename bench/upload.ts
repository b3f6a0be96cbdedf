// `npm run bench:upload [-- --rows 1000000]`: uploads a generated, real-shaped price list through the back office's
// HTTP endpoint (`import-upload`) to the app on PostgreSQL, waits for the background job to import it, and prints
// the app's RSS growth during it (target: under 300 MB) and products-search p99 during the import beside p99 at
// rest. Figures: bench/README.md.
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import pg from 'pg';
import { startApp } from './lib/app-process.ts';
import { benchDatabaseUrl, shownUrl } from './lib/bench-database.ts';
import { machineLine, percentile, thousands } from './lib/figures.ts';
import { priceListKey, writePriceListFile } from './lib/price-list-file.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' } } });
const rows = Number(values.rows);
const PASSWORD = 'bench upload password';

/** The app's resident memory in bytes, from /proc. */
function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** A staff owner through the CLI's link, signed in: answers the staff cookie. */
async function ownerCookie(origin: string, url: string): Promise<string> {
  const email = `bench-${Date.now()}@example.test`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/src/cli/admin.ts', 'staff-create', '--email', email, '--role', 'owner', '--link'],
    { cwd: repoRoot, env: { ...process.env, DATABASE_URL: url, PUBLIC_URL: origin, LOG_LEVEL: 'warn' } },
  );
  const token = /token=(\S+)/.exec(stdout)?.[1];
  if (!token) throw new Error(`staff-create printed no link: ${stdout}`);
  const post = (endpoint: string, body: unknown, cookie = '') =>
    fetch(`${origin}/api/v1/admin/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const set = await post('staff-set-password', { token, password: PASSWORD, password_confirmation: PASSWORD });
  if (!set.ok) throw new Error(`staff-set-password: ${set.status} ${await set.text()}`);
  const signIn = await post('staff-sign-in', { email, password: PASSWORD });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`staff-sign-in: ${signIn.status} ${await signIn.text()}`);
  return cookie;
}

/** Sequential searches for `seconds` (or until `until` resolves): their latencies in ms. */
async function searchLatencies(origin: string, stop: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  let index = 0;
  while (!stop()) {
    const { article, brand } = priceListKey((index * 7919) % Math.max(1, rows));
    index += 1;
    const started = performance.now();
    const response = await fetch(`${origin}/api/v1/shop/products-search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer 0000000' },
      body: JSON.stringify({ article, brand_name: brand }),
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const url = await benchDatabaseUrl('detal_bench_upload');
  const outDir = path.join(repoRoot, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `upload-${rows}.csv`);
  if (!existsSync(file)) await writePriceListFile(file, rows);
  const bytes = statSync(file).size;
  console.log(machineLine());
  console.log(`database ${shownUrl(url)}; file ${thousands(rows)} rows, ${(bytes / 2 ** 20).toFixed(0)} MB`);

  const reset = new pg.Client({ connectionString: url });
  await reset.connect();
  await reset.query(`drop schema if exists public cascade; drop schema if exists drizzle cascade;
    drop schema if exists pgboss cascade; create schema public`);
  await reset.end();

  const app = await startApp(url, { built: existsSync(path.join(repoRoot, 'server/dist/main.js')) });
  try {
    const cookie = await ownerCookie(app.origin, url);
    const admin = async <T>(endpoint: string, body: unknown): Promise<T> => {
      const response = await fetch(`${app.origin}/api/v1/admin/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.origin, cookie },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${endpoint}: ${response.status} ${text}`);
      return (JSON.parse(text) as { data: T }).data;
    };
    const { supplier } = await admin<{ supplier: { id: number } }>('supplier-save', { name: 'Bench upload' });

    // A first list, so that searches at rest and during the second import find offers.
    const upload = async () => {
      const query = new URLSearchParams({ kind: 'price_list', supplier_id: String(supplier.id), file_name: 'p.csv' });
      const response = await fetch(`${app.origin}/api/v1/admin/import-upload?${query}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          origin: app.origin,
          cookie,
          'content-length': String(bytes),
        },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const text = await response.text();
      if (!response.ok) throw new Error(`import-upload: ${response.status} ${text}`);
      return (JSON.parse(text) as { data: { import: { id: number } } }).data.import.id;
    };
    const waitDone = async (id: number, onTick?: () => void) => {
      for (;;) {
        const { import: current } = await admin<{
          import: { status: string; rows_read: number; error: string | null };
        }>('import-show', { id });
        onTick?.();
        if (current.status !== 'queued' && current.status !== 'running') return current;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    const firstStarted = performance.now();
    console.log('first upload: the supplier list...', (await waitDone(await upload())).status);
    console.log(`  ${((performance.now() - firstStarted) / 1000).toFixed(1)} s`);

    const restEnd = performance.now() + 10_000;
    const rest = await searchLatencies(app.origin, () => performance.now() > restEnd);

    const rssBefore = rssOf(app.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssOf(app.pid));
    }, 100);
    let importing = true;
    const started = performance.now();
    const id = await upload();
    const during = searchLatencies(app.origin, () => !importing);
    const outcome = await waitDone(id);
    importing = false;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const busy = await during;
    console.log(`second upload (same list re-imported): ${outcome.status} in ${seconds.toFixed(1)} s`);
    console.log(
      `app RSS: ${(rssBefore / 2 ** 20).toFixed(0)} MB before, peak ${(rssPeak / 2 ** 20).toFixed(0)} MB, growth ${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MB (target < 300 MB)`,
    );
    console.log(
      `products-search p99: at rest ${percentile(rest, 0.99).toFixed(1)} ms (${rest.length} requests), during the import ${percentile(busy, 0.99).toFixed(1)} ms (${busy.length} requests)`,
    );
  } finally {
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
