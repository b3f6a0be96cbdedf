import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RETURN_RATE_PAIR_NOT_FOUND_MESSAGE,
  SHOP_API_PREFIX,
  type ReturnRateRow,
  type SearchItem,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import {
  analogPairs,
  auditLog,
  brandReturnRates,
  crossReferences,
  orderItems,
  shipmentLines,
  supplierReturnRates,
} from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { textBodyOf } from '../../../test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { insertClient, writeBillSettings, type TestClient } from '../../../test/fixtures/bills.ts';
import { writeDeliveryMethods } from '../../../test/fixtures/orders.ts';
import { sendDueNotifications } from '../notifications/sender.ts';

/**
 * Returns teach the catalogue (issue 32, point 6; decision 0065), over HTTP: a client searches MANN W 712/75, adds
 * its BOSCH analog «as an analog» and a FILTRON one without saying so, orders both; the BOSCH line's pair counts a
 * purchase, both brands and the supplier count one each. The client returns the BOSCH part as «не подошла» and the
 * FILTRON one as «брак»: the pair counts a return, FILTRON and the supplier a defect. Search shows «куплено 1 раз,
 * возвратов 1» on the BOSCH analog and lists it after the dearer FILTRON one once the pair is over the threshold or
 * withdrawn; the back office lists the rates. Each return step's e-mail reaches the client through real SMTP.
 * PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */
