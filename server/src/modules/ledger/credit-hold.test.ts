import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_HOLD_LIMIT_MESSAGE, CREDIT_HOLD_PREPAY_MESSAGE, CREDIT_HOLD_STOP_MESSAGE } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { bills, orderCreditHolds } from '../../db/schema/index.ts';
import { openSession } from '../clients/sessions.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { writeBillSettings } from '../../../test/fixtures/bills.ts';
import { countsOf, createCheckoutScene, step2Input, writeDeliveryMethods } from '../../../test/fixtures/orders.ts';
import { dayIn } from './service.ts';

/**
 * Issue 31 point 4 through the checkout (real HTTP): a client over its limit, prepaying or on the stop-list reads
 * the plain-words message at step 1, and step 2 accepts the order and holds it (never refuses it); the hold lifts
 * when the bill is paid, or staff release it, or (held by the stop-list) when the stop lifts. A client within its
 * terms places as before (credit_hold null).
 */

describe('the credit check at checkout', () => {
  let database: Database;
  let app: FastifyInstance;
  let manager: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    await writeDeliveryMethods(database.db);
    await writeBillSettings(database.db, 20);
    manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const admin = async (
    path:
      | 'ledger-terms-set'
      | 'ledger-hold-list'
      | 'ledger-hold-release'
      | 'payment-record'
      | 'ledger-stop-set'
      | 'ledger-stop-lift'
      | 'ledger-account-list'
      | 'ledger-adjustment-create',
    body: object,
  ) => {
    const response = await callAdmin(app, path, { cookie: manager, body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  async function checkout(terms: object | null, price = '1000.00') {
    const scene = await createCheckoutScene(database.db, [{ price, stock: 5, inBasket: 1 }]);
    const token = await openSession(database.db, scene.clientId, new Date());
    if (terms) await admin('ledger-terms-set', { client_id: scene.clientId, ...terms });
    const step1 = await callShop(app, 'basket-create-order-order-step1-from-items-post', {
      token,
      body: { ...scene.basket, itemsForOrder: scene.lineIds },
    });
    expect(step1.statusCode, step1.body).toBe(200);
    const place = async () => {
      const placed = await callShop(app, 'create-order-order-step2-from-items-post', {
        token,
        body: step2Input(scene),
      });
      expect(placed.statusCode, placed.body).toBe(200);
      return placed.json().data as {
        orderForClient: { id: number };
        credit_hold: { reason: string; message: string } | null;
      };
    };
    return { scene, step1: step1.json().data as { credit_hold: unknown }, place };
  }

  it('within its terms (or without any) nothing is held', async () => {
    const { step1, place } = await checkout(null);
    expect(step1.credit_hold).toBeNull();
    expect((await place()).credit_hold).toBeNull();
  });

  it('a prepaying client reads «Заказ будет передан в работу после оплаты счёта»; the order is held until its bill is paid', async () => {
    const { scene, step1, place } = await checkout({ credit_limit: null, deferral_days: null, prepay_required: true });
    expect(step1.credit_hold).toEqual({ reason: 'prepay', message: CREDIT_HOLD_PREPAY_MESSAGE });
    const placed = await place();
    expect(placed.credit_hold).toEqual({ reason: 'prepay', message: CREDIT_HOLD_PREPAY_MESSAGE });
    expect(await countsOf(database.db, scene.clientId)).toMatchObject({ orders: 1, bills: 1 });
    const held = await admin('ledger-hold-list', {});
    expect(held.holds.map((h: { order_id: number }) => h.order_id)).toContain(placed.orderForClient.id);
    const [bill] = await database.db.select().from(bills).where(eq(bills.orderId, placed.orderForClient.id));
    await admin('payment-record', {
      bill_id: bill!.id,
      amount: Number(bill!.priceSum),
      date: dayIn(new Date(), 'Europe/Moscow'),
    });
    const [hold] = await database.db
      .select()
      .from(orderCreditHolds)
      .where(eq(orderCreditHolds.orderId, placed.orderForClient.id));
    expect(hold).toMatchObject({ releasedBy: 'paid' });
    expect(hold!.releasedAt).not.toBeNull();
  });

  it('over the limit: «Превышен кредитный лимит»; staff release the order', async () => {
    const { step1, place } = await checkout({ credit_limit: '500.00', deferral_days: 14, prepay_required: false });
    expect(step1.credit_hold).toEqual({ reason: 'limit', message: CREDIT_HOLD_LIMIT_MESSAGE });
    const placed = await place();
    expect(placed.credit_hold?.reason).toBe('limit');
    await admin('ledger-hold-release', { order_id: placed.orderForClient.id });
    const again = await callAdmin(app, 'ledger-hold-release', {
      cookie: manager,
      body: { order_id: placed.orderForClient.id },
    });
    expect(again.statusCode).toBe(404);
    expect((await admin('ledger-hold-list', {})).holds.map((h: { order_id: number }) => h.order_id)).not.toContain(
      placed.orderForClient.id,
    );
  });

  it('on the stop-list the next order is held even within the limit', async () => {
    const scene = await createCheckoutScene(database.db, [
      { price: '100.00', stock: 5, inBasket: 1 },
      { price: '200.00', stock: 5, inBasket: 1 },
    ]);
    const token = await openSession(database.db, scene.clientId, new Date());
    await admin('ledger-terms-set', {
      client_id: scene.clientId,
      credit_limit: '100000.00',
      deferral_days: 14,
      prepay_required: false,
    });
    const first = await callShop(app, 'create-order-order-step2-from-items-post', {
      token,
      body: step2Input(scene, [scene.lineIds[0]!]),
    });
    expect(first.json().data.credit_hold).toBeNull();
    const [bill] = await database.db.select().from(bills).where(eq(bills.orderId, first.json().data.orderForClient.id));
    await admin('payment-record', { bill_id: bill!.id, amount: 1, date: dayIn(new Date(), 'Europe/Moscow') });
    const { accounts } = await admin('ledger-account-list', { client_id: scene.clientId });
    await admin('ledger-stop-set', { account_id: accounts[0].id, reason: 'Не платит' });
    const step1 = await callShop(app, 'basket-create-order-order-step1-from-items-post', {
      token,
      body: { ...scene.basket, itemsForOrder: [scene.lineIds[1]!] },
    });
    expect(step1.json().data.credit_hold).toEqual({ reason: 'stop', message: CREDIT_HOLD_STOP_MESSAGE });
    const second = await callShop(app, 'create-order-order-step2-from-items-post', {
      token,
      body: step2Input(scene, [scene.lineIds[1]!]),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.credit_hold).toEqual({ reason: 'stop', message: CREDIT_HOLD_STOP_MESSAGE });
  });

  /** A client stopped with two orders held by the stop alone (550 with the courier's 350, then 400), then a new limit. */
  async function twoOrdersHeldByStop(limitWhileStopped: string) {
    const scene = await createCheckoutScene(database.db, [
      { price: '100.00', stock: 5, inBasket: 1 },
      { price: '200.00', stock: 5, inBasket: 1 },
      { price: '50.00', stock: 5, inBasket: 1 },
    ]);
    const token = await openSession(database.db, scene.clientId, new Date());
    const terms = (credit_limit: string) =>
      admin('ledger-terms-set', { client_id: scene.clientId, credit_limit, deferral_days: 14, prepay_required: false });
    await terms('100000.00');
    const place = async (lineId: number) => {
      const response = await callShop(app, 'create-order-order-step2-from-items-post', {
        token,
        body: step2Input(scene, [lineId]),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as { orderForClient: { id: number }; credit_hold: { reason: string } | null };
    };
    const first = await place(scene.lineIds[0]!);
    const [bill] = await database.db.select().from(bills).where(eq(bills.orderId, first.orderForClient.id));
    await admin('payment-record', { bill_id: bill!.id, amount: 1, date: dayIn(new Date(), 'Europe/Moscow') });
    const { accounts } = await admin('ledger-account-list', { client_id: scene.clientId });
    await admin('ledger-stop-set', { account_id: accounts[0].id, reason: 'Не платит' });
    const big = await place(scene.lineIds[1]!);
    const small = await place(scene.lineIds[2]!);
    expect([big.credit_hold?.reason, small.credit_hold?.reason]).toEqual(['stop', 'stop']);
    await terms(limitWhileStopped);
    await admin('ledger-stop-lift', { account_id: accounts[0].id });
    const holdOf = async (order: { orderForClient: { id: number } }) =>
      (
        await database.db.select().from(orderCreditHolds).where(eq(orderCreditHolds.orderId, order.orderForClient.id))
      )[0]!;
    const open = async () => (await admin('ledger-hold-list', {})).holds.map((h: { order_id: number }) => h.order_id);
    return { big, small, holdOf, open };
  }

  it('the stop lifted sends the orders it alone held to work; one now over the limit stays held for the limit', async () => {
    // While stopped, the limit is cut below the bigger order (550); the smaller (400) fits.
    const { big, small, holdOf, open } = await twoOrdersHeldByStop('500.00');
    expect(await holdOf(small)).toMatchObject({ releasedBy: 'stop_lifted' });
    expect((await holdOf(small)).releasedAt).not.toBeNull();
    expect(await holdOf(big)).toMatchObject({ reason: 'limit', message: CREDIT_HOLD_LIMIT_MESSAGE, releasedAt: null });
    expect(await open()).toContain(big.orderForClient.id);
    expect(await open()).not.toContain(small.orderForClient.id);
  });

  it('the orders a lifted stop releases count together against the limit, oldest first', async () => {
    // 800: each order fits alone (550, 400), both together (950) do not: the older goes to work, the newer waits.
    const { big, small, holdOf, open } = await twoOrdersHeldByStop('800.00');
    expect(await holdOf(big)).toMatchObject({ releasedBy: 'stop_lifted' });
    expect(await holdOf(small)).toMatchObject({
      reason: 'limit',
      message: CREDIT_HOLD_LIMIT_MESSAGE,
      releasedAt: null,
    });
    expect(await open()).toEqual(expect.arrayContaining([small.orderForClient.id]));
    expect(await open()).not.toContain(big.orderForClient.id);
  });
});
