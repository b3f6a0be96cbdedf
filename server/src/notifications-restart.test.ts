import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, orderLabel } from '@detal/contract';
import { openDatabase, type Database } from './db/index.ts';
import { offers } from './db/schema/index.ts';
import { seedIfEmpty } from './seed/index.ts';
import { createTestDatabase, testDriver } from '../test/helpers/db.ts';
import { attachmentsOf, headerOf, textBodyOf } from '../test/helpers/mail-message.ts';
import { freePort, until } from '../test/helpers/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/helpers/smtp.ts';

/**
 * Reliability of the notification outbox (decision 0023): the server process places an order, is killed
 * (SIGKILL) while its e-mail is on the way to the SMTP server (which has read the message but not answered it, so
 * it delivered nothing), and started again: the e-mail arrives, exactly once.
 */

const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));
const BUYER = 'restart-buyer@example.ru';
const STAFF = 'restart-staff@shop.example';

describe('a server killed while sending a notification sends it once after its restart', () => {
  let smtp: TestSmtpServer;
  let dataDir: string;
  let database: Database | null = null;
  let child: ChildProcess | null = null;
  let output = '';
  let origin = '';
  let offerId = 0;
  const env: Record<string, string> = {};

  beforeAll(async () => {
    smtp = await startSmtpServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'detal-restart-'));
    // The shop's data, written before the server starts (the embedded database has one user at a time).
    const prepared =
      testDriver === 'postgres' ? await createTestDatabase() : await openDatabase({ dataDir, databaseUrl: undefined });
    await seedIfEmpty(prepared, { offers: 5 });
    const [offer] = await prepared.db.select({ id: offers.id }).from(offers).orderBy(asc(offers.id)).limit(1);
    offerId = offer!.id;
    if (testDriver === 'postgres') database = prepared;
    else await prepared.close();
    Object.assign(env, {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: prepared.connectionString ?? '',
      SEED_OFFERS: '0',
      WEB_BUILD_DIR: path.join(dataDir, 'no-web-build'),
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'https://shop.example',
      SMTP_URL: smtp.url,
      STAFF_NOTIFICATION_EMAIL: STAFF,
      NOTIFICATIONS_INTERVAL_SECONDS: '1',
    });
    origin = `http://127.0.0.1:${env.PORT}`;
  }, 120_000);

  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await smtp?.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startServer(): Promise<ChildProcess> {
    const started = spawn(process.execPath, ['--import', 'tsx', mainFile], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await until(
      'the server to answer',
      async () => {
        if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}:\n${output}`);
        return fetch(`${origin}/api/health/live`).then(
          (response) => response.ok,
          () => false,
        );
      },
      90_000,
    );
    return started;
  }

  async function call<T>(endpoint: string, body: object, token?: string): Promise<T> {
    const response = await fetch(`${origin}${SHOP_API_PREFIX}${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { data: T };
    if (!response.ok) throw new Error(`${endpoint}: ${response.status} ${JSON.stringify(answer)}`);
    return answer.data;
  }

  /** Registers a client, puts the offer in the basket and places the order, all through the API. */
  async function placeOrder(): Promise<number> {
    const password = 'correct horse 42';
    const { client } = await call<{ client: { access_token: string; basket_id: number; basket_key: string } }>(
      'client-registration',
      {
        email: `restart-${Date.now()}@example.ru`,
        password,
        password_confirmation: password,
        first_name: 'Иван',
        last_name: 'Петров',
        phone_number: '+7 999 123-45-67',
      },
    );
    const token = client.access_token;
    const basket = { basket_id: client.basket_id, basket_key: client.basket_key };
    await call('basket-add-item', { ...basket, item: { id: offerId }, quantity: 1 }, token);
    const shown = await call<{ items: Array<{ id: number }> }>('basket-show', basket, token);
    const placed = await call<{ orderForClient: { id: number } }>(
      'create-order-order-step2-from-items-post',
      {
        ...basket,
        itemsForOrder: shown.items.map((item) => item.id),
        client_shops_email: BUYER,
        first_name: 'Иван',
        last_name: 'Петров',
        middle_name: null,
        company_name: null,
        phone_number: '+7 999 123-45-67',
        delivery_method_id: 1,
        delivery_address: null,
        desired_date: null,
        desired_time: null,
        comment: null,
      },
      token,
    );
    return placed.orderForClient.id;
  }

  it('loses none and sends none twice', async () => {
    // The SMTP server reads each message and keeps the sender waiting for its answer.
    smtp.hold(true);
    child = await startServer();
    const orderId = await placeOrder();
    await until('the server to be sending the e-mail', () => smtp.heldCount() > 0, 30_000);

    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    // The connection dropped before "250 OK": like a real SMTP server, the test server delivered nothing.
    await until('the SMTP server to see the sender hang up', () => smtp.heldCount() === 0, 10_000);
    smtp.hold(false);
    expect(smtp.received).toEqual([]);

    child = await startServer();
    const clientMail = await smtp.waitForMail(BUYER);
    const staffMail = await smtp.waitForMail(STAFF);
    // Several sending rounds later (one a second), still one of each.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const ids = smtp.received.map((mail) => headerOf(mail.raw, 'message-id'));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(smtp.received.filter((mail) => mail.to.includes(BUYER))).toHaveLength(1);
    expect(textBodyOf(clientMail.raw)).toContain(`${orderLabel(orderId)} от `);
    expect(attachmentsOf(clientMail.raw)[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(textBodyOf(staffMail.raw)).toContain(orderLabel(orderId));
    if (testDriver === 'pglite') expect(output).toContain('notifications claimed by a stopped process');
  }, 240_000);
});
