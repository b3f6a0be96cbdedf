import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_MAX_LENGTH,
  SHOP_API_PREFIX,
  normalizeBrand,
  shopEndpoints,
  type SearchItem,
  type SearchResult,
} from '@detal/contract';
import type { Database, Db } from '../../db/index.ts';
import { brandAliases, crossReferences } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';

const SEARCH_URL = `${SHOP_API_PREFIX}products-search`;

interface Answer {
  status: number;
  body: unknown;
}

async function postSearch(app: FastifyInstance, payload: object): Promise<Answer> {
  const response = await app.inject({ method: 'POST', url: SEARCH_URL, payload });
  return { status: response.statusCode, body: response.json() };
}

/** A successful search's result, checked against the contract's response schema. */
async function search(app: FastifyInstance, payload: object): Promise<SearchResult> {
  const { status, body } = await postSearch(app, payload);
  expect(status, JSON.stringify(payload)).toBe(200);
  const parsed = shopEndpoints['products-search'].response.parse(body);
  expect(parsed).toEqual(body);
  return parsed.data.result_products_search;
}

/** A brand with its own normalized name and `aliases` in the alias table, as the import creates brands. */
async function insertBrandWithAliases(db: Db, name: string, aliases: readonly string[] = []): Promise<number> {
  const brandId = await insertBrand(db, name);
  const spellings = new Set([name, ...aliases].map(normalizeBrand));
  await db.insert(brandAliases).values([...spellings].map((aliasNormalized) => ({ aliasNormalized, brandId })));
  return brandId;
}

const idsOf = (items: readonly SearchItem[]) => items.map((item) => item.id);
const groupsOf = (items: readonly SearchItem[]) => items.map((item) => [item.group, item.id] as const);

