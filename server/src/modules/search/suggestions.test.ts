import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_LIMIT, SHOP_API_PREFIX, shopEndpoints, type SuggestResult } from '@detal/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/index.ts';
import { searchHistory, suppliers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertClient } from '../../../test/fixtures/bills.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { prefixUpperBound } from './suggestions.ts';

const offer = (article: string, description = `Деталь ${article}`) => ({
  article,
  description,
  price: '100.00',
  quantity: 1,
});

describe('products-suggest and client-search-history', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const knecht = await insertBrand(db, 'KNECHT');
    const mahle = await insertBrand(db, 'MAHLE');
    const many = await insertBrand(db, 'MANY');
    const north = await insertSupplier(db, 'Север');
    const south = await insertSupplier(db, 'Юг');
    const closed = await insertSupplier(db, 'Закрытый');
    await insertOffers(db, knecht, north, [offer('OC 90', 'Фильтр масляный'), offer('OC 905'), offer('OX 123')]);
    // The same part at a second supplier is one suggestion.
    await insertOffers(db, knecht, south, [offer('OC-90', 'Фильтр масляный (Юг)')]);
    await insertOffers(db, mahle, north, [offer('OC 90', 'Фильтр масляный Mahle'), offer('OC91')]);
    await insertOffers(
      db,
      many,
      north,
      Array.from({ length: 12 }, (_, index) => offer(`LIM-${String(index).padStart(2, '0')}`)),
    );
    await insertOffers(db, knecht, closed, [offer('OC 77')]);
    await db.update(suppliers).set({ active: false }).where(eq(suppliers.id, closed));
    ({ app } = await buildTestApp(database));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function suggest(query: string): Promise<{ status: number; body: unknown }> {
    const response = await app.inject({ method: 'GET', url: `${SHOP_API_PREFIX}products-suggest?${query}` });
    return { status: response.statusCode, body: response.json() };
  }

  async function suggestions(article: string, extra = ''): Promise<SuggestResult> {
    const { status, body } = await suggest(`article=${encodeURIComponent(article)}${extra}`);
    expect(status, article).toBe(200);
    return shopEndpoints['products-suggest'].response.parse(body).data;
  }

  const pairs = (result: SuggestResult) => result.suggestions.map((entry) => `${entry.brand_name} ${entry.article}`);

  it('suggests the parts whose normalized article starts with the input, article then brand, with descriptions', async () => {
    const result = await suggestions('oc9');
    expect(result.normalized_article).toBe('OC9');
    expect(result.suggestions.map((entry) => [entry.normalized_article, entry.brand_name])).toEqual([
      ['OC90', 'KNECHT'],
      ['OC90', 'MAHLE'],
      ['OC905', 'KNECHT'],
      ['OC91', 'MAHLE'],
    ]);
    const mahle = result.suggestions.find(
      (entry) => entry.brand_name === 'MAHLE' && entry.normalized_article === 'OC90',
    );
    expect(mahle).toEqual({
      article: 'OC 90',
      normalized_article: 'OC90',
      brand_name: 'MAHLE',
      description: 'Фильтр масляный Mahle',
    });
  });

  it('normalizes the input as search does: case, separators, Cyrillic look-alikes', async () => {
    const expected = pairs(await suggestions('OC9'));
    // 'ос-9' typed with Cyrillic о and с.
    for (const typed of ['oc-9', ' o c 9 ', 'ос-9', 'ОС.9'])
      expect(pairs(await suggestions(typed)), typed).toEqual(expected);
  });

  it("leaves out an inactive supplier's offers and answers an empty list for no match", async () => {
    expect(pairs(await suggestions('OC7'))).toEqual([]);
    expect(pairs(await suggestions('ZZ'))).toEqual([]);
  });

  it('needs two normalized characters: fewer answer an empty list, not an error', async () => {
    for (const typed of ['', 'o', 'O-', '--', ' - ']) {
      expect(await suggestions(typed), JSON.stringify(typed)).toEqual({
        normalized_article: typed.replace(/[^a-z]/gi, '').toUpperCase(),
        suggestions: [],
      });
    }
    expect((await suggest('')).status).toBe(200);
    expect(pairs(await suggestions('o-x'))).toEqual(['KNECHT OX 123']);
  });

  it('answers at most 10 by default, and the limit asked for', async () => {
    const all = await suggestions('lim');
    expect(all.suggestions).toHaveLength(10);
    expect(all.suggestions.map((entry) => entry.article)).toEqual(
      Array.from({ length: 10 }, (_, index) => `LIM-${String(index).padStart(2, '0')}`),
    );
    expect(pairs(await suggestions('lim', '&limit=3'))).toEqual(['MANY LIM-00', 'MANY LIM-01', 'MANY LIM-02']);
  });

  it('refuses a limit out of range and an over-long article with 422', async () => {
    for (const query of [
      'article=lim&limit=11',
      'article=lim&limit=0',
      'article=lim&limit=x',
      `article=${'A'.repeat(65)}`,
    ]) {
      const { status, body } = await suggest(query);
      expect(status, query).toBe(422);
      expect(body).toMatchObject({ message: expect.any(String), error: expect.any(Object) });
    }
  });

  it('bounds a prefix by the next code point', () => {
    expect(prefixUpperBound('OC9')).toBe('OC:');
    expect(prefixUpperBound('ЖД')).toBe('ЖЕ');
    expect(prefixUpperBound('AZ')).toBe('A[');
  });

  async function searchAs(token: string | null, article: string, brandName?: string): Promise<void> {
    const response = await callShop(app, 'products-search', {
      token,
      body: brandName === undefined ? { article } : { article, brand_name: brandName },
    });
    expect(response.statusCode, article).toBe(200);
  }

  async function historyOf(token: string | null) {
    const response = await callShop(app, 'client-search-history', { token });
    return { status: response.statusCode, body: response.json() as unknown };
  }

  async function entriesOf(token: string) {
    const { status, body } = await historyOf(token);
    expect(status).toBe(200);
    return shopEndpoints['client-search-history'].response.parse(body).data;
  }

  it("keeps a signed-in client's searches, newest first, one entry per article with its latest brand", async () => {
    const client = await insertClient(database.db);
    await searchAs(client.token, 'oc 90');
    await searchAs(client.token, 'W 712');
    await searchAs(client.token, 'ос-90', 'MAHLE');
    const entries = await entriesOf(client.token);
    expect(entries.map((entry) => [entry.article, entry.brand_name])).toEqual([
      ['ос-90', 'MAHLE'],
      ['W 712', null],
    ]);
    expect(Date.parse(entries[0]!.searched_at)).toBeGreaterThan(Date.parse(entries[1]!.searched_at));
  });

  it('keeps the last 50, even when the searches come at once', async () => {
    const client = await insertClient(database.db);
    for (let index = 0; index < SEARCH_HISTORY_LIMIT + 5; index += 1) await searchAs(client.token, `A${index}`);
    const entries = await entriesOf(client.token);
    expect(entries.map((entry) => entry.article)).toEqual(
      Array.from({ length: SEARCH_HISTORY_LIMIT }, (_, index) => `A${SEARCH_HISTORY_LIMIT + 4 - index}`),
    );
    await Promise.all(Array.from({ length: 20 }, (_, index) => searchAs(client.token, `B${index}`)));
    const rows = await database.db.select().from(searchHistory).where(eq(searchHistory.clientId, client.id));
    expect(rows).toHaveLength(SEARCH_HISTORY_LIMIT);
    expect((await entriesOf(client.token)).filter((entry) => entry.article.startsWith('B'))).toHaveLength(20);
  });

  it("shows no other client's history, keeps none for visitors, and asks visitors to sign in", async () => {
    const first = await insertClient(database.db);
    const second = await insertClient(database.db);
    await searchAs(first.token, 'OC 905');
    expect(await entriesOf(second.token)).toEqual([]);
    expect((await entriesOf(first.token)).map((entry) => entry.article)).toEqual(['OC 905']);

    const before = (await database.db.select().from(searchHistory)).length;
    await searchAs(null, 'OC 91');
    expect(await database.db.select().from(searchHistory)).toHaveLength(before);
    const visitor = await historyOf(null);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toMatchObject({ message: expect.any(String) });
  });
});
