import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { DOCS_PATH } from './docs.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** The OpenAPI document: an answer of a few hundred kilobytes. */
const LARGE = `${DOCS_PATH}/json`;

describe('compression of answers', () => {
  it('sends Brotli to a client that accepts it, and the same document once decoded', async () => {
    const plain = await app.inject({ method: 'GET', url: LARGE });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await app.inject({ method: 'GET', url: LARGE, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const plain = await app.inject({ method: 'GET', url: LARGE });
    const gzip = await app.inject({ method: 'GET', url: LARGE, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves small answers as they are', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