describe('products-search with exact data', () => {
  let database: Database;
  let app: FastifyInstance;
  /** Offer ids by fixture name. */
  let southShownAs = '';
  const offer: Record<string, number> = {};
  const remember = (names: readonly string[], ids: readonly number[]) =>
    names.forEach((name, index) => {
      offer[name] = ids[index]!;
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const knecht = await insertBrandWithAliases(db, 'KNECHT', ['KNECHT FILTER']);
    const mahle = await insertBrandWithAliases(db, 'MAHLE', ['MAHLE ORIGINAL']);
    const mann = await insertBrandWithAliases(db, 'MANN-FILTER', ['MANN', 'MANN+HUMMEL']);
    const vag = await insertBrandWithAliases(db, 'VAG', ['VW', 'VOLKSWAGEN']);
    const bosch = await insertBrandWithAliases(db, 'BOSCH');
    const north = await insertSupplier(db, 'ООО Север-Трейд', { displayName: 'Склад Север', deliveryProbability: 90 });
    const south = await insertSupplier(db, 'ООО Юг-Трейд');
    southShownAs = `Склад ${south}`;

    remember(
      ['k1', 'k3'],
      await insertOffers(db, knecht, north, [
        {
          article: 'OC 90',
          description: 'Фильтр масляный',
          price: '505.00',
          quantity: 3,
          deliveryDays: 2,
          weight: '0.305',
        },
        { article: 'OC 90', description: 'Фильтр масляный', price: '505.00', quantity: 10, deliveryDays: null },
      ]),
    );
    remember(
      ['k2', 'k4'],
      await insertOffers(db, knecht, south, [
        { article: 'OC 90', description: 'Фильтр масляный', price: '499.99', quantity: 0, deliveryDays: 1 },
        // Another written form of the same article, in another description.
        { article: 'OC-90', description: 'Фильтр масла KNECHT', price: '620.10', quantity: 1, deliveryDays: 0 },
      ]),
    );
    remember(
      ['m1', 'm2'],
      await insertOffers(db, mahle, north, [
        { article: 'OC 90', description: 'Фильтр масляный', price: '482.00', quantity: 5, deliveryDays: 3 },
        { article: 'OC 90', description: 'Фильтр масляный', price: '1234.56', quantity: 2, deliveryDays: 1 },
      ]),
    );
    remember(
      ['w1', 'w2'],
      await insertOffers(db, mann, south, [
        { article: 'W 712/75', description: 'Фильтр масляный', price: '469.00', quantity: 1, deliveryDays: 6 },
        { article: 'W 712/75', description: 'Фильтр масляный', price: '471.50', quantity: 0, deliveryDays: 7 },
      ]),
    );
    remember(
      ['old'],
      await insertOffers(db, mann, north, [
        {
          article: 'W 712/73',
          description: 'Фильтр масляный (снят с производства)',
          price: '496.10',
          quantity: 4,
          deliveryDays: 10,
        },
      ]),
    );
    remember(
      ['b1'],
      await insertOffers(db, bosch, north, [
        { article: '0 451 103 316', description: 'Фильтр масляный', price: '700.00', quantity: 1, deliveryDays: 5 },
      ]),
    );
    // Another article of a found brand: never part of an OC 90 answer.
    remember(['other'], await insertOffers(db, knecht, north, [{ article: 'OC 91', price: '1.00', quantity: 1 }]));

    const link = (
      brandIdA: number,
      articleA: string,
      brandIdB: number,
      articleB: string,
      type: 'oem' | 'replacement' | 'analog',
    ) => ({
      brandIdA,
      articleNormalizedA: articleA,
      brandIdB,
      articleNormalizedB: articleB,
      type,
    });
    await db.insert(crossReferences).values([
      // KNECHT OC 90 is side b here: MAHLE is its analog only in the reverse direction.
      link(mahle, 'OC90', knecht, 'OC90', 'analog'),
      // ...and side a here, with the same pair also written the other way round.
      link(knecht, 'OC90', mann, 'W71275', 'analog'),
      link(mann, 'W71275', knecht, 'OC90', 'analog'),
      link(mahle, 'OC90', mann, 'W71275', 'analog'),
      // The original part, which no supplier offers.
      link(vag, '030115561AN', knecht, 'OC90', 'oem'),
      link(mann, 'W71273', mann, 'W71275', 'replacement'),
      link(bosch, '0451103316', mahle, 'OC90', 'analog'),
      // A part linked to itself: not an analog of itself.
      link(knecht, 'OC90', knecht, 'OC90', 'analog'),
    ]);
    ({ app } = await buildTestApp(database));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const knechtByPrice = () => [offer.k2, offer.k1, offer.k3, offer.k4];
  // One hop: MANN-FILTER W 712/75, MAHLE OC 90 (and VAG, without offers); two hops: MANN-FILTER W 712/73 through
  // W 712/75, BOSCH through MAHLE.
  const knechtAnalogsByPrice = () => [offer.w1, offer.w2, offer.m1, offer.old, offer.b1, offer.m2];

  it('answers a brand search with exact offers: requested first, then analogs of two hops from both directions', async () => {
    const result = await search(app, { article: 'OC90', brand_name: 'KNECHT' });
    expect(result.article).toBe('OC90');
    expect(result.normalized_article).toBe('OC90');
    expect(result.brand_name).toBe('KNECHT');
    expect(groupsOf(result.items)).toEqual([
      ...knechtByPrice().map((id) => ['requested', id] as const),
      ...knechtAnalogsByPrice().map((id) => ['analog', id] as const),
    ]);
    expect(result.items[0]).toEqual({
      id: offer.k2,
      article: 'OC 90',
      brand_name: 'KNECHT',
      description: 'Фильтр масляный',
      delivery: 1,
      supplier_name: southShownAs,
      delivery_probability: null,
      price: 499.99,
      quantity: 0,
      weight: null,
      group: 'requested',
      delivery_stats: null,
    });
    expect(result.items[1]).toEqual({
      id: offer.k1,
      article: 'OC 90',
      brand_name: 'KNECHT',
      description: 'Фильтр масляный',
      delivery: 2,
      supplier_name: 'Склад Север',
      delivery_probability: 90,
      price: 505,
      quantity: 3,
      weight: 0.305,
      group: 'requested',
      delivery_stats: null,
    });
    expect(result.items.find((item) => item.id === offer.m2)).toMatchObject({
      brand_name: 'MAHLE',
      price: 1234.56,
      group: 'analog',
    });
  });

  it('lists the brands that have the article as chips with exact figures', async () => {
    const result = await search(app, { article: 'OC90', brand_name: 'KNECHT' });
    expect(result.brands).toEqual([
      {
        brand_name: 'KNECHT',
        // Three offers write 'OC 90', one 'OC-90': the most common form is shown.
        article: 'OC 90',
        description: 'Фильтр масляный',
        offers_count: 4,
        min_price: 499.99,
        min_delivery: 0,
      },
      {
        brand_name: 'MAHLE',
        article: 'OC 90',
        description: 'Фильтр масляный',
        offers_count: 2,
        min_price: 482,
        min_delivery: 1,
      },
    ]);
  });

  it.each(['oc 90', 'OC-90', 'ос90', 'ОС 90', 'OC90', ' oc.90 ', 'oc/90'])(
    'finds the same offers for the written form %j',
    async (article) => {
      const withBrand = await search(app, { article, brand_name: 'KNECHT' });
      expect(withBrand.article).toBe(article.trim());
      expect(withBrand.normalized_article).toBe('OC90');
      expect(idsOf(withBrand.items)).toEqual([...knechtByPrice(), ...knechtAnalogsByPrice()]);
      const chips = await search(app, { article });
      expect(chips.brands.map((chip) => chip.brand_name)).toEqual(['KNECHT', 'MAHLE']);
    },
  );

  it.each(['MANN', 'Mann-Filter', 'MANN-FILTER', 'mann filter', 'MANN+HUMMEL', ' mann-filter '])(
    'matches the brand through its alias %j',
    async (brandName) => {
      const result = await search(app, { article: 'W 712/75', brand_name: brandName });
      expect(result.brand_name).toBe('MANN-FILTER');
      expect(groupsOf(result.items)).toEqual([
        ['requested', offer.w1],
        ['requested', offer.w2],
        // KNECHT's offers once, though the pair is linked in both directions; BOSCH two hops away, through MAHLE.
        ['analog', offer.m1],
        ['analog', offer.old],
        ['analog', offer.k2],
        ['analog', offer.k1],
        ['analog', offer.k3],
        ['analog', offer.k4],
        ['analog', offer.b1],
        ['analog', offer.m2],
      ]);
    },
  );

  it('finds analogs in both directions: side a lists side b and side b lists side a', async () => {
    // MAHLE is side a of its links: KNECHT and MANN-FILTER are on side b, BOSCH links to it from side a.
    const mahle = await search(app, { article: 'OC 90', brand_name: 'MAHLE' });
    expect(new Set(mahle.items.filter((item) => item.group === 'analog').map((item) => item.brand_name))).toEqual(
      new Set(['KNECHT', 'MANN-FILTER', 'BOSCH']),
    );
    // The replaced article finds its successor (side b), and the successor finds it (side a).
    // ...and through it, at two hops, the successor's own analogs.
    const old = await search(app, { article: 'W 712/73', brand_name: 'MANN' });
    expect(groupsOf(old.items)).toEqual([
      ['requested', offer.old],
      ...[offer.w1, offer.w2, offer.m1, offer.k2, offer.k1, offer.k3, offer.k4, offer.m2].map(
        (id) => ['analog', id] as const,
      ),
    ]);
  });

  it('lists the same parts for every brand of one part, and never a part three hops away', async () => {
    // KNECHT OC 90, MAHLE OC 90 and MANN-FILTER W 712/75 are one part under three brands.
    const partsOf = async (article: string, brandName: string) => {
      const result = await search(app, { article, brand_name: brandName });
      return new Set(result.items.map((item) => `${item.brand_name} ${item.article}`));
    };
    const knecht = await partsOf('OC 90', 'KNECHT');
    expect(knecht).toEqual(
      new Set([
        'KNECHT OC 90',
        'KNECHT OC-90',
        'MAHLE OC 90',
        'MANN-FILTER W 712/75',
        'MANN-FILTER W 712/73',
        'BOSCH 0 451 103 316',
      ]),
    );
    expect(await partsOf('OC 90', 'MAHLE')).toEqual(knecht);
    expect(await partsOf('W 712/75', 'MANN')).toEqual(knecht);
    // W 712/73 -> W 712/75 -> MAHLE OC 90 -> BOSCH is three hops: BOSCH is not its analog.
    expect(await partsOf('W 712/73', 'MANN')).not.toContain('BOSCH 0 451 103 316');
  });

  it('leaves analogs out with analogs: false', async () => {
    const result = await search(app, { article: 'OC90', brand_name: 'KNECHT', analogs: false });
    expect(groupsOf(result.items)).toEqual(knechtByPrice().map((id) => ['requested', id] as const));
  });

  it('sorts each group by delivery, then price, unknown delivery last', async () => {
    const result = await search(app, { article: 'OC90', brand_name: 'KNECHT', sort: 'delivery' });
    expect(groupsOf(result.items)).toEqual([
      ['requested', offer.k4], // 0 days
      ['requested', offer.k2], // 1
      ['requested', offer.k1], // 2
      ['requested', offer.k3], // unknown
      ['analog', offer.m2], // 1
      ['analog', offer.m1], // 3
      ['analog', offer.b1], // 5
      ['analog', offer.w1], // 6
      ['analog', offer.w2], // 7
      ['analog', offer.old], // 10
    ]);
  });

  it('sorts by price, then delivery: equal prices put the known delivery first', async () => {
    const result = await search(app, { article: 'OC90', brand_name: 'KNECHT', sort: 'price' });
    const requested = result.items.filter((item) => item.group === 'requested');
    expect(requested.map((item) => [item.price, item.delivery])).toEqual([
      [499.99, 1],
      [505, 2],
      [505, null],
      [620.1, 0],
    ]);
  });

  it('filters to offers in stock', async () => {
    const result = await search(app, { article: 'OC90', brand_name: 'KNECHT', in_stock: true });
    expect(idsOf(result.items)).toEqual([
      ...[offer.k1, offer.k3, offer.k4],
      ...[offer.w1, offer.m1, offer.old, offer.b1, offer.m2],
    ]);
    expect(result.items.every((item) => item.quantity > 0)).toBe(true);
  });

  it('filters by the longest delivery, leaving out offers of unknown delivery', async () => {
    const within2 = await search(app, { article: 'OC90', brand_name: 'KNECHT', max_delivery: 2 });
    expect(groupsOf(within2.items)).toEqual([
      ['requested', offer.k2],
      ['requested', offer.k1],
      ['requested', offer.k4],
      ['analog', offer.m2],
    ]);
    const today = await search(app, { article: 'OC90', brand_name: 'KNECHT', max_delivery: 0, in_stock: true });
    expect(idsOf(today.items)).toEqual([offer.k4]);
    // Filters narrow the items only: the chips still count every offer.
    expect(today.brands.find((chip) => chip.brand_name === 'KNECHT')?.offers_count).toBe(4);
  });

  it('lists chips without a brand and leaves items empty when several brands have the article', async () => {
    const result = await search(app, { article: 'oc-90' });
    expect(result).toMatchObject({ article: 'oc-90', normalized_article: 'OC90', brand_name: null, items: [] });
    expect(result.brands.map((chip) => [chip.brand_name, chip.offers_count])).toEqual([
      ['KNECHT', 4],
      ['MAHLE', 2],
    ]);
  });

  it('goes straight to the full result when exactly one brand has the article', async () => {
    const result = await search(app, { article: '0451103316' });
    expect(result.brand_name).toBe('BOSCH');
    expect(result.brands).toEqual([
      {
        brand_name: 'BOSCH',
        article: '0 451 103 316',
        description: 'Фильтр масляный',
        offers_count: 1,
        min_price: 700,
        min_delivery: 5,
      },
    ]);
    expect(groupsOf(result.items)).toEqual([
      ['requested', offer.b1],
      // MAHLE OC 90, then its own analogs: KNECHT OC 90 and MANN-FILTER W 712/75.
      ...[offer.w1, offer.w2, offer.m1, offer.k2, offer.k1, offer.k3, offer.k4, offer.m2].map(
        (id) => ['analog', id] as const,
      ),
    ]);
    // The shortcut honours sort and filters like a brand search.
    const sorted = await search(app, { article: '0451103316', sort: 'delivery', in_stock: true });
    expect(idsOf(sorted.items)).toEqual([offer.b1, offer.k4, offer.m2, offer.k1, offer.m1, offer.w1, offer.k3]);
  });

  it('shows a brand known only through cross-references as a chip without offers, with its analogs', async () => {
    const result = await search(app, { article: '030 115 561 AN' });
    expect(result.brand_name).toBe('VAG');
    expect(result.brands).toEqual([
      {
        brand_name: 'VAG',
        article: '030115561AN',
        description: '',
        offers_count: 0,
        min_price: null,
        min_delivery: null,
      },
    ]);
    // KNECHT OC 90, and at two hops its analogs MAHLE OC 90 and MANN-FILTER W 712/75.
    const vagAnalogs = [offer.w1, offer.w2, offer.m1, ...knechtByPrice(), offer.m2];
    expect(groupsOf(result.items)).toEqual(vagAnalogs.map((id) => ['analog', id] as const));
    const byAlias = await search(app, { article: '030115561AN', brand_name: 'Volkswagen' });
    expect(idsOf(byAlias.items)).toEqual(vagAnalogs);
  });

  it('answers 200 with nothing for an unknown article', async () => {
    expect(await search(app, { article: 'ZZ-404' })).toEqual({
      article: 'ZZ-404',
      normalized_article: 'ZZ404',
      brand_name: null,
      brands: [],
      items: [],
    });
    // A known brand is named in its own spelling even when it has nothing of the article.
    expect(await search(app, { article: 'ZZ-404', brand_name: 'knecht filter' })).toEqual({
      article: 'ZZ-404',
      normalized_article: 'ZZ404',
      brand_name: 'KNECHT',
      brands: [],
      items: [],
    });
    // Only separators: nothing can match.
    expect(await search(app, { article: ' -/. ' })).toEqual({
      article: '-/.',
      normalized_article: '',
      brand_name: null,
      brands: [],
      items: [],
    });
  });

  it('answers no items, but the chips, for an unknown brand or a brand without the article', async () => {
    const unknown = await search(app, { article: 'OC90', brand_name: 'NO SUCH BRAND' });
    expect(unknown.brand_name).toBeNull();
    expect(unknown.items).toEqual([]);
    expect(unknown.brands.map((chip) => chip.brand_name)).toEqual(['KNECHT', 'MAHLE']);

    const without = await search(app, { article: 'OC90', brand_name: 'bosch' });
    expect(without.brand_name).toBe('BOSCH');
    expect(without.items).toEqual([]);
    expect(without.brands.map((chip) => chip.brand_name)).toEqual(['KNECHT', 'MAHLE']);
  });

  it('treats an empty brand_name as no brand', async () => {
    const result = await search(app, { article: 'OC90', brand_name: '  ' });
    expect(result.brand_name).toBeNull();
    expect(result.items).toEqual([]);
    expect(result.brands).toHaveLength(2);
  });

  it('finds an article typed on the Russian keyboard layout when the typed form finds nothing', async () => {
    const chips = await search(app, { article: 'щс90' });
    expect(chips.article).toBe('щс90');
    expect(chips.normalized_article).toBe('OC90');
    expect(chips.brands.map((chip) => chip.brand_name)).toEqual(['KNECHT', 'MAHLE']);
    const full = await search(app, { article: 'Щс-90', brand_name: 'KNECHT' });
    expect(idsOf(full.items)).toEqual([...knechtByPrice(), ...knechtAnalogsByPrice()]);
    // A swapped form that finds nothing either keeps the article as typed.
    expect(await search(app, { article: 'щщщ' })).toEqual({
      article: 'щщщ',
      normalized_article: 'ЩЩЩ',
      brand_name: null,
      brands: [],
      items: [],
    });
  });

  it('answers 422 with the Russian field message for an empty or oversized article', async () => {
    for (const article of ['', '   ']) {
      expect(await postSearch(app, { article })).toEqual({
        status: 422,
        body: { message: expect.any(String), error: { article: ['Введите артикул'] } },
      });
    }
    expect(await postSearch(app, {})).toMatchObject({ status: 422, body: { error: { article: ['Введите артикул'] } } });
    expect(await postSearch(app, { article: 'X'.repeat(ARTICLE_MAX_LENGTH + 1) })).toEqual({
      status: 422,
      body: { message: expect.any(String), error: { article: ['Артикул должен содержать не более 64 символов'] } },
    });
    // The limit counts the trimmed article.
    const longest = await search(app, { article: ` ${'X'.repeat(ARTICLE_MAX_LENGTH)} ` });
    expect(longest.article).toHaveLength(ARTICLE_MAX_LENGTH);
    const badOptions = await postSearch(app, { article: 'OC90', sort: 'name', max_delivery: -1 });
    expect(badOptions.status).toBe(422);
    expect(Object.keys((badOptions.body as { error: object }).error).sort()).toEqual(['max_delivery', 'sort']);
  });
});

describe('products-search on the demo catalogue', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The size the end-to-end journeys use.
    await seedDemoData(database, { offers: 3000 });
    ({ app } = await buildTestApp(database));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('finds OC 90 under MAHLE and KNECHT, each with requested offers and analogs', async () => {
    const chips = await search(app, { article: 'oc-90' });
    expect(chips.brands.map((chip) => chip.brand_name)).toEqual(['KNECHT', 'MAHLE']);
    for (const chip of chips.brands) {
      expect(chip.article).toBe('OC 90');
      const full = await search(app, { article: 'oc-90', brand_name: chip.brand_name });
      const requested = full.items.filter((item) => item.group === 'requested');
      const analogs = full.items.filter((item) => item.group === 'analog');
      expect(requested).toHaveLength(chip.offers_count);
      expect(requested.every((item) => item.brand_name === chip.brand_name)).toBe(true);
      expect(Math.min(...requested.map((item) => item.price))).toBe(chip.min_price);
      expect(analogs.length).toBeGreaterThan(0);
      expect(analogs.every((item) => item.brand_name !== chip.brand_name || item.article !== 'OC 90')).toBe(true);
    }
  });

  it('finds a demo brand by each of its aliases', async () => {
    const byName = await search(app, { article: 'W 712/75', brand_name: 'MANN-FILTER' });
    expect(byName.items.length).toBeGreaterThan(0);
    for (const alias of ['MANN', 'Mann-Filter', 'MANN FILTER']) {
      const byAlias = await search(app, { article: 'w712/75', brand_name: alias });
      expect(byAlias.brand_name).toBe('MANN-FILTER');
      expect(idsOf(byAlias.items)).toEqual(idsOf(byName.items));
    }
  });
});
