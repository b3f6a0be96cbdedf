import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SHOP_API_PREFIX, shopEndpoints, type SuggestResult } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { offers } from '../../db/schema/index.ts';
import { METRICS_PATH } from '../../plugins/metrics.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { createTempFolder, type TempFolder } from '../../../test/fixtures/import-files.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { importPriceList } from '../catalog/import/price-list-import.ts';
import { SuggestionCache, forgetSuggestions, type SuggestCacheOutcome } from './suggestion-cache.ts';
import { suggestStatement } from './suggestions.ts';

const answerFor = (prefix: string, descriptions: string[] = []): SuggestResult => ({
  normalized_article: prefix,
  suggestions: descriptions.map((description) => ({
    article: prefix,
    normalized_article: prefix,
    brand_name: 'KNECHT',
    description,
  })),
});

/** A cache whose loads are counted, with the outcomes it reports. */
function countedCache(options: { ttlMs: number; maxEntries?: number; clock?: { now(): number } }) {
  const outcomes: SuggestCacheOutcome[] = [];
  const cache = new SuggestionCache({ ...options, onLookup: (outcome) => outcomes.push(outcome) });
  let loads = 0;
  const load = (result: SuggestResult) => async () => {
    loads += 1;
    return result;
  };
  return { cache, outcomes, load, loads: () => loads };
}

describe('SuggestionCache', () => {
  it('keeps an answer: the second lookup of a key loads nothing', async () => {
    const { cache, outcomes, load, loads } = countedCache({ ttlMs: 30_000 });
    expect(await cache.answer('10 OC9', load(answerFor('OC9', ['first'])))).toEqual(answerFor('OC9', ['first']));
    expect(await cache.answer('10 OC9', load(answerFor('OC9', ['second'])))).toEqual(answerFor('OC9', ['first']));
    expect(await cache.answer('3 OC9', load(answerFor('OC9', ['other limit'])))).toEqual(
      answerFor('OC9', ['other limit']),
    );
    expect(loads()).toBe(2);
    expect(outcomes).toEqual(['miss', 'hit', 'miss']);
  });

  it('shares one load among the lookups that come while it runs', async () => {
    const { cache, outcomes } = countedCache({ ttlMs: 30_000 });
    let loads = 0;
    let finish: (result: SuggestResult) => void = () => {};
    const slowLoad = () => {
      loads += 1;
      return new Promise<SuggestResult>((resolve) => (finish = resolve));
    };
    const answers = Array.from({ length: 8 }, () => cache.answer('10 W7', slowLoad));
    finish(answerFor('W7', ['one query']));
    expect(await Promise.all(answers)).toEqual(Array.from({ length: 8 }, () => answerFor('W7', ['one query'])));
    expect(loads).toBe(1);
    expect(outcomes).toEqual(['miss', ...Array.from({ length: 7 }, () => 'shared')]);
    // Kept once read.
    await cache.answer('10 W7', slowLoad);
    expect(loads).toBe(1);
  });

  it('asks again once the lifetime is over', async () => {
    let now = 1_000;
    const { cache, outcomes, load, loads } = countedCache({ ttlMs: 30_000, clock: { now: () => now } });
    await cache.answer('10 OC9', load(answerFor('OC9', ['first'])));
    now += 29_999;
    expect(await cache.answer('10 OC9', load(answerFor('OC9', ['second'])))).toEqual(answerFor('OC9', ['first']));
    now += 2;
    expect(await cache.answer('10 OC9', load(answerFor('OC9', ['second'])))).toEqual(answerFor('OC9', ['second']));
    expect(loads()).toBe(2);
    expect(outcomes).toEqual(['miss', 'hit', 'miss']);
  });

  it('drops what it holds on forgetSuggestions(), and keeps no answer read before it', async () => {
    const { cache, load, loads } = countedCache({ ttlMs: 30_000 });
    await cache.answer('10 OC9', load(answerFor('OC9', ['before'])));
    forgetSuggestions();
    expect(await cache.answer('10 OC9', load(answerFor('OC9', ['after'])))).toEqual(answerFor('OC9', ['after']));
    expect(loads()).toBe(2);

    // A query that started before the offers changed answers its callers, but neither serves a lookup that comes
    // after the change nor is kept.
    let finish: (result: SuggestResult) => void = () => {};
    const started = cache.answer('10 HU', () => new Promise((resolve) => (finish = resolve)));
    forgetSuggestions();
    const fresh = cache.answer('10 HU', load(answerFor('HU', ['new offers'])));
    finish(answerFor('HU', ['old offers']));
    expect(await started).toEqual(answerFor('HU', ['old offers']));
    expect(await fresh).toEqual(answerFor('HU', ['new offers']));
    expect(await cache.answer('10 HU', load(answerFor('HU', ['newer'])))).toEqual(answerFor('HU', ['new offers']));
  });

  it('keeps no failed answer', async () => {
    const { cache, outcomes, load } = countedCache({ ttlMs: 30_000 });
    await expect(cache.answer('10 OC9', () => Promise.reject(new Error('the database is away')))).rejects.toThrow(
      'the database is away',
    );
    expect(await cache.answer('10 OC9', load(answerFor('OC9', ['back'])))).toEqual(answerFor('OC9', ['back']));
    expect(outcomes).toEqual(['miss', 'miss']);
  });

  it('holds at most maxEntries answers, the least recently used leaving first', async () => {
    const { cache, load, loads } = countedCache({ ttlMs: 30_000, maxEntries: 2 });
    await cache.answer('10 AA', load(answerFor('AA')));
    await cache.answer('10 BB', load(answerFor('BB')));
    await cache.answer('10 AA', load(answerFor('AA')));
    await cache.answer('10 CC', load(answerFor('CC'))); // BB leaves
    expect(loads()).toBe(3);
    await cache.answer('10 AA', load(answerFor('AA')));
    expect(loads()).toBe(3);
    await cache.answer('10 BB', load(answerFor('BB')));
    expect(loads()).toBe(4);
  });

  it('with a lifetime of 0 is off: every lookup loads, none is shared', async () => {
    const { cache, outcomes, load, loads } = countedCache({ ttlMs: 0 });
    await Promise.all([1, 2, 3].map(() => cache.answer('10 OC9', load(answerFor('OC9')))));
    await cache.answer('10 OC9', load(answerFor('OC9')));
    expect(loads()).toBe(4);
    expect(outcomes).toEqual(['miss', 'miss', 'miss', 'miss']);
  });
});

