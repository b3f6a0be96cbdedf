import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  normalizeArticle,
  normalizeBrand,
  shopEndpoints,
  type AdminSupplierDetail,
  type Basket,
  type BasketSummary,
  type SearchItem,
} from '@detal/contract';
import type { Database, Db } from '../../db/index.ts';
import { readShopSetting, writeShopSetting } from '../../db/shop-settings.ts';
import { loadAdminCommands } from '../../cli/admin.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';
import {
  ALL_BRANDS,
  brandAliases,
  offers,
  orderItems,
  supplierDeliveryStats,
  suppliers,
} from '../../db/schema/index.ts';
import { placeOrder } from '../orders/checkout/place-order.ts';
import { createCheckoutScene, step2Input, step2Request, writeDeliveryMethods } from '../../../test/fixtures/orders.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient } from '../../../test/fixtures/baskets.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { refreshDeliveryStats } from './refresh.ts';

/*
 * Delivery learned per supplier (issue 33 point 1, decision 0068) over a generated purchasing history whose answers
 * are known: supplier orders sent, received by posted receipts or by the client line set ready, refused, open and
 * late, canceled, and sent before the window. The shop's day is Moscow's (UTC+3).
 */

const NOW = new Date('2026-06-30T09:00:00Z');
const TIME_ZONE = 'Europe/Moscow';
const DAY = 86_400_000;
/** Noon in Moscow, `daysAgo` days before NOW's day. */
const noonAgo = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * DAY);

type Outcome =
  | { kind: 'receipt'; at: Date }
  | { kind: 'ready'; at: Date }
  | { kind: 'refused' }
  | { kind: 'open' }
  | { kind: 'canceled' };

interface HistoryLine {
  supplierId: number;
  brand: string;
  /** The client line's delivery days: the promise. */
  promisedDays: number | null;
  sentAt: Date;
  outcome: Outcome;
}

let orderCounter = 0;

/** Writes one client order line bought through a sent supplier order, and its outcome, as purchasing leaves them. */
async function writeHistoryLine(db: Db, clientId: number, line: HistoryLine): Promise<void> {
  orderCounter += 1;
  const article = `DLV-HISTORY-${orderCounter}`;
  const { rows: orderRows } = await db.execute<{ id: number }>(sql`
    insert into orders (client_id, submission_key, email, first_name, last_name, phone_number, delivery_method_id,
                        delivery_method_name, delivery_price, total_price, count_position, created_at)
    values (${clientId}, ${`delivery-history-${orderCounter}`}, 'history@detal.example', 'Иван', 'Историев',
            '+79990000000', 1, 'Самовывоз', '0.00', '100.00', 1, ${line.sentAt.toISOString()}::timestamptz)
    returning id`);
  const status =
    line.outcome.kind === 'refused'
      ? 'supplier_refused'
      : line.outcome.kind === 'open'
        ? 'ordered'
        : line.outcome.kind === 'canceled'
          ? 'canceled'
          : 'ready';
  const { rows: itemRows } = await db.execute<{ id: string }>(sql`
    insert into order_items (order_id, article, article_normalized, brand_name, supplier_id, delivery_days, price,
                             purchase_price, quantity, status)
    values (${orderRows[0]!.id}, ${article}, ${normalizeArticle(article)}, ${line.brand}, ${line.supplierId},
            ${line.promisedDays}, '100.00', '80.00', 1, ${status})
    returning id::text`);
  const itemId = Number(itemRows[0]!.id);
  const { rows: supplierOrderRows } = await db.execute<{ id: number }>(sql`
    insert into supplier_orders (number, supplier_id, state, sent_at, created_at)
    values (${`ЗП-HISTORY-${orderCounter}`}, ${line.supplierId},
            ${line.outcome.kind === 'refused' ? 'closed' : line.outcome.kind === 'canceled' ? 'canceled' : 'sent'},
            ${line.sentAt.toISOString()}::timestamptz, ${line.sentAt.toISOString()}::timestamptz)
    returning id`);
  const { rows: lineRows } = await db.execute<{ id: string }>(sql`
    insert into supplier_order_lines (supplier_order_id, order_item_id, article, article_normalized, brand_name,
                                      brand_normalized, quantity, refused_quantity, received_quantity, released_at)
    values (${supplierOrderRows[0]!.id}, ${itemId}, ${article}, ${normalizeArticle(article)}, ${line.brand},
            ${normalizeBrand(line.brand)}, 1, ${line.outcome.kind === 'refused' ? 1 : 0},
            ${line.outcome.kind === 'receipt' ? 1 : 0},
            ${line.outcome.kind === 'refused' || line.outcome.kind === 'canceled' ? line.sentAt.toISOString() : null}::timestamptz)
    returning id::text`);
  const history = (to: string, at: Date) =>
    db.execute(sql`
    insert into order_line_status_history (order_item_id, from_status, to_status, created_at)
    values (${itemId}, 'in_work', ${to}, ${at.toISOString()}::timestamptz)`);
  await history('ordered', line.sentAt);
  if (line.outcome.kind === 'receipt') {
    const { rows: receiptRows } = await db.execute<{ id: number }>(sql`
      insert into goods_receipts (supplier_id, document_number, document_date, created_at, posted_at)
      values (${line.supplierId}, ${`УПД-${orderCounter}`}, '2026-06-01', ${line.outcome.at.toISOString()}::timestamptz,
              ${line.outcome.at.toISOString()}::timestamptz)
      returning id`);
    await db.execute(sql`
      insert into goods_receipt_lines (receipt_id, supplier_order_line_id, article, article_normalized, brand_name,
                                       brand_normalized, quantity, price, order_item_id)
      values (${receiptRows[0]!.id}, ${Number(lineRows[0]!.id)}, ${article}, ${normalizeArticle(article)},
              ${line.brand}, ${normalizeBrand(line.brand)}, 1, '80.00', ${itemId})`);
    // Posting moves the line «Готов к выдаче» a little later than the receipt's time: the receipt counts.
    await history('ready', new Date(line.outcome.at.getTime() + 5 * DAY));
  } else if (line.outcome.kind === 'ready') {
    await history('ready', line.outcome.at);
  } else if (line.outcome.kind === 'refused') {
    await history('supplier_refused', new Date(line.sentAt.getTime() + DAY));
  } else if (line.outcome.kind === 'canceled') {
    await history('canceled', new Date(line.sentAt.getTime() + DAY));
  }
}

