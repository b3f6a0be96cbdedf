import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginRequestSchema, searchRequestSchema, toFieldErrors, type ErrorBody } from '@detal/contract';
import type { Database } from '../db/index.ts';
import { HttpError } from './errors.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { buildTestApp, type LogLine } from '../../test/helpers/app.ts';

const SHOP = '/api/v1/shop';
const cyrillic = /[а-яё]/i;

/** The 422 field map the contract's own schema gives for `body`: what the server must answer. */
function expectedFieldErrors(schema: typeof searchRequestSchema | typeof loginRequestSchema, body: unknown) {
  const result = schema.safeParse(body);
  if (result.success) throw new Error('the example body was meant to be invalid');
  return toFieldErrors(result.error.issues);
}

let database: Database;
let app: FastifyInstance;
let logs: LogLine[];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, logs } = await buildTestApp(database, { bodyLimit: 2048 }, (instance) => {
    instance.post('/api/test/explode', async () => {
      throw new Error('secret internals: connection string postgres://admin:hunter2@db');
    });
    instance.get('/api/test/teapot', async () => {
      throw new HttpError(418, 'Я чайник', 'teapot');
    });
  }));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('request body failures', () => {
  it('answers malformed JSON with 400 and the contract body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${SHOP}/client-login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.ru",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'Некорректный JSON в теле запроса', error: 'invalid_json' });
  });

  it('answers an empty JSON body with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${SHOP}/products-search`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({ message: expect.stringMatching(cyrillic), error: 'empty_body' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${SHOP}/products-search`,
      payload: { article: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Слишком большой запрос', error: 'payload_too_large' });
  });

  it('answers a body that is not JSON with 415', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const response = await app.inject({
        method: 'POST',
        url: `${SHOP}/products-search`,
        headers: { 'content-type': contentType },
        payload: 'article=OC90',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(response.json()).toEqual({
        message: 'Неподдерживаемый тип содержимого: отправляйте JSON',
        error: 'unsupported_media_type',
      });
    }
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', `${SHOP}/no-such-endpoint`],
    // A known path with the wrong method is just as unknown.
    ['GET', `${SHOP}/products-search`],
    ['GET', '/some/page'],
  ] as const)('%s %s answers 404 in the contract shape', async (method, url) => {
    const response = await app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Не найдено', error: 'not_found' });
  });

  it('answers a malformed URL with 400 in the contract shape', async () => {
    const response = await app.inject({ method: 'GET', url: `${SHOP}/page/%E0%A4%A` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Некорректный адрес запроса', error: 'bad_request' });
  });
});

describe('validation', () => {
  it('maps every invalid body field to its Russian messages (products-search without an article)', async () => {
    const response = await app.inject({ method: 'POST', url: `${SHOP}/products-search`, payload: {} });
    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorBody>();
    expect(body.message).toBe('Проверьте правильность заполнения полей');
    expect(body.error).toEqual(expectedFieldErrors(searchRequestSchema, {}));
    expect(Object.keys(body.error)).toContain('article');
    expect((body.error as Record<string, string[]>).article?.[0]).toMatch(cyrillic);
  });

  it('names the failing fields of client-login with a bad e-mail', async () => {
    const payload = { email: 'not-an-email', password: '' };
    const response = await app.inject({ method: 'POST', url: `${SHOP}/client-login`, payload });
    expect(response.statusCode).toBe(422);
    const { error } = response.json<{ error: Record<string, string[]> }>();
    expect(error).toEqual(expectedFieldErrors(loginRequestSchema, payload));
    expect(error.email?.[0]).toMatch(cyrillic);
  });

  it('names a nested field by its dotted path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${SHOP}/basket-add-item`,
      payload: { item: { id: 'seven' }, basket_id: null, basket_key: null },
    });
    expect(response.statusCode).toBe(422);
    const { error } = response.json<{ error: Record<string, string[]> }>();
    expect(Object.keys(error)).toEqual(['item.id']);
    expect(error['item.id']?.[0]).toMatch(cyrillic);
  });

  it('validates the query string too', async () => {
    const response = await app.inject({ method: 'GET', url: `${SHOP}/news-list?page=abc` });
    expect(response.statusCode).toBe(422);
    const { error } = response.json<{ error: Record<string, string[]> }>();
    expect(error).toEqual({ page: ['Номер страницы должен быть числом'] });
  });

  it("files a failure of the whole value under '_'", async () => {
    const response = await app.inject({ method: 'POST', url: `${SHOP}/products-search`, payload: [1, 2] });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ error: object }>().error)).toEqual(['_']);
  });
});

describe('sessions', () => {
  const sessionCalls = [
    { name: 'no Authorization header', headers: {} },
    { name: 'the placeholder bearer', headers: { authorization: 'Bearer 0000000' } },
    { name: 'an unknown token', headers: { authorization: `Bearer ${'f'.repeat(64)}` } },
    { name: 'a header that is no bearer', headers: { authorization: 'Basic dXNlcjpwYXNz' } },
  ];

  it.each(sessionCalls)('a session endpoint answers 401 with $name', async ({ headers }) => {
    const response = await app.inject({ method: 'GET', url: `${SHOP}/client-me`, headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Требуется вход в личный кабинет', error: 'unauthorized' });
  });

  it('answers 401 before looking at the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `${SHOP}/client-bill-all-post?page=zero`,
      headers: { authorization: 'Bearer 0000000' },
      payload: { paid: 'maybe' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('failures inside the server', () => {
  it('answers a thrown error with 500, a generic Russian message and no internals', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/explode',
      headers: { 'x-request-id': 'explode-1' },
      payload: { email: 'a@b.ru', password: 'Sup3r-secret', password_confirmation: 'Sup3r-secret' },
    });
    expect(response.statusCode).toBe(500);
    const body = response.json<ErrorBody>();
    expect(body).toEqual({ message: 'Внутренняя ошибка сервера. Попробуйте повторить позже', error: 'internal_error' });
    expect(response.body).not.toMatch(/hunter2|secret internals|at .*\.ts/);
  });

  it('logs the failure with its request id and stack, and the field names of the body without their values', async () => {
    const failure = logs.find((line) => line.msg === 'request failed' && line.reqId === 'explode-1');
    expect(failure).toBeDefined();
    expect(JSON.stringify(failure)).toContain('secret internals');
    expect((failure?.err as { stack?: string }).stack).toMatch(/errors\.test\.ts/);
    expect(failure?.bodyFields).toEqual(['email', 'password', 'password_confirmation']);
    expect(JSON.stringify(logs)).not.toContain('a@b.ru');
    expect(JSON.stringify(logs)).not.toContain('Sup3r-secret');
  });

  it('answers an HttpError with its own status and body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ message: 'Я чайник', error: 'teapot' });
  });
});
