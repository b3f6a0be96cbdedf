import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fromKopecks,
  SHOP_API_PREFIX,
  TECH_API_PREFIX,
  toKopecks,
  type Basket,
  type SearchResult,
} from '@detal/contract';
import { loadAdminCommands } from '../../cli/admin.ts';
import type { Database } from '../../db/index.ts';
import {
  catalogGroupArticles,
  catalogGroups,
  clientGroups,
  clients,
  orderItems,
  recommendations,
} from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';
import { callShop, registerClient, type RegisteredClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { writeBillSettings } from '../../../test/fixtures/bills.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { writeDeliveryMethods } from '../../../test/fixtures/orders.ts';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import { listGroups } from './groups.ts';
import { sellingPrice, type PricingProfile } from './policy.ts';

/*
 * Selling prices through the real app: profiles set with the admin command, clients registered over HTTP,
 * every price checked against the policy function (never a hard-coded float).
 */

const KEY = 'pricing-test-catalog-key';
// Real supplier names: no client-facing answer may contain them.
const SECRET_SUPPLIER = 'ООО «Тайный Дистрибьютор»';
const PLAIN_SUPPLIER = 'ИП Скрытов Поставщик';
// Purchase prices with digits no selling price here has, so that finding them in an answer means a leak.
const PURCHASE = { mannFar: '1234.57', mannNear: '271.83', bosch: '613.29' } as const;

let database: Database;
let app: FastifyInstance;
let workDir: string;
const brand = { mann: 0, bosch: 0 };
const supplier = { secret: 0, plain: 0 };
const offer = { mannFar: 0, mannNear: 0, bosch: 0 };
let groupId = 0;

const commands = await loadAdminCommands();
const admin = (...argv: string[]) => runAdminInProcess(database, commands, argv);

/** Sets a profile through `pricing-set`, as the shop owner does; fails the test when the command refuses it. */
async function setProfile(file: object): Promise<void> {
  const filePath = path.join(workDir, `profile-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(filePath, JSON.stringify(file));
  const run = await admin('pricing-set', '--file', filePath);
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
}

const RETAIL_FILE = {
  group: 'Розница',
  base_markup: 30,
  bands: [
    { from: 0, to: 300, markup: 60 },
    { from: 300, to: 1000, markup: 40 },
    { from: 1000, to: null, markup: 25 },
  ],
  rounding: 'kopeck',
  min_margin: 20,
};
const WHOLESALE_FILE = { group: 'Опт', base_markup: 12.5, rounding: 'rouble', min_margin: 50 };

/** The stored profile of a group, as the policy reads it. */
async function profileOf(name: string): Promise<PricingProfile> {
  const group = (await listGroups(database.db)).find((candidate) => candidate.name === name);
  if (!group) throw new Error(`no group ${name}`);
  return group.profile;
}

/** What the policy says a client of `group` (with `discount` basis points) pays for `offerId`, in roubles. */
async function expectedPrice(group: string, offerId: number, discount = 0): Promise<number> {
  const fixtures = {
    [offer.mannFar]: { purchase: PURCHASE.mannFar, supplierId: supplier.secret, brandId: brand.mann },
    [offer.mannNear]: { purchase: PURCHASE.mannNear, supplierId: supplier.plain, brandId: brand.mann },
    [offer.bosch]: { purchase: PURCHASE.bosch, supplierId: supplier.secret, brandId: brand.bosch },
  };
  const fixture = fixtures[offerId]!;
  const priced = { purchaseKopecks: toKopecks(fixture.purchase), ...fixture };
  return fromKopecks(sellingPrice(await profileOf(group), priced, discount).kopecks);
}

async function ok<T>(path: Parameters<typeof callShop>[1], body: unknown, token: string | null = null): Promise<T> {
  const response = await callShop(app, path, { body, token });
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

const search = (article: string, brandName: string, token: string | null = null) =>
  ok<{ result_products_search: SearchResult }>('products-search', { article, brand_name: brandName }, token).then(
    (data) => data.result_products_search,
  );

async function clientIdOf(registered: RegisteredClient): Promise<number> {
  const [row] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.email, registered.email));
  return row!.id;
}

async function registerInGroup(group: string | null): Promise<RegisteredClient & { id: number }> {
  const registered = await registerClient(app);
  const id = await clientIdOf(registered);
  if (group !== null) expect((await admin('client-group', '--client', String(id), '--group', group)).code).toBe(0);
  return { ...registered, id };
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'detal-pricing-'));
  database = await createTestDatabase();
  const { db } = database;
  await writeDeliveryMethods(db);
  await writeBillSettings(db, 20);
  brand.mann = await insertBrand(db, 'MANN-FILTER');
  brand.bosch = await insertBrand(db, 'BOSCH');
  supplier.secret = await insertSupplier(db, SECRET_SUPPLIER, { displayName: 'Склад Север', deliveryProbability: 90 });
  supplier.plain = await insertSupplier(db, PLAIN_SUPPLIER);
  offer.mannFar = firstOf(
    await insertOffers(db, brand.mann, supplier.secret, [
      { article: 'W 712/75', price: PURCHASE.mannFar, quantity: 50, deliveryDays: 3 },
    ]),
  );
  offer.mannNear = firstOf(
    await insertOffers(db, brand.mann, supplier.plain, [
      { article: 'W 712/75', price: PURCHASE.mannNear, quantity: 50, deliveryDays: 1 },
    ]),
  );
  offer.bosch = firstOf(
    await insertOffers(db, brand.bosch, supplier.secret, [
      { article: '0 451 103 316', price: PURCHASE.bosch, quantity: 50, deliveryDays: 2 },
    ]),
  );
  const [group] = await db
    .insert(catalogGroups)
    .values({ name: 'Фильтры', slug: 'filters-pricing' })
    .returning({ id: catalogGroups.id });
  groupId = group!.id;
  await db.insert(catalogGroupArticles).values([
    { groupId, brandId: brand.mann, articleNormalized: 'W71275' },
    { groupId, brandId: brand.bosch, articleNormalized: '0451103316' },
  ]);
  await db.insert(recommendations).values([
    { blockId: 1, brandId: brand.mann, articleNormalized: 'W71275', position: 1 },
    { blockId: 1, brandId: brand.bosch, articleNormalized: '0451103316', position: 2 },
  ]);
  ({ app } = await buildTestApp(database, { techCatalogKey: KEY }));
  await setProfile(RETAIL_FILE);
  await setProfile(WHOLESALE_FILE);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('one selling price everywhere', () => {
  it('shows the same offer at different prices to an anonymous visitor, a retail client and a wholesale client', async () => {
    const retail = await registerInGroup(null);
    const wholesale = await registerInGroup('Опт');
    const anonymousResult = await search('W712/75', 'MANN-FILTER');
    const retailResult = await search('W712/75', 'MANN-FILTER', retail.token);
    const wholesaleResult = await search('W712/75', 'MANN-FILTER', wholesale.token);
    const priceOf = (result: SearchResult, id: number) => result.items.find((item) => item.id === id)?.price;

    const retailPrice = await expectedPrice('Розница', offer.mannFar);
    const wholesalePrice = await expectedPrice('Опт', offer.mannFar);
    expect(retailPrice).not.toBe(wholesalePrice);
    expect(priceOf(anonymousResult, offer.mannFar)).toBe(retailPrice);
    expect(priceOf(retailResult, offer.mannFar)).toBe(retailPrice);
    expect(priceOf(wholesaleResult, offer.mannFar)).toBe(wholesalePrice);
    // The 25 % band of a 1 234.57 ₽ purchase, to the kopeck: 1 543.2125 -> 1 543.21.
    expect(retailPrice).toBe(1543.21);

    // The brand chip's min_price is the lowest selling price, for that viewer.
    const chip = (result: SearchResult) => result.brands.find((candidate) => candidate.brand_name === 'MANN-FILTER');
    const cheapestRetail = Math.min(retailPrice, await expectedPrice('Розница', offer.mannNear));
    expect(chip(anonymousResult)?.min_price).toBe(cheapestRetail);
    expect(chip(wholesaleResult)?.min_price).toBe(await expectedPrice('Опт', offer.mannNear));

    // Display names and probabilities, never the real names.
    expect(wholesaleResult.items.find((item) => item.id === offer.mannFar)).toMatchObject({
      supplier_name: 'Склад Север',
      delivery_probability: 90,
    });
    expect(wholesaleResult.items.find((item) => item.id === offer.mannNear)).toMatchObject({
      supplier_name: `Склад ${supplier.plain}`,
      delivery_probability: null,
    });
  });

  it('sees a rule change at the next search, where a brand override beats the band', async () => {
    const before = await search('0451103316', 'BOSCH');
    const banded = await expectedPrice('Розница', offer.bosch);
    expect(before.items[0]?.price).toBe(banded);
    await setProfile({ ...RETAIL_FILE, brands: { bosch: 10 } });
    const after = await search('0451103316', 'BOSCH');
    // 613.29 + 10 % = 674.619 -> 674.62, not the 40 % band's 858.61.
    expect(after.items[0]?.price).toBe(674.62);
    expect(after.items[0]?.price).toBe(await expectedPrice('Розница', offer.bosch));
    expect(banded).toBe(858.61);
    await setProfile(RETAIL_FILE);
  });

  it('takes a personal discount off, but never below the purchase price plus the minimum margin', async () => {
    const client = await registerInGroup('Опт');
    expect((await admin('client-discount', '--client', String(client.id), '--percent', '5')).code).toBe(0);
    const discounted = await search('W712/75', 'MANN-FILTER', client.token);
    expect(discounted.items.find((item) => item.id === offer.mannFar)?.price).toBe(
      await expectedPrice('Опт', offer.mannFar, 500),
    );
    expect((await admin('client-discount', '--client', String(client.id), '--percent', '90')).code).toBe(0);
    const floored = await search('W712/75', 'MANN-FILTER', client.token);
    // 1 234.57 + 50 ₽ minimum margin = 1 284.57, rounded up to the rouble: 1 285.
    expect(floored.items.find((item) => item.id === offer.mannFar)?.price).toBe(1285);
    expect(await expectedPrice('Опт', offer.mannFar, 9000)).toBe(1285);
  });
});

describe('the basket, the checkout and the bill', () => {
  it("marks a basket line changed when the client's group changes, and shows the new price", async () => {
    const client = await registerInGroup(null);
    const ref = { basket_id: client.basket_id, basket_key: client.basket_key };
    await ok('basket-add-item', { ...ref, item: { id: offer.mannFar }, quantity: 2 }, client.token);
    const before = await ok<Basket>('basket-show', ref, client.token);
    expect(before.items[0]).toMatchObject({
      price: await expectedPrice('Розница', offer.mannFar),
      price_changed: false,
    });
    await admin('client-group', '--client', String(client.id), '--group', 'Опт');
    const after = await ok<Basket>('basket-show', ref, client.token);
    expect(after.items[0]).toMatchObject({ price: await expectedPrice('Опт', offer.mannFar), price_changed: true });
  });

  it('re-checks selling prices at step 2 (409, then success on resubmit); the bill is the sum of selling prices', async () => {
    const client = await registerInGroup(null);
    const ref = { basket_id: client.basket_id, basket_key: client.basket_key };
    await ok('basket-add-item', { ...ref, item: { id: offer.mannFar }, quantity: 2 }, client.token);
    await ok('basket-add-item', { ...ref, item: { id: offer.bosch }, quantity: 1 }, client.token);
    const lineIds = (await ok<Basket>('basket-show', ref, client.token)).items.map((item) => item.id);
    await ok('basket-create-order-order-step1-from-items-post', { ...ref, itemsForOrder: lineIds }, client.token);
    await admin('client-group', '--client', String(client.id), '--group', 'Опт');

    const form = {
      ...ref,
      itemsForOrder: lineIds,
      client_shops_email: client.email,
      first_name: 'Иван',
      last_name: 'Петров',
      middle_name: '',
      company_name: 'ООО «Ромашка»',
      phone_number: '+7 999 123-45-67',
      delivery_method_id: 1,
      delivery_address_id: null,
      delivery_address: null,
    };
    const changed = await callShop(app, 'create-order-order-step2-from-items-post', {
      body: form,
      token: client.token,
    });
    expect(changed.statusCode).toBe(409);
    const placed = await ok<{ orderForClient: { id: number } }>(
      'create-order-order-step2-from-items-post',
      form,
      client.token,
    );
    const orderId = placed.orderForClient.id;

    const far = await expectedPrice('Опт', offer.mannFar);
    const bosch = await expectedPrice('Опт', offer.bosch);
    const order = await ok<{ items: { price: number; quantity: number }[]; total_price: number }>(
      'show-client-order-post',
      { id: orderId },
      client.token,
    );
    expect(order.items.map((item) => item.price).sort()).toEqual([far, bosch].sort());
    const expectedTotal = fromKopecks(toKopecks(far) * 2 + toKopecks(bosch));
    expect(order.total_price).toBe(expectedTotal);
    const bills = await ok<{ data: { clients_shops_orders_id: number; price_sum: number }[] }>(
      'client-bill-all-post',
      {},
      client.token,
    );
    expect(bills.data.find((bill) => bill.clients_shops_orders_id === orderId)?.price_sum).toBe(expectedTotal);

    // The shop keeps its side of each line: purchase price, selling price and the profile used.
    const wholesale = (await listGroups(database.db)).find((group) => group.name === 'Опт')!;
    const lines = await database.db
      .select({
        price: orderItems.price,
        purchasePrice: orderItems.purchasePrice,
        profileId: orderItems.pricingProfileId,
        supplierId: orderItems.supplierId,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line.profileId).toBe(wholesale.profileId);
      expect(line.supplierId).toBe(supplier.secret);
      expect([PURCHASE.mannFar, PURCHASE.bosch]).toContain(line.purchasePrice);
    }
  });
});

describe('nothing a client receives names a real supplier or a purchase price', () => {
  it('walks every client-facing answer of a journey', async () => {
    const client = await registerInGroup('Опт');
    const ref = { basket_id: client.basket_id, basket_key: client.basket_key };
    const token = client.token;
    const answers: string[] = [];
    const keep = async (path: Parameters<typeof callShop>[1], body: unknown, as: string | null = token) => {
      const response = await callShop(app, path, { body, token: as });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      answers.push(`${path}: ${response.body}`);
      return response;
    };

    // An anonymous visitor's search and basket (the retail group's prices).
    await keep('products-search', { article: 'W712/75', brand_name: 'MANN-FILTER' }, null);
    const anonymous = (
      await keep('basket-add-item', { basket_id: null, basket_key: null, item: { id: offer.bosch }, quantity: 1 }, null)
    ).json() as {
      data: { basket_id: number; basket_key: string };
    };
    const anonymousRef = { basket_id: anonymous.data.basket_id, basket_key: anonymous.data.basket_key };
    await keep('basket-show', anonymousRef, null);

    await keep('products-search', { article: 'W712/75' });
    await keep('products-search', { article: 'W712/75', brand_name: 'MANN-FILTER' });
    await keep('products-search', { article: '0451103316', brand_name: 'BOSCH' });
    await admin('client-group', '--client', String(client.id), '--group', 'Розница');
    await keep('basket-add-item', { ...ref, item: { id: offer.mannFar }, quantity: 1 });
    await keep('basket-add-item', { ...ref, item: { id: offer.mannNear }, quantity: 3 });
    let basket = (await keep('basket-show', ref)).json() as { data: Basket };
    await keep('basket-changes-quantity-in-item', { ...ref, id: basket.data.items[0]!.id, quantity_in_basket: 1 });
    basket = (await keep('basket-show', ref)).json() as { data: Basket };
    const lineIds = basket.data.items.map((item) => item.id);
    // Basket and step 1 at retail prices, then the client moves to Опт: step 2's re-check answers 409 naming them.
    await keep('basket-create-order-order-step1-from-items-post', { ...ref, itemsForOrder: lineIds });
    await admin('client-group', '--client', String(client.id), '--group', 'Опт');
    const form = {
      ...ref,
      itemsForOrder: lineIds,
      client_shops_email: client.email,
      first_name: 'Иван',
      last_name: 'Петров',
      middle_name: '',
      company_name: '',
      phone_number: '+7 999 123-45-67',
      delivery_method_id: 1,
      delivery_address_id: null,
      delivery_address: null,
    };
    const recheck = await callShop(app, 'create-order-order-step2-from-items-post', { body: form, token });
    expect(recheck.statusCode).toBe(409);
    answers.push(`step 2 re-check: ${recheck.body}`);
    const placed = await keep('create-order-order-step2-from-items-post', form);
    const orderId = (placed.json() as { data: { orderForClient: { id: number } } }).data.orderForClient.id;
    await keep('show-client-all-orders-post', {});
    await keep('show-client-order-post', { id: orderId });
    const bills = (await keep('client-bill-all-post', {})).json() as { data: { data: { id: number }[] } };
    const billId = bills.data.data[0]!.id;
    await keep('client-bill-summary-post', {});
    await keep('client-bill-payment-post', { billId });
    const pdf = await callShop(app, 'client-bill-download-post', { body: { billId }, token });
    expect(pdf.statusCode).toBe(200);
    answers.push(`bill PDF: ${await pdfText(pdf.rawPayload)}`);
    const recommended = await app.inject({
      method: 'GET',
      url: `${SHOP_API_PREFIX}website-products-recommend-preview/1`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(recommended.statusCode).toBe(200);
    answers.push(`recommendations: ${recommended.body}`);
    const catalogue = await app.inject({
      method: 'POST',
      url: `${TECH_API_PREFIX}get-group-items`,
      headers: { authorization: `Bearer ${token}` },
      payload: { key: KEY, group_id: groupId },
    });
    expect(catalogue.statusCode).toBe(200);
    answers.push(`catalogue: ${catalogue.body}`);

    // The walk saw real offers at the client's prices: catalogue and recommendations too.
    const catalogueItems = (catalogue.json() as { data: { data: { id: number; price: number }[] } }).data.data;
    expect(catalogueItems.find((item) => item.id === offer.mannFar)?.price).toBe(
      await expectedPrice('Опт', offer.mannFar),
    );
    const recommendedItems = (recommended.json() as { data: { id: number; price: number }[] }).data;
    expect(recommendedItems.find((item) => item.id === offer.mannNear)?.price).toBe(
      await expectedPrice('Опт', offer.mannNear),
    );

    const everything = answers.join('\n');
    for (const name of [SECRET_SUPPLIER, PLAIN_SUPPLIER, 'Тайный', 'Скрытов']) expect(everything).not.toContain(name);
    for (const purchase of Object.values(PURCHASE)) {
      const [roubles, kopecks] = purchase.split('.');
      // As JSON carries it, and as the PDF prints it (comma, grouped thousands).
      const grouped = roubles!.replace(/\B(?=(\d{3})+$)/g, ' ');
      for (const form of [purchase, `${roubles},${kopecks}`, `${grouped},${kopecks}`]) {
        expect(everything).not.toContain(form);
      }
    }
    expect(everything).toContain('Склад Север');
    // The walk saw the 409's prices (selling prices, retail then wholesale) and the anonymous visitor's basket.
    expect(recheck.body).toContain('цена изменилась');
    expect(answers.filter((answer) => answer.startsWith('basket-show')).length).toBe(3);
  });
});

describe('pricing-set refuses a wrong file and changes nothing', () => {
  it.each([
    [
      'overlapping bands',
      {
        bands: [
          { from: 0, to: 500, markup: 30 },
          { from: 300, to: null, markup: 20 },
        ],
      },
      'bands.1',
    ],
    ['a negative markup', { base_markup: -5 }, 'base_markup'],
    ['an unknown supplier', { suppliers: { 'Нет такого': 10 } }, 'suppliers.Нет такого'],
    ['an unknown brand', { brands: { NOBRAND: 10 } }, 'brands.NOBRAND'],
    ['a float-looking markup', { base_markup: 0.125 }, 'base_markup'],
    ['an unknown field', { margin: 5 }, '(файл)'],
  ])('%s', async (_name, change, path) => {
    const before = await listGroups(database.db);
    const filePath = path_(`bad-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(filePath, JSON.stringify({ ...RETAIL_FILE, ...change }));
    const run = await admin('pricing-set', '--file', filePath);
    expect(run.code).toBe(1);
    expect(run.err).toContain('ничего не изменено');
    expect(run.err).toContain(`${path}:`);
    expect(await listGroups(database.db)).toEqual(before);
  });

  it('client-group names the groups there are when asked for one that does not exist', async () => {
    const client = await registerInGroup(null);
    const run = await admin('client-group', '--client', String(client.id), '--group', 'СТО');
    expect(run.code).toBe(1);
    expect(run.err).toContain('Группы «СТО» нет. Есть: «Розница», «Опт»');
    const [row] = await database.db.select({ groupId: clients.groupId }).from(clients).where(eq(clients.id, client.id));
    expect(row?.groupId).toBeNull();
    expect(await database.db.select().from(clientGroups)).toHaveLength(2);
  });
});

const path_ = (name: string) => path.join(workDir, name);
const firstOf = (ids: number[]): number => ids[0]!;