const METRICS_TOKEN = 'suggestion-cache-metrics-token';

describe('products-suggest answered from the cache (real database)', () => {
  let database: Database;
  let app: FastifyInstance;
  let folder: TempFolder;
  let knecht: number;
  let east: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    folder = await createTempFolder();
    const { db } = database;
    knecht = await insertBrand(db, 'KNECHT');
    const north = await insertSupplier(db, 'Север');
    east = await insertSupplier(db, 'Восток');
    await insertOffers(db, knecht, north, [
      { article: 'OC 90', description: 'Фильтр масляный', price: '100.00', quantity: 1 },
    ]);
    await insertOffers(db, knecht, east, [
      { article: 'HU 711', description: 'Фильтр топливный', price: '100.00', quantity: 1 },
    ]);
    ({ app } = await buildTestApp(database, { metricsToken: METRICS_TOKEN }));
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await folder?.remove();
  });

  async function suggestionsFrom(target: FastifyInstance, article: string): Promise<SuggestResult> {
    const response = await target.inject({
      method: 'GET',
      url: `${SHOP_API_PREFIX}products-suggest?article=${encodeURIComponent(article)}`,
    });
    expect(response.statusCode, article).toBe(200);
    return shopEndpoints['products-suggest'].response.parse(response.json()).data;
  }
  const suggestions = (article: string) => suggestionsFrom(app, article);
  const descriptions = (result: SuggestResult) => result.suggestions.map((entry) => entry.description);

  /** detal_suggest_cache_requests_total by result, as /metrics shows it. */
  async function cacheCounts(): Promise<Record<SuggestCacheOutcome, number>> {
    const response = await app.inject({
      method: 'GET',
      url: METRICS_PATH,
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const count = (result: string) => {
      const line = new RegExp(`^detal_suggest_cache_requests_total\\{result="${result}"\\} (\\d+)$`, 'm');
      const found = line.exec(response.body);
      if (!found) throw new Error(`no ${result} count in /metrics`);
      return Number(found[1]);
    };
    return { hit: count('hit'), shared: count('shared'), miss: count('miss') };
  }

  /** What the cache counted since `before` (an earlier `cacheCounts()`). */
  async function cacheCountsSince(before: Record<SuggestCacheOutcome, number>) {
    const after = await cacheCounts();
    return { hit: after.hit - before.hit, shared: after.shared - before.shared, miss: after.miss - before.miss };
  }

  it('answers a second identical request without a query, and the database again after forgetSuggestions()', async () => {
    const queries = vi.spyOn(suggestStatement, 'rows');
    expect(descriptions(await suggestions('oc9'))).toEqual(['Фильтр масляный']);
    await database.db.update(offers).set({ description: 'Фильтр масляный, новый' }).where(eq(offers.article, 'OC 90'));
    // Typed otherwise, the same normalized prefix: the answer kept, no second query.
    expect(descriptions(await suggestions('ос-9'))).toEqual(['Фильтр масляный']);
    expect(queries).toHaveBeenCalledTimes(1);
    forgetSuggestions();
    expect(descriptions(await suggestions('OC9'))).toEqual(['Фильтр масляный, новый']);
    expect(queries).toHaveBeenCalledTimes(2);
  });

  it('a price-list import on this instance forgets the answers kept', async () => {
    expect((await suggestions('CA')).suggestions).toEqual([]);
    const file = await folder.write(
      'north.csv',
      'Артикул;Производитель;Наименование;Цена, руб.;Остаток\nCA 500;Knecht;Фильтр салона;500;3\n',
    );
    await importPriceList(database, { supplierName: 'Юг', file });
    expect(descriptions(await suggestions('CA'))).toEqual(['Фильтр салона']);
  });

  it('switching a supplier off in the back office forgets the answers kept', async () => {
    expect(descriptions(await suggestions('HU7'))).toEqual(['Фильтр топливный']);
    const owner = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
    const response = await callAdmin(app, 'supplier-save', {
      cookie: owner,
      body: { id: east, name: 'Восток', active: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await suggestions('HU7')).suggestions).toEqual([]);
  });

  it('sends one query for the requests of a prefix that come at once', async () => {
    await insertOffers(database.db, knecht, await insertSupplier(database.db, 'Запад'), [
      { article: 'LX 1006', description: 'Фильтр воздушный', price: '100.00', quantity: 1 },
    ]);
    const query = suggestStatement.rows.bind(suggestStatement);
    // The query is held a little, so that every request arrives while it runs whatever the driver's speed.
    const queries = vi.spyOn(suggestStatement, 'rows').mockImplementation(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return query(...args);
    });
    const before = await cacheCounts();
    const answers = await Promise.all(Array.from({ length: 8 }, () => suggestions('lx10')));
    expect(queries).toHaveBeenCalledTimes(1);
    for (const answer of answers) expect(descriptions(answer)).toEqual(['Фильтр воздушный']);
    expect(await cacheCountsSince(before)).toEqual({ hit: 0, shared: 7, miss: 1 });
  });

  it('counts hits and misses in /metrics, and nothing for fewer than two characters', async () => {
    forgetSuggestions();
    const before = await cacheCounts();
    await suggestions('oc90');
    await suggestions('OC-90');
    await suggestions('OC 90');
    await suggestions('o');
    await suggestions('zz');
    expect(await cacheCountsSince(before)).toEqual({ hit: 2, shared: 0, miss: 2 });
  });

  it('with SUGGEST_CACHE_TTL_MS=0 every request queries the database', async () => {
    const { app: uncached } = await buildTestApp(database, { suggestCacheTtlMs: 0 });
    try {
      const queries = vi.spyOn(suggestStatement, 'rows');
      expect(descriptions(await suggestionsFrom(uncached, 'OC9'))).toEqual(['Фильтр масляный, новый']);
      await database.db.update(offers).set({ description: 'Фильтр масляный 2' }).where(eq(offers.article, 'OC 90'));
      expect(descriptions(await suggestionsFrom(uncached, 'OC9'))).toEqual(['Фильтр масляный 2']);
      expect(queries).toHaveBeenCalledTimes(2);
    } finally {
      await uncached.close();
    }
  });
});
