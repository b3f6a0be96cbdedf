import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, TECH_API_PREFIX, shopEndpoints, techEndpoints, type EndpointDef } from '@detal/contract';
import type { Database } from '../db/index.ts';
import { seedDemoData } from '../seed/index.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { freshAddress, registerClient } from '../../test/helpers/clients.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';

/**
 * Every endpoint of the contract's registry, fed malformed input generated from its own schemas: each field of its
 * body and query gets a wrong type, a huge or fractional number, a NUL, an overlong string, deep nesting, or goes
 * missing, and path parameters get the same as text. The API must answer 4xx (or 2xx for what happens to be
 * acceptable), never 5xx, and write nothing.
 */

const RUNS_PER_ENDPOINT = 25;

const nasty = fc.oneof(
  fc.constantFrom(
    null,
    true,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x'.repeat(70_000),
    -1,
    0,
    1.5,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    '9'.repeat(40),
    '1e400',
    'NaN',
    [],
    {},
    [[[[[[[[[[[]]]]]]]]]]],
    { a: { b: { c: { d: { e: {} } } } } },
    '<script>alert(1)</script>',
    "' or 1=1 --",
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
);

/** The fields of an object schema (through pipes), to aim the malformed values at. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return [];
}

/** An object with some of `fields` (maybe none) set to malformed values, and maybe a field no schema knows. */
const malformedObject = (fields: string[]) =>
  fc
    .tuple(
      fc.subarray(fields),
      fc.array(nasty, { minLength: fields.length, maxLength: fields.length }),
      fc.option(nasty, { nil: undefined }),
    )
    .map(([chosen, values, extra]) => {
      const object: Record<string, unknown> = {};
      chosen.forEach((field, index) => (object[field] = values[index]));
      if (extra !== undefined) object.__extra = extra;
      return object;
    });

/** Percent-encoded; a lone surrogate (no UTF-8 form) becomes the bytes a sloppy client would send for it. */
const encodedSegment = (value: unknown): string => {
  try {
    return encodeURIComponent(asQueryValue(value)) || '%00';
  } catch {
    return '%ED%A0%80';
  }
};

const asQueryValue = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

interface Target {
  name: string;
  url: string;
  endpoint: EndpointDef;
}

const targets: Target[] = [
  ...Object.entries(shopEndpoints).map(([name, endpoint]) => ({
    name,
    url: SHOP_API_PREFIX + endpoint.path,
    endpoint,
  })),
  ...Object.entries(techEndpoints).map(([name, endpoint]) => ({
    name,
    url: TECH_API_PREFIX + endpoint.path,
    endpoint,
  })),
];

let database: Database;
let app: FastifyInstance;
let token: string;
const statuses = new Map<number, number>();
let tried = 0;

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await database.db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  // rate_limits counts tries, malformed ones included (on PostgreSQL): a counter, not the shop's data.
  for (const { name } of tables.rows.filter((table) => table.name !== 'rate_limits')) {
    const result = await database.db.execute<{ n: string }>(
      sql`select count(*)::text as n from ${sql.identifier(name)}`,
    );
    counts[name] = Number(result.rows[0]!.n);
  }
  return counts;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database, { offers: 200 });
  ({ app } = await buildTestApp(database));
  token = (await registerClient(app)).token;
}, 60_000);

afterAll(async () => {
  console.log(
    `[fuzz] ${tried} malformed requests to ${targets.length} endpoints; statuses: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(', ')}`,
  );
  await app?.close();
  await database?.close();
});

describe('malformed input to every endpoint of the contract', () => {
  it.each(targets.map((target) => [target.name, target] as const))(
    '%s answers 4xx, never 5xx, and writes nothing',
    async (_name, { url, endpoint }) => {
      const before = await rowCounts();
      await fc.assert(
        fc.asyncProperty(
          malformedObject(fieldsOf(endpoint.body)),
          malformedObject(fieldsOf(endpoint.query)),
          nasty,
          fc.boolean(),
          async (body, query, param, signedIn) => {
            // A generated body the contract accepts is not malformed: it may rightly be written. (A body without
            // fields accepts anything; its endpoint writes nothing from it.) Judged as the server receives it,
            // after JSON: `undefined` fields vanish and NaN becomes null, so a body rejected as generated can
            // arrive valid.
            const accepts = endpoint.method === 'POST' && fieldsOf(endpoint.body).length > 0;
            const sent: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
            fc.pre(!(accepts && endpoint.body?.safeParse(sent).success));
            const path = url.replace(/:[a-z_]+/g, encodedSegment(param));
            const search = new URLSearchParams(
              Object.entries(query).map(([key, value]): [string, string] => [key, asQueryValue(value)]),
            ).toString();
            // Signing out would end the session the other requests use (a write, meant to happen).
            const bearer = signedIn && !url.endsWith('client-logout') ? token : '0000000';
            const response = await app.inject({
              method: endpoint.method,
              url: search ? `${path}?${search}` : path,
              remoteAddress: freshAddress(),
              headers: { authorization: `Bearer ${bearer}` },
              ...(endpoint.method === 'POST' ? { payload: body } : {}),
            });
            tried += 1;
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            expect(
              response.statusCode,
              `${endpoint.method} ${path} ${JSON.stringify(body).slice(0, 200)}`,
            ).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS_PER_ENDPOINT },
      );
      expect(await rowCounts()).toEqual(before);
    },
  );
});
