import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SHOP_API_PREFIX, shopEndpoints, type ShopEndpointPath } from '@detal/contract';
import type { AppConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/index.ts';
import { useClock } from '../../src/http/clock.ts';
import { buildTestApp, type LogLine } from './app.ts';
import { uniqueTestEmail } from '../fixtures/unique-email.ts';

/** A clock the test moves by hand (sessions and reset links expire without waiting). */
export interface TestClock {
  now: () => Date;
  advance: (ms: number) => void;
}

export function createTestClock(start = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestAppWithClock {
  app: FastifyInstance;
  logs: LogLine[];
  clock: TestClock;
}

/** The real app (buildTestApp: captured logs, no web build) with a clock the test controls. */
export async function buildTestAppWithClock(
  database: Database,
  overrides: Partial<AppConfig> = {},
): Promise<TestAppWithClock> {
  const clock = createTestClock();
  const { app, logs } = await buildTestApp(database, overrides, (instance) => useClock(instance, clock.now));
  return { app, logs, clock };
}

let addressCounter = 0;

/**
 * A client address of its own for each call unless the test names one: the per-address limits then stay out
 * of tests that are not about them.
 */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface CallOptions {
  body?: unknown;
  token?: string | null;
  remoteAddress?: string;
}

/** Calls a shop endpoint of the contract the way the web does (bearer or the placeholder). */
export function callShop(
  app: FastifyInstance,
  path: ShopEndpointPath,
  { body, token = null, remoteAddress = freshAddress() }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const endpoint = shopEndpoints[path];
  return app.inject({
    method: endpoint.method,
    url: SHOP_API_PREFIX + endpoint.path,
    remoteAddress,
    headers: { authorization: `Bearer ${token ?? '0000000'}` },
    ...(endpoint.method === 'POST' ? { payload: (body ?? {}) as object } : {}),
  });
}

/** A valid registration body with a new e-mail; fields may be overridden. */
export function newRegistration(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueTestEmail('example.ru'),
    password: 'correct horse 42',
    password_confirmation: 'correct horse 42',
    first_name: 'Иван',
    last_name: 'Петров',
    middle_name: 'Сергеевич',
    company_name: 'Автосервис «Колесо»',
    phone_number: '+7 999 123-45-67',
    ...overrides,
  };
}

export interface RegisteredClient {
  email: string;
  password: string;
  token: string;
  basket_id: number;
  basket_key: string;
}

/** Registers a client through the API and answers its e-mail, password and the session it got. */
export async function registerClient(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredClient> {
  const body = newRegistration(overrides);
  const response = await callShop(app, 'client-registration', { body });
  if (response.statusCode !== 200) throw new Error(`Registration failed: ${response.statusCode} ${response.body}`);
  const { client } = (
    response.json() as { data: { client: { access_token: string; basket_id: number; basket_key: string } } }
  ).data;
  return {
    email: body.email,
    password: body.password,
    token: client.access_token,
    basket_id: client.basket_id,
    basket_key: client.basket_key,
  };
}

/** Signs in through the API; answers the new token. */
export async function loginClient(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await callShop(app, 'client-login', { body: { email, password } });
  if (response.statusCode !== 200) throw new Error(`Login failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { client: { access_token: string } } }).data.client.access_token;
}
