import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopEndpoints } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop, registerClient, type RegisteredClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { writeDeliveryMethods } from '../../../test/fixtures/orders.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';

/**
 * «Без возврата» where the client buys (issue 32; decision 0063): search items, basket lines and checkout lines of
 * an offer whose supplier or brand has that policy say `no_return: true`; the others carry no such field. Returns
 * sits above search, the basket and checkout: the composition point hands them its lookup. PGlite by default,
 * PostgreSQL with TEST_DATABASE_URL.
 */

describe('«без возврата» in search, the basket and checkout', () => {
  let database: Database;
  let app: FastifyInstance;
  let manager: string;
  let client: RegisteredClient;
  /** KNECHT OC 90 of the open supplier, of the «без возврата» supplier; MAHLE OC 90 of the open supplier. */
  let open: number;
  let strictSupplier: number;
  let mahle: number;
  let strictSupplierId: number;

  const shop = async <T>(path: Parameters<typeof callShop>[1], body: object): Promise<T> => {
    const response = await callShop(app, path, { body, token: client.token });
    expect(response.statusCode, response.body).toBe(200);
    // The answer is the contract's, the new field included.
    return (shopEndpoints[path].response as { parse: (body: unknown) => { data: unknown } }).parse(response.json())
      .data as T;
  };
  /** Each offer of both brands' results: its `no_return` (undefined when absent); every offer is in them. */
  const searched = async () => {
    const items = new Map<number, boolean | undefined>();
    for (const brand of ['KNECHT', 'MAHLE']) {
      const { result_products_search: result } = await shop<{
        result_products_search: { items: { id: number; no_return?: boolean }[] };
      }>('products-search', { article: 'OC90', brand_name: brand });
      for (const item of result.items) items.set(item.id, item.no_return);
    }
    expect([...items.keys()].sort()).toEqual([open, strictSupplier, mahle].sort());
    return items;
  };
  const policy = async (body: object) => {
    const response = await callAdmin(app, 'return-policy-save', { cookie: manager, body });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await writeDeliveryMethods(db);
    manager = await staffCookieFor(db, (await createTestStaff(db, 'manager')).member.id);
    const knecht = await insertBrand(db, 'KNECHT');
    const mahleBrand = await insertBrand(db, 'MAHLE');
    const openSupplierId = await insertSupplier(db, 'ООО Открытый');
    strictSupplierId = await insertSupplier(db, 'ООО Строгий');
    const fixture = { article: 'OC 90', description: 'Фильтр масляный', price: '500.00', quantity: 10 };
    [open] = (await insertOffers(db, knecht, openSupplierId, [fixture])) as [number];
    [strictSupplier] = (await insertOffers(db, knecht, strictSupplierId, [fixture])) as [number];
    [mahle] = (await insertOffers(db, mahleBrand, openSupplierId, [fixture])) as [number];
    ({ app } = await buildTestApp(database));
    client = await registerClient(app);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('marks no offer while no policy says so', async () => {
    const items = await searched();
    expect(items.get(open)).toBeUndefined();
    expect(items.get(strictSupplier)).toBeUndefined();
  });

  it('marks the offers of a «без возврата» supplier, then of a brand (by any spelling), and no other', async () => {
    await policy({ supplier_id: strictSupplierId, no_return: true });
    let items = await searched();
    expect(items.get(strictSupplier)).toBe(true);
    expect(items.get(open)).toBeUndefined();

    await policy({ brand_name: 'mahle ', no_return: true });
    items = await searched();
    expect(items.get(mahle)).toBe(true);
    expect(items.get(open)).toBeUndefined();

    // A policy turned off marks nothing any more.
    await policy({ brand_name: 'MAHLE', no_return: false });
    expect((await searched()).get(mahle)).toBeUndefined();
  });

  it('says so on the basket line and the checkout line of such an offer, not on the others', async () => {
    const basket = { basket_id: client.basket_id, basket_key: client.basket_key };
    for (const id of [open, strictSupplier]) {
      await shop('basket-add-item', { ...basket, item: { id }, quantity: 1 });
    }
    const shown = await shop<{ items: { id: number; offer_id: number; no_return?: boolean }[] }>('basket-show', basket);
    const byOffer = new Map(shown.items.map((line) => [line.offer_id, line]));
    expect(byOffer.get(strictSupplier)?.no_return).toBe(true);
    expect(byOffer.get(open)?.no_return).toBeUndefined();

    const preorder = await shop<{ items: { offer_id: number; no_return?: boolean }[] }>(
      'basket-create-order-order-step1-from-items-post',
      { ...basket, itemsForOrder: shown.items.map((line) => line.id) },
    );
    const lines = new Map(preorder.items.map((line) => [line.offer_id, line.no_return]));
    expect(lines.get(strictSupplier)).toBe(true);
    expect(lines.get(open)).toBeUndefined();
  });
});
