import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fromKopecks,
  toKopecks,
  TECH_API_PREFIX,
  techEndpoints,
  type CatalogGroup,
  type Offer,
  type Paginated,
} from '@detal/contract';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { brands, catalogGroupArticles, catalogGroups } from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed/index.ts';
import { demoCatalogGroups, type DemoCatalogGroup } from '../../seed/catalog-groups.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { GROUP_NOT_FOUND_MESSAGE, WRONG_CATALOG_KEY_MESSAGE } from './handlers.ts';
import { isCatalogKey } from './catalog-key.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { pricingOf } from '../pricing/client-pricing.ts';
import { sellingPrice } from '../pricing/policy.ts';

const KEY = 'test-catalog-key-4f1c';

async function postTech(
  app: FastifyInstance,
  path: string,
  payload: object,
): Promise<{ status: number; body: unknown }> {
  const response = await app.inject({ method: 'POST', url: TECH_API_PREFIX + path, payload });
  return { status: response.statusCode, body: response.json() };
}

const forbiddenBody = { message: WRONG_CATALOG_KEY_MESSAGE, error: 'forbidden' };

/** The names of a tree, nested as the demo groups are. */
interface NameTree {
  name: string;
  children: NameTree[];
}
const namesOfDemo = (groups: readonly DemoCatalogGroup[]): NameTree[] =>
  groups.map((group) => ({ name: group.name, children: namesOfDemo(group.children ?? []) }));
const namesOf = (groups: readonly CatalogGroup[]): NameTree[] =>
  groups.map((group) => ({ name: group.name, children: namesOf(group.children) }));

describe('isCatalogKey', () => {
  it('accepts exactly the configured key', () => {
    expect(isCatalogKey(KEY, KEY)).toBe(true);
    expect(isCatalogKey(`${KEY} `, KEY)).toBe(false);
    expect(isCatalogKey(KEY.slice(0, -1), KEY)).toBe(false);
    expect(isCatalogKey(KEY.toUpperCase(), KEY)).toBe(false);
    expect(isCatalogKey('', KEY)).toBe(false);
  });
});