describe('return rates', () => {
  let database: Database;
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let manager: string;
  let alice: TestClient;
  let supplierId: number;
  let boschOffer: number;
  let filtronOffer: number;
  const buyerEmail = 'rates-buyer@example.test';

  const post = (client: TestClient | null, path: string, payload: unknown = {}) =>
    app.inject({
      method: 'POST',
      url: SHOP_API_PREFIX + path,
      payload: payload as object,
      headers: client ? { authorization: `Bearer ${client.token}` } : {},
    });
  const admin = (path: Parameters<typeof callAdmin>[1], body: object, query = '') =>
    callAdmin(app, path, { cookie: manager, body, query });

  /** The MANN part's analogs as an anonymous visitor sees them, sorted by price. */
  const analogs = async (sort: 'price' | 'delivery' = 'price'): Promise<SearchItem[]> => {
    const response = await post(null, 'products-search', { article: 'W 712/75', brand_name: 'MANN', sort });
    expect(response.statusCode).toBe(200);
    const items: SearchItem[] = response.json().data.result_products_search.items;
    return items.filter((item) => item.group === 'analog');
  };
  const brandsOf = (items: readonly SearchItem[]) => items.map((item) => item.brand_name);
  const pairRow = async () => (await database.db.select().from(analogPairs))[0]!;
  const rates = async (kind: string, sort = 'rate'): Promise<ReturnRateRow[]> => {
    const response = await admin('return-rate-list', { kind, sort }, '?page=1');
    expect(response.statusCode).toBe(200);
    return response.json().data.data;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    const { db } = database;
    await writeBillSettings(db, 20);
    await writeDeliveryMethods(db);
    manager = await staffCookieFor(db, (await createTestStaff(db, 'manager')).member.id);
    alice = await insertClient(db, { firstName: 'Алиса', lastName: 'Иванова' });
    supplierId = await insertSupplier(db, 'Поставщик-Фильтры');
    const mann = await insertBrand(db, 'MANN');
    const bosch = await insertBrand(db, 'BOSCH');
    const filtron = await insertBrand(db, 'FILTRON');
    await insertOffers(db, mann, supplierId, [{ article: 'W 712/75', price: '600.00', quantity: 10, deliveryDays: 1 }]);
    boschOffer = await insertOffers(db, bosch, supplierId, [
      { article: '0 451 103 316', price: '400.00', quantity: 10, deliveryDays: 2 },
    ]).then((ids) => ids[0]!);
    filtronOffer = await insertOffers(db, filtron, supplierId, [
      { article: 'OP 526', price: '450.00', quantity: 10, deliveryDays: 3 },
    ]).then((ids) => ids[0]!);
    await db.insert(crossReferences).values([
      { brandIdA: mann, articleNormalizedA: 'W71275', brandIdB: bosch, articleNormalizedB: '0451103316' },
      { brandIdA: filtron, articleNormalizedA: 'OP526', brandIdB: mann, articleNormalizedB: 'W71275' },
    ]);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await smtp?.close();
  });

  it('lists analogs by price while nothing is counted, without counts', async () => {
    const found = await analogs();
    expect(brandsOf(found)).toEqual(['BOSCH', 'FILTRON']);
    expect(found.every((item) => item.analog_stats === undefined)).toBe(true);
  });

  it('counts the lines as they are ordered: the analog pair, the brands, the supplier', async () => {
    const first = await post(alice, 'basket-add-item', {
      item: { id: boschOffer },
      analog_of: { article: 'W 712/75', brand_name: 'mann' },
    });
    expect(first.statusCode).toBe(200);
    const basket = { basket_id: first.json().data.basket_id, basket_key: first.json().data.basket_key };
    // FILTRON is added from its own page: no pair.
    expect((await post(alice, 'basket-add-item', { ...basket, item: { id: filtronOffer } })).statusCode).toBe(200);
    const shown = await post(alice, 'basket-show', basket);
    const lineIds = shown.json().data.items.map((item: { id: number }) => item.id);
    expect(lineIds).toHaveLength(2);
    expect(await database.db.select({ n: count() }).from(analogPairs)).toEqual([{ n: 0 }]);

    const placed = await post(alice, 'create-order-order-step2-from-items-post', {
      ...basket,
      itemsForOrder: lineIds,
      client_shops_email: buyerEmail,
      first_name: 'Алиса',
      last_name: 'Иванова',
      middle_name: '',
      company_name: '',
      phone_number: '8 (999) 123-45-67',
      delivery_method_id: 1,
      delivery_address_id: null,
      delivery_address: null,
      desired_date: null,
      desired_time: null,
      comment: '',
    });
    expect(placed.statusCode).toBe(200);

    const pair = await pairRow();
    expect(pair).toMatchObject({ purchases: 1, returns: 0, withdrawnAt: null });
    const lines = await database.db
      .select({ brandName: orderItems.brandName, analogPairId: orderItems.analogPairId })
      .from(orderItems)
      .orderBy(asc(orderItems.brandName));
    expect(lines).toEqual([
      { brandName: 'BOSCH', analogPairId: pair.id },
      { brandName: 'FILTRON', analogPairId: null },
    ]);
    const brands = await database.db.select().from(brandReturnRates).orderBy(asc(brandReturnRates.brandNormalized));
    expect(brands.map((row) => [row.brandName, row.purchases, row.defects])).toEqual([
      ['BOSCH', 1, 0],
      ['FILTRON', 1, 0],
    ]);
    expect(await database.db.select().from(supplierReturnRates)).toEqual([{ supplierId, purchases: 2, defects: 0 }]);

    // «куплено 1 раз, возвратов 0» on the BOSCH analog only; one return of one purchase is below the default minimum.
    const found = await analogs();
    expect(brandsOf(found)).toEqual(['BOSCH', 'FILTRON']);
    expect(found[0]!.analog_stats).toEqual({ purchases: 1, returns: 0 });
    expect(found[1]!.analog_stats).toBeUndefined();
  });

  it('counts a received «не подошла» return against the pair and a «брак» one against brand and supplier', async () => {
    const { db } = database;
    const lines = await db.select({ id: orderItems.id, brandName: orderItems.brandName }).from(orderItems);
    const lineOf = (brand: string) => lines.find((line) => line.brandName === brand)!.id;
    await db.update(orderItems).set({ status: 'ready' });
    const issued = await admin('shipment-issue', {
      lines: lines.map((line) => ({ line_id: line.id, quantity: 1 })),
    });
    expect(issued.statusCode).toBe(200);
    const shipped = await db.select({ id: shipmentLines.id, item: shipmentLines.orderItemId }).from(shipmentLines);
    const shipmentLineOf = (brand: string) => shipped.find((row) => row.item === lineOf(brand))!.id;

    const since = smtp.received.length;
    const returnIds: Record<string, number> = {};
    for (const [brand, reason] of [
      ['BOSCH', 'not_fit'],
      ['FILTRON', 'defect'],
    ] as const) {
      const created = await post(alice, 'client-return-create-post', {
        shipment_line_id: shipmentLineOf(brand),
        quantity: 1,
        reason,
      });
      expect(created.statusCode).toBe(200);
      returnIds[brand] = created.json().data.id;
    }
    const decided = await admin('return-decide', { return_ids: Object.values(returnIds), decision: 'approve' });
    expect(decided.statusCode).toBe(200);
    // Approved is not yet received: nothing counted.
    expect((await pairRow()).returns).toBe(0);

    const receivedBosch = await admin('return-receive', {
      return_id: returnIds.BOSCH,
      good_quantity: 1,
      defective_quantity: 0,
    });
    expect(receivedBosch.statusCode).toBe(200);
    const receivedFiltron = await admin('return-receive', {
      return_id: returnIds.FILTRON,
      good_quantity: 0,
      defective_quantity: 1,
    });
    expect(receivedFiltron.statusCode).toBe(200);
    // A second receive is refused by the state table, and counts nothing twice.
    expect(
      (await admin('return-receive', { return_id: returnIds.BOSCH, good_quantity: 1, defective_quantity: 0 }))
        .statusCode,
    ).toBe(409);

    expect(await pairRow()).toMatchObject({ purchases: 1, returns: 1 });
    const brands = await db.select().from(brandReturnRates).orderBy(asc(brandReturnRates.brandNormalized));
    expect(brands.map((row) => [row.brandName, row.purchases, row.defects])).toEqual([
      ['BOSCH', 1, 0],
      ['FILTRON', 1, 1],
    ]);
    expect(await db.select().from(supplierReturnRates)).toEqual([{ supplierId, purchases: 2, defects: 1 }]);

    // The steps' e-mails reach the client (the order's e-mail) through the SMTP server.
    const mailer = createMailer({
      smtpUrl: smtp.url,
      mailFrom: 'Деталь <shop@shop.example>',
      dataDir: await mkdtemp(path.join(tmpdir(), 'detal-return-rates-')),
    });
    await sendDueNotifications(database, {
      mailer,
      timeZone: 'Europe/Moscow',
      publicUrl: 'https://shop.example',
      staffEmailFallback: undefined,
      log: pino({ level: 'silent' }),
    });
    const toBuyer = smtp.received.slice(since).filter((mail) => mail.to.includes(buyerEmail));
    // Besides the order's own e-mail: per return, asked, approved, received.
    const texts = toBuyer.map((mail) => textBodyOf(mail.raw)).filter((text) => text.includes('/returns'));
    expect(texts).toHaveLength(6);
    for (const id of Object.values(returnIds)) {
      expect(texts.some((text) => text.includes(`Мы получили заявку на возврат № ${id}`))).toBe(true);
      expect(texts.some((text) => text.includes(`Возврат № ${id} (`) && text.includes('одобрен'))).toBe(true);
      expect(texts.some((text) => text.includes(`Мы приняли возврат № ${id}:`))).toBe(true);
    }
    expect(texts.every((text) => text.includes('https://shop.example/returns'))).toBe(true);
  });

  it('lists an over-threshold pair below the other analogs, by price and by delivery', async () => {
    // One return of one purchase (100 %) with the default minimum of 10 purchases: not over yet.
    let found = await analogs();
    expect(brandsOf(found)).toEqual(['BOSCH', 'FILTRON']);
    expect(found[0]!.analog_stats).toEqual({ purchases: 1, returns: 1 });

    const saved = await admin('return-rate-threshold-save', { max_percent: 50, min_purchases: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ max_percent: 50, min_purchases: 1 });
    expect((await admin('return-rate-threshold', {})).json().data).toEqual({ max_percent: 50, min_purchases: 1 });
    found = await analogs();
    // BOSCH is cheaper and faster, but now after FILTRON; still after the requested part, still with its counts.
    expect(brandsOf(found)).toEqual(['FILTRON', 'BOSCH']);
    expect(found[1]!.analog_stats).toEqual({ purchases: 1, returns: 1 });
    expect(brandsOf(await analogs('delivery'))).toEqual(['FILTRON', 'BOSCH']);
    const all = (await post(null, 'products-search', { article: 'W71275', brand_name: 'MANN' })).json().data
      .result_products_search.items as SearchItem[];
    expect(all.map((item) => item.brand_name)).toEqual(['MANN', 'FILTRON', 'BOSCH']);

    // At exactly the threshold it is not over: 100 % of 1 is not above 100 %.
    expect((await admin('return-rate-threshold-save', { max_percent: 100, min_purchases: 1 })).statusCode).toBe(200);
    expect(brandsOf(await analogs())).toEqual(['BOSCH', 'FILTRON']);

    const bad = await admin('return-rate-threshold-save', { max_percent: 0, min_purchases: 0 });
    expect(bad.statusCode).toBe(422);
    expect((await admin('return-rate-threshold', {})).json().data).toEqual({ max_percent: 100, min_purchases: 1 });
  });

  it('lists a withdrawn pair below the others until it is restored; audited', async () => {
    // Back to the defaults: the pair is under the minimum of purchases.
    expect((await admin('return-rate-threshold-save', { max_percent: 20, min_purchases: 10 })).statusCode).toBe(200);
    expect(brandsOf(await analogs())).toEqual(['BOSCH', 'FILTRON']);
    const pair = await pairRow();

    const missing = await admin('return-rate-pair-withdraw', { pair_id: pair.id + 1000, withdrawn: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(RETURN_RATE_PAIR_NOT_FOUND_MESSAGE);

    const withdrawn = await admin('return-rate-pair-withdraw', { pair_id: pair.id, withdrawn: true });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ id: pair.id, withdrawn: true, demoted: true });
    expect(brandsOf(await analogs())).toEqual(['FILTRON', 'BOSCH']);

    const restored = await admin('return-rate-pair-withdraw', { pair_id: pair.id, withdrawn: false });
    expect(restored.json().data).toMatchObject({ withdrawn: false, demoted: false });
    expect(brandsOf(await analogs())).toEqual(['BOSCH', 'FILTRON']);

    const audited = await database.db
      .select({ action: auditLog.action, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.entity, 'analog_pair'))
      .orderBy(asc(auditLog.id));
    expect(audited).toEqual([
      { action: 'analog_pair.withdraw', entityId: String(pair.id) },
      { action: 'analog_pair.restore', entityId: String(pair.id) },
    ]);
  });

  it('lists pairs, brands and suppliers by return rate, paged; only staff may', async () => {
    const pairs = await rates('pair');
    expect(pairs).toEqual([
      {
        kind: 'pair',
        id: expect.any(Number),
        name: 'MANN W71275 ↔ BOSCH 0451103316',
        purchases: 1,
        returns: 1,
        return_percent: 100,
        withdrawn: false,
        demoted: false,
      },
    ]);
    const brands = await rates('brand');
    expect(brands.map((row) => [row.name, row.return_percent])).toEqual([
      ['FILTRON', 100],
      ['BOSCH', 0],
    ]);
    expect((await rates('brand', 'purchases')).map((row) => row.name)).toEqual(['FILTRON', 'BOSCH']);
    expect(await rates('supplier')).toEqual([
      expect.objectContaining({
        id: supplierId,
        name: 'Поставщик-Фильтры',
        purchases: 2,
        returns: 1,
        return_percent: 50,
      }),
    ]);
    const page = await admin('return-rate-list', { kind: 'brand' }, '?page=1');
    expect(page.json().data).toMatchObject({ current_page: 1, total: 2 });
    expect((await admin('return-rate-list', { kind: 'nothing' })).statusCode).toBe(422);
    const anonymous = await callAdmin(app, 'return-rate-list', { body: { kind: 'pair' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