const after = (sentAt: Date, days: number) => new Date(sentAt.getTime() + days * DAY);

describe('delivery learned per supplier', () => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let alpha: number;
  let beta: number;
  let bosch: number;
  let knecht: number;
  const offer = { alphaBosch: 0, betaBosch: 0, alphaKnecht: 0 };

  const stats = async (supplierId: number, brandId: number) => {
    const [row] = await database.db
      .select()
      .from(supplierDeliveryStats)
      .where(and(eq(supplierDeliveryStats.supplierId, supplierId), eq(supplierDeliveryStats.brandId, brandId)));
    return row ?? null;
  };
  const refresh = async (settings: { windowDays: number; minLines: number }) =>
    refreshDeliveryStats(database.db, { now: NOW, timeZone: TIME_ZONE, settings });

  const search = async (article: string, brand: string): Promise<SearchItem[]> => {
    const response = await callShop(app, 'products-search', { body: { article, brand_name: brand, analogs: false } });
    expect(response.statusCode, response.body).toBe(200);
    const parsed = shopEndpoints['products-search'].response.parse(response.json());
    expect(parsed).toEqual(response.json());
    return parsed.data.result_products_search.items;
  };
  const itemOf = async (offerId: number, article: string, brand: string) => {
    const item = (await search(article, brand)).find((candidate) => candidate.id === offerId);
    expect(item, `offer ${offerId} in the search of ${article} ${brand}`).toBeDefined();
    return item!;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    ({ app } = await buildTestApp(database));
    owner = await staffCookieFor(db, (await createTestStaff(db, 'owner')).member.id);
    const client = await insertClient(db, 'Историй');
    bosch = await insertBrand(db, 'BOSCH');
    knecht = await insertBrand(db, 'KNECHT');
    await db.insert(brandAliases).values([
      { aliasNormalized: normalizeBrand('BOSCH'), brandId: bosch },
      { aliasNormalized: normalizeBrand('KNECHT'), brandId: knecht },
      // A spelling of the catalogue's brand: the history's «Knecht Filter» lines count for KNECHT.
      { aliasNormalized: normalizeBrand('Knecht Filter'), brandId: knecht },
    ]);
    alpha = await insertSupplier(db, 'ООО Альфа-Доставка-Истории', {
      displayName: 'Склад Альфа',
      deliveryProbability: 95,
    });
    beta = await insertSupplier(db, 'ООО Бета-Доставка-Истории', { displayName: 'Склад Бета' });

    const history: HistoryLine[] = [];
    // Alpha, BOSCH: ten lines received by posted receipts after 1..10 days, promised 5: half on time. The first is
    // sent at 23:30 and received at 00:30 Moscow time: a day in the shop's calendar, none in UTC's.
    const lateEvening = new Date('2026-05-20T20:30:00Z');
    history.push({
      supplierId: alpha,
      brand: 'BOSCH',
      promisedDays: 5,
      sentAt: lateEvening,
      outcome: { kind: 'receipt', at: new Date('2026-05-20T21:30:00Z') },
    });
    for (let days = 2; days <= 10; days += 1) {
      const sentAt = noonAgo(40 + days);
      history.push({
        supplierId: alpha,
        brand: 'BOSCH',
        promisedDays: 5,
        sentAt,
        outcome: { kind: 'receipt', at: after(sentAt, days) },
      });
    }
    // Alpha, KNECHT (written «Knecht Filter»): ten lines set ready by hand after 2 days, promised 3: all on time.
    for (let index = 0; index < 10; index += 1) {
      const sentAt = noonAgo(50 + index);
      history.push({
        supplierId: alpha,
        brand: 'Knecht Filter',
        promisedDays: 3,
        sentAt,
        outcome: { kind: 'ready', at: after(sentAt, 2) },
      });
    }
    // Two refused 20 days ago, one open and late (sent 10 days ago, promised 3), one open within its promise, one
    // canceled after sending: the last two have no outcome yet.
    history.push({
      supplierId: alpha,
      brand: 'KNECHT',
      promisedDays: 3,
      sentAt: noonAgo(20),
      outcome: { kind: 'refused' },
    });
    history.push({
      supplierId: alpha,
      brand: 'KNECHT',
      promisedDays: 3,
      sentAt: noonAgo(20),
      outcome: { kind: 'refused' },
    });
    history.push({
      supplierId: alpha,
      brand: 'KNECHT',
      promisedDays: 3,
      sentAt: noonAgo(10),
      outcome: { kind: 'open' },
    });
    history.push({
      supplierId: alpha,
      brand: 'KNECHT',
      promisedDays: 5,
      sentAt: noonAgo(1),
      outcome: { kind: 'open' },
    });
    history.push({
      supplierId: alpha,
      brand: 'KNECHT',
      promisedDays: 3,
      sentAt: noonAgo(15),
      outcome: { kind: 'canceled' },
    });
    // Before the 90-day window: a fast line that must not count.
    const old = noonAgo(100);
    history.push({
      supplierId: alpha,
      brand: 'BOSCH',
      promisedDays: 5,
      sentAt: old,
      outcome: { kind: 'receipt', at: after(old, 1) },
    });
    // Beta: nine lines received after 3 days, promised 3, sent 31..39 days ago.
    for (let index = 0; index < 9; index += 1) {
      const sentAt = noonAgo(31 + index);
      history.push({
        supplierId: beta,
        brand: 'BOSCH',
        promisedDays: 3,
        sentAt,
        outcome: { kind: 'ready', at: after(sentAt, 3) },
      });
    }
    for (const line of history) await writeHistoryLine(db, client, line);

    const only = (ids: number[]) => ids[0]!;
    offer.alphaBosch = only(
      await insertOffers(db, bosch, alpha, [
        { article: '0 986 452 044', price: '350.00', quantity: 7, deliveryDays: 3 },
      ]),
    );
    offer.betaBosch = only(
      await insertOffers(db, bosch, beta, [
        { article: '0 986 452 044', price: '360.00', quantity: 7, deliveryDays: 4 },
      ]),
    );
    offer.alphaKnecht = only(
      await insertOffers(db, knecht, alpha, [{ article: 'OC 90', price: '500.00', quantity: 4, deliveryDays: 1 }]),
    );
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('computes medians, percentiles, on-time shares and refusal rates per supplier and per supplier and brand', async () => {
    const report = await refresh({ windowDays: 90, minLines: 10 });
    expect(report).toEqual({ suppliers: 2, brandRows: 3 });
    const computed = { enough: true, computedAt: NOW };
    // Alpha over all brands: days 1..10 and ten 2s; 15 of 21 promised lines on time (the late open one counts
    // against); 2 refused of 23 lines with an outcome.
    expect(await stats(alpha, ALL_BRANDS)).toEqual({
      supplierId: alpha,
      brandId: ALL_BRANDS,
      deliveredLines: 20,
      lateOpenLines: 1,
      refusedLines: 2,
      onTimeLines: 15,
      promisedLines: 21,
      medianDays: 2,
      p80Days: 6,
      p90Days: 8,
      onTimePercent: 71,
      refusalPercent: 9,
      ...computed,
    });
    expect(await stats(alpha, bosch)).toMatchObject({
      deliveredLines: 10,
      lateOpenLines: 0,
      refusedLines: 0,
      medianDays: 5,
      p80Days: 8,
      p90Days: 9,
      onTimePercent: 50,
      refusalPercent: 0,
      enough: true,
    });
    expect(await stats(alpha, knecht)).toMatchObject({
      deliveredLines: 10,
      lateOpenLines: 1,
      refusedLines: 2,
      medianDays: 2,
      p80Days: 2,
      p90Days: 2,
      onTimePercent: 90,
      refusalPercent: 16,
      enough: true,
    });
    // Beta: nine lines, below the minimum of ten: kept, but shown nowhere.
    expect(await stats(beta, ALL_BRANDS)).toMatchObject({
      deliveredLines: 9,
      medianDays: 3,
      onTimePercent: 100,
      enough: false,
    });
    expect(await stats(beta, bosch)).toMatchObject({ deliveredLines: 9, enough: false });
  });

  it('shows delivery_stats on search items for the brand when it has enough lines, else for the supplier, else null', async () => {
    await refresh({ windowDays: 90, minLines: 10 });
    const items = await search('0986452044', 'BOSCH');
    const alphaItem = items.find((item) => item.id === offer.alphaBosch)!;
    expect(alphaItem).toMatchObject({
      delivery: 3,
      delivery_probability: 95,
      delivery_stats: { median_days: 5, on_time_percent: 50, lines: 10 },
    });
    expect(items.find((item) => item.id === offer.betaBosch)).toMatchObject({ delivery: 4, delivery_stats: null });
    expect((await itemOf(offer.alphaKnecht, 'OC 90', 'KNECHT')).delivery_stats).toEqual({
      median_days: 2,
      on_time_percent: 90,
      lines: 11,
    });
    // Twelve lines at least: BOSCH (10) falls back to Alpha over all brands (21); KNECHT (11) too.
    await refresh({ windowDays: 90, minLines: 12 });
    expect((await itemOf(offer.alphaBosch, '0986452044', 'BOSCH')).delivery_stats).toEqual({
      median_days: 2,
      on_time_percent: 71,
      lines: 21,
    });
    // Twenty-two: nothing shows.
    await refresh({ windowDays: 90, minLines: 22 });
    expect((await itemOf(offer.alphaBosch, '0986452044', 'BOSCH')).delivery_stats).toBeNull();
  });

  it('counts only the lines sent within the window', async () => {
    // Thirty days: the received lines (40 days ago and more) are out; two refused and one late open remain.
    await refresh({ windowDays: 30, minLines: 1 });
    expect(await stats(alpha, ALL_BRANDS)).toMatchObject({
      deliveredLines: 0,
      lateOpenLines: 1,
      refusedLines: 2,
      medianDays: null,
      onTimePercent: 0,
      refusalPercent: 67,
    });
    expect(await stats(alpha, bosch)).toBeNull();
    expect(await stats(beta, ALL_BRANDS)).toBeNull();
    // A figure without a median (nothing received) shows nothing to clients.
    expect((await itemOf(offer.alphaKnecht, 'OC 90', 'KNECHT')).delivery_stats).toBeNull();
    // Forty-one days: the one BOSCH line sent at 23:30 Moscow time and received at 00:30 is in: one day in the
    // shop's calendar (none in UTC's).
    await refresh({ windowDays: 41, minLines: 1 });
    expect(await stats(alpha, bosch)).toMatchObject({
      deliveredLines: 1,
      medianDays: 1,
      p90Days: 1,
      onTimePercent: 100,
    });
  });

  it('reads the window and the minimum from the shop setting', async () => {
    await writeShopSetting(database.db, 'delivery_stats', { window_days: 45, min_lines: 5 });
    await refreshDeliveryStats(database.db, { now: NOW, timeZone: TIME_ZONE });
    // 45 days: BOSCH lines sent 42..45 days ago (days 2..5) and the evening one (41 days ago); KNECHT's none.
    expect(await stats(alpha, bosch)).toMatchObject({ deliveredLines: 5, medianDays: 3, enough: true });
    expect(await stats(beta, ALL_BRANDS)).toMatchObject({ deliveredLines: 9, enough: true });
  });

  it('takes the window and the minimum from the owner’s command, and recomputes at once', async () => {
    const commands = await loadAdminCommands(undefined, 'delivery-stats-set');
    const refused = await runAdminInProcess(database, commands, ['delivery-stats-set', '--min-lines', '0']);
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain('--min-lines: целое число от 1 до 10000, а не "0"');
    const run = await runAdminInProcess(database, commands, [
      'delivery-stats-set',
      '--window-days',
      '400',
      '--min-lines',
      '3',
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('Окно 400 дн., минимум 3 позиций');
    expect(await readShopSetting(database.db, 'delivery_stats')).toEqual({ window_days: 400, min_lines: 3 });
    // Today's window of 400 days reaches back to every line of the history (the command counts from the real now).
    const row = await stats(beta, ALL_BRANDS);
    expect(row).toMatchObject({ deliveredLines: 9, enough: true });
    expect(row!.computedAt.getTime()).toBeGreaterThan(NOW.getTime());
  });

  const saveAlpha = async (learned: { days: boolean; probability: boolean }): Promise<AdminSupplierDetail> => {
    const response = await callAdmin(app, 'supplier-save', {
      cookie: owner,
      body: {
        id: alpha,
        name: 'ООО Альфа-Доставка-Истории',
        display_name: 'Склад Альфа',
        delivery_probability: 95,
        learned_delivery_days: learned.days,
        learned_delivery_probability: learned.probability,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { supplier: AdminSupplierDetail } }).data.supplier;
  };

  it('moves the promised day to the learned 80th percentile when the owner sets the supplier to learned days', async () => {
    await refresh({ windowDays: 90, minLines: 10 });
    const saved = await saveAlpha({ days: true, probability: false });
    expect(saved).toMatchObject({
      learned_delivery_days: true,
      learned_delivery_probability: false,
      delivery_learned: {
        enough: true,
        delivered_lines: 20,
        median_days: 2,
        p80_days: 6,
        p90_days: 8,
        on_time_percent: 71,
      },
    });
    // BOSCH has its own figures (p80 8 days); KNECHT's p80 is 2; the typed probability stays.
    expect(await itemOf(offer.alphaBosch, '0986452044', 'BOSCH')).toMatchObject({
      delivery: 8,
      delivery_probability: 95,
    });
    expect(await itemOf(offer.alphaKnecht, 'OC 90', 'KNECHT')).toMatchObject({ delivery: 2 });
    // The delivery filter reads the promised days: 8 is over 5.
    const within = await callShop(app, 'products-search', {
      body: { article: '0986452044', brand_name: 'BOSCH', analogs: false, max_delivery: 5 },
    });
    const withinItems = shopEndpoints['products-search'].response.parse(within.json()).data.result_products_search
      .items;
    expect(withinItems.map((item) => item.id)).toEqual([offer.betaBosch]);
    // The brand chip's fastest delivery too: Beta's typed 4 now beats Alpha's learned 8.
    const chips = shopEndpoints['products-search'].response.parse(
      (await callShop(app, 'products-search', { body: { article: '0986452044' } })).json(),
    ).data.result_products_search.brands;
    expect(chips.find((chip) => chip.brand_name === 'BOSCH')?.min_delivery).toBe(4);

    await saveAlpha({ days: true, probability: true });
    expect(await itemOf(offer.alphaBosch, '0986452044', 'BOSCH')).toMatchObject({
      delivery: 8,
      delivery_probability: 50,
    });
    // Below the minimum the typed figures come back, whatever the setting.
    await refresh({ windowDays: 90, minLines: 22 });
    expect(await itemOf(offer.alphaBosch, '0986452044', 'BOSCH')).toMatchObject({
      delivery: 3,
      delivery_probability: 95,
    });
    await saveAlpha({ days: false, probability: false });
    await refresh({ windowDays: 90, minLines: 10 });
    expect(await itemOf(offer.alphaBosch, '0986452044', 'BOSCH')).toMatchObject({
      delivery: 3,
      delivery_probability: 95,
    });
  });

  it('copies the learned days onto the order line at checkout: the promised date the client is given', async () => {
    await writeDeliveryMethods(database.db);
    const scene = await createCheckoutScene(database.db, [{ price: '250.00', stock: 5, inBasket: 1 }]);
    const [bought] = await database.db
      .select({ supplierId: offers.supplierId, brandId: offers.brandId })
      .from(offers)
      .where(eq(offers.id, scene.offerIds[0]!));
    await database.db.insert(supplierDeliveryStats).values({
      supplierId: bought!.supplierId,
      brandId: ALL_BRANDS,
      deliveredLines: 30,
      lateOpenLines: 0,
      refusedLines: 0,
      onTimeLines: 27,
      promisedLines: 30,
      medianDays: 4,
      p80Days: 6,
      p90Days: 7,
      onTimePercent: 90,
      refusalPercent: 0,
      enough: true,
      computedAt: NOW,
    });
    await database.db.update(suppliers).set({ learnedDeliveryDays: true }).where(eq(suppliers.id, bought!.supplierId));
    const { orderId } = await placeOrder(database.db, scene.clientId, step2Request(step2Input(scene)), null, {
      timeZone: TIME_ZONE,
      now: () => NOW,
    });
    const lines = await database.db
      .select({ deliveryDays: orderItems.deliveryDays })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    // The offer typed no days; the supplier's learned 80th percentile is what the order promises.
    expect(lines).toEqual([{ deliveryDays: 6 }]);
  });

  it('carries delivery_stats and the learned days on basket lines and in the list search', async () => {
    await refresh({ windowDays: 90, minLines: 10 });
    await saveAlpha({ days: true, probability: false });
    const added = await callShop(app, 'basket-add-item', {
      body: { item: { id: offer.alphaBosch }, quantity: 1, basket_id: null, basket_key: null },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { basket_id, basket_key } = (added.json() as { data: BasketSummary }).data;
    const shown = await callShop(app, 'basket-show', { body: { basket_id, basket_key } });
    expect(shown.statusCode, shown.body).toBe(200);
    const basket = shopEndpoints['basket-show'].response.parse(shown.json()).data as Basket;
    expect(basket.items).toHaveLength(1);
    expect(basket.items[0]).toMatchObject({
      offer_id: offer.alphaBosch,
      delivery: 8,
      delivery_stats: { median_days: 5, on_time_percent: 50, lines: 10 },
    });

    const listed = await callShop(app, 'products-list-search', { body: { text: '0986452044 BOSCH 1\nOC90 KNECHT 2' } });
    expect(listed.statusCode, listed.body).toBe(200);
    const lines = shopEndpoints['products-list-search'].response.parse(listed.json()).data.result_list_search.lines;
    const offersOf = (index: number) => lines[index]!.brands.flatMap((brand) => brand.offers);
    expect(offersOf(0).find((item) => item.id === offer.alphaBosch)).toMatchObject({
      delivery: 8,
      delivery_stats: { median_days: 5, on_time_percent: 50, lines: 10 },
    });
    expect(offersOf(0).find((item) => item.id === offer.betaBosch)?.delivery_stats).toBeNull();
    expect(offersOf(1).find((item) => item.id === offer.alphaKnecht)?.delivery_stats).toEqual({
      median_days: 2,
      on_time_percent: 90,
      lines: 11,
    });
    await saveAlpha({ days: false, probability: false });
  });
});