describe('technical catalogue API', () => {
  let database: Database;
  let app: FastifyInstance;
  let testGroupId: number;
  let testOfferIds: number[];
  let testOfferPrices: number[];
  let sold: (purchase: string, brandId: number) => number;
  let soldAlpha: (purchase: string) => number;
  /** Every field of the group's offers as a client sees them, by offer id. */
  const expectedOffers = new Map<number, Offer>();

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database, { offers: 500 });
    const { db } = database;

    // A group of our own, last among the roots, with two linked parts and one part that is not linked.
    const [group] = await db
      .insert(catalogGroups)
      .values({ name: 'Тестовая группа', slug: 'test-group', position: 1000 })
      .returning({ id: catalogGroups.id });
    testGroupId = group!.id;
    const alpha = await insertBrand(db, 'AAA-TEST');
    const beta = await insertBrand(db, 'BBB-TEST');
    const supplierId = await insertSupplier(db, 'ООО Тестовый поставщик', { displayName: 'Тестовый склад' });
    const alphaIds = await insertOffers(db, alpha, supplierId, [
      { article: 'X-2', price: '300.00', quantity: 1, deliveryDays: 3, weight: '1.500' },
      { article: 'X-1', price: '100.05', quantity: 2, deliveryDays: 0 },
      { article: 'X-1', price: '99.90', quantity: 0 },
      { article: 'NOT-LINKED', price: '1.00', quantity: 1 },
    ]);
    const betaIds = await insertOffers(db, beta, supplierId, [{ article: 'X-1', price: '12345678.99', quantity: 7 }]);
    await db.insert(catalogGroupArticles).values([
      { groupId: testGroupId, brandId: alpha, articleNormalized: 'X1' },
      { groupId: testGroupId, brandId: alpha, articleNormalized: 'X2' },
      { groupId: testGroupId, brandId: beta, articleNormalized: 'X1' },
    ]);
    // The demo shop's retail prices, which an anonymous caller sees.
    const { profile } = await pricingOf(db, null);
    sold = (purchase, brandId) =>
      fromKopecks(sellingPrice(profile, { purchaseKopecks: toKopecks(purchase), supplierId, brandId }).kopecks);
    soldAlpha = (purchase) => sold(purchase, alpha);
    // By brand, then article, then cheapest selling price first (equal prices by id).
    const alphaX1 = [
      { id: alphaIds[1]!, price: soldAlpha('100.05') },
      { id: alphaIds[2]!, price: soldAlpha('99.90') },
    ].sort((left, right) => left.price - right.price || left.id - right.id);
    testOfferIds = [...alphaX1.map((entry) => entry.id), alphaIds[0]!, betaIds[0]!];
    testOfferPrices = [...alphaX1.map((entry) => entry.price), soldAlpha('300.00'), sold('12345678.99', beta)];
    const shown = { brand_name: 'AAA-TEST', supplier_name: 'Тестовый склад', delivery_probability: null };
    const alphaOffers: Offer[] = [
      {
        ...shown,
        id: alphaIds[2]!,
        article: 'X-1',
        description: 'Деталь X-1',
        delivery: null,
        price: soldAlpha('99.90'),
        quantity: 0,
        weight: null,
      },
      {
        ...shown,
        id: alphaIds[1]!,
        article: 'X-1',
        description: 'Деталь X-1',
        delivery: 0,
        price: soldAlpha('100.05'),
        quantity: 2,
        weight: null,
      },
      {
        ...shown,
        id: alphaIds[0]!,
        article: 'X-2',
        description: 'Деталь X-2',
        delivery: 3,
        price: soldAlpha('300.00'),
        quantity: 1,
        weight: 1.5,
      },
    ];
    for (const expected of alphaOffers) expectedOffers.set(expected.id, expected);

    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TECH_CATALOG_KEY: KEY }, { webBuildDir: null });
    app = await buildApp({ config, database });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('get-all-groups answers the group tree, siblings by position', async () => {
    const { status, body } = await postTech(app, 'get-all-groups', { key: KEY });
    expect(status).toBe(200);
    const parsed = techEndpoints['get-all-groups'].response.parse(body);
    expect(parsed).toEqual(body);
    expect(namesOf(parsed.data)).toEqual([
      ...namesOfDemo(demoCatalogGroups),
      { name: 'Тестовая группа', children: [] },
    ]);
    expect(parsed.data.at(-1)).toEqual({
      id: testGroupId,
      slug: 'test-group',
      name: 'Тестовая группа',
      parent_id: null,
      children: [],
    });

    const stored = await database.db.select().from(catalogGroups);
    const visit = (groups: CatalogGroup[], parentId: number | null): number => {
      let seen = 0;
      for (const group of groups) {
        const row = stored.find((candidate) => candidate.id === group.id);
        expect(row).toMatchObject({ name: group.name, slug: group.slug, parentId });
        expect(group.parent_id).toBe(parentId);
        seen += 1 + visit(group.children, group.id);
      }
      return seen;
    };
    expect(visit(parsed.data, null)).toBe(stored.length);
  });

  it('get-all-groups answers 403 with the contract body for a wrong key, and 422 without one', async () => {
    for (const key of ['wrong', `${KEY}x`, KEY.slice(1)]) {
      const { status, body } = await postTech(app, 'get-all-groups', { key });
      expect({ key, status, body }).toEqual({ key, status: 403, body: forbiddenBody });
    }
    const missing = await postTech(app, 'get-all-groups', {});
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ error: { key: ['Не указан ключ каталога'] } });
  });

  it("get-group-items pages a group's offers with exact prices", async () => {
    const first = await postTech(app, 'get-group-items', { key: KEY, group_id: testGroupId, per_page: 3 });
    expect(first.status).toBe(200);
    expect(techEndpoints['get-group-items'].response.parse(first.body)).toEqual(first.body);
    expect(first.body).toEqual({
      data: {
        data: testOfferIds.slice(0, 3).map((id) => expectedOffers.get(id)),
        current_page: 1,
        last_page: 2,
        per_page: 3,
        total: 4,
      },
    });

    const second = await postTech(app, 'get-group-items', { key: KEY, group_id: testGroupId, page: 2, per_page: 3 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      data: {
        data: [{ id: testOfferIds[3], brand_name: 'BBB-TEST', price: testOfferPrices[3], quantity: 7 }],
        current_page: 2,
        last_page: 2,
        total: 4,
      },
    });

    const past = await postTech(app, 'get-group-items', { key: KEY, group_id: testGroupId, page: 5 });
    expect(past).toEqual({
      status: 200,
      body: { data: { data: [], current_page: 5, last_page: 1, per_page: 20, total: 4 } },
    });
  });

  it('get-group-items walks a seeded group page by page without repeats', async () => {
    const [leaf] = await database.db
      .select({ id: catalogGroups.id })
      .from(catalogGroups)
      .where(eq(catalogGroups.slug, demoCatalogGroups[0]!.children![0]!.slug));
    const seen: Offer[] = [];
    let page = 1;
    let lastPage = 1;
    do {
      const { status, body } = await postTech(app, 'get-group-items', {
        key: KEY,
        group_id: leaf!.id,
        page,
        per_page: 7,
      });
      expect(status).toBe(200);
      const list: Paginated<Offer> = techEndpoints['get-group-items'].response.parse(body).data;
      lastPage = list.last_page;
      seen.push(...list.data);
      page += 1;
    } while (page <= lastPage);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((offer) => offer.id)).size).toBe(seen.length);
    const total = (await postTech(app, 'get-group-items', { key: KEY, group_id: leaf!.id })).body as {
      data: { total: number };
    };
    expect(total.data.total).toBe(seen.length);
  });

  it("get-group-items of a group includes its sub-groups' offers, each offer once", async () => {
    const { db } = database;
    const [alpha, beta] = await Promise.all(
      ['AAA-TEST', 'BBB-TEST'].map(
        async (name) => (await db.select().from(brands).where(eq(brands.name, name)))[0]!.id,
      ),
    );
    const [parent] = await db
      .insert(catalogGroups)
      .values({ name: 'Родитель', slug: 'test-parent', position: 2000 })
      .returning();
    const [child] = await db
      .insert(catalogGroups)
      .values({ name: 'Ребёнок', slug: 'test-child', parentId: parent!.id })
      .returning();
    const [grandchild] = await db
      .insert(catalogGroups)
      .values({ name: 'Внук', slug: 'test-grandchild', parentId: child!.id })
      .returning();
    await db.insert(catalogGroupArticles).values([
      // X1 of AAA-TEST is linked at two levels: its two offers must still show once each.
      { groupId: parent!.id, brandId: alpha!, articleNormalized: 'X1' },
      { groupId: child!.id, brandId: alpha!, articleNormalized: 'X1' },
      { groupId: child!.id, brandId: beta!, articleNormalized: 'X1' },
      { groupId: grandchild!.id, brandId: alpha!, articleNormalized: 'X2' },
    ]);
    const idsOf = async (groupId: number) => {
      const { status, body } = await postTech(app, 'get-group-items', { key: KEY, group_id: groupId });
      expect(status).toBe(200);
      const list = techEndpoints['get-group-items'].response.parse(body).data;
      expect(list.total).toBe(list.data.length);
      return list.data.map((offer) => offer.id);
    };
    // By brand, article, then cheapest first: AAA X1 (99.90, 100.05), AAA X2, BBB X1.
    expect(await idsOf(parent!.id)).toEqual(testOfferIds);
    expect(await idsOf(child!.id)).toEqual(testOfferIds);
    expect(await idsOf(grandchild!.id)).toEqual([testOfferIds[2]]);
  });

  it('get-group-items answers 404 for an unknown group and 403 for a wrong key', async () => {
    const unknown = await postTech(app, 'get-group-items', { key: KEY, group_id: 999_999 });
    expect(unknown).toEqual({ status: 404, body: { message: GROUP_NOT_FOUND_MESSAGE, error: 'not_found' } });
    // An id no integer column can hold is refused as input, naming the field (issue 16).
    const beyondAnyId = await postTech(app, 'get-group-items', { key: KEY, group_id: 3_000_000_000 });
    expect(beyondAnyId.status).toBe(422);
    expect(beyondAnyId.body).toMatchObject({ error: { group_id: ['Некорректный идентификатор'] } });
    const wrongKey = await postTech(app, 'get-group-items', { key: 'wrong', group_id: testGroupId });
    expect(wrongKey).toEqual({ status: 403, body: forbiddenBody });
  });
});
