import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminEndpoints,
  shopEndpoints,
  type AdminClient,
  type AdminOrder,
  type AdminOrderCounts,
  type AdminOrderLine,
  type Order,
  type Paginated,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { insertClient, insertOrderWithBill, type TestClient, type TestLine } from '../../../test/fixtures/bills.ts';
import { buildTestAppWithClock, callShop } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { setOrderStatus } from './order-status.ts';

/**
 * Issue 26, points 3, 4 and 8: the order's status derived from its lines wherever it is shown (the client's
 * /orders and order page, the back office's order and client screens) and filtered on; the work queue's search by
 * article («OC 90» in any spelling), brand, order number and client, its expected day, lateness and comment
 * marker; the navigation's counts of new and late lines.
 */

// Thursday 26 November 2026, 12:00 in Moscow: the shop's today is 2026-11-26.
const NOW = new Date('2026-11-26T09:00:00Z');

let database: Database;
let app: FastifyInstance;
let manager: string;

beforeAll(async () => {
  database = await createTestDatabase();
  let clock;
  ({ app, clock } = await buildTestAppWithClock(database));
  clock.advance(NOW.getTime() - clock.now().getTime());
  const { member } = await createTestStaff(database.db, 'manager', NOW);
  manager = await staffCookieFor(database.db, member.id, NOW);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const line = (overrides: Partial<TestLine> & Pick<TestLine, 'article' | 'brandName'>): TestLine => ({
  description: 'Фильтр масляный',
  price: '450.00',
  quantity: 1,
  deliveryDays: 2,
  ...overrides,
});

async function placed(
  client: TestClient,
  lines: TestLine[],
  extra: { at?: Date; comment?: string; companyName?: string } = {},
) {
  const { orderId } = await insertOrderWithBill(database.db, {
    clientId: client.id,
    lines,
    at: extra.at ?? NOW,
    ...extra,
  });
  const shown = await adminOrder(orderId);
  return { orderId, lineIds: shown.lines.map((row) => row.id) };
}

async function adminOrder(id: number): Promise<AdminOrder> {
  const response = await callAdmin(app, 'order-show', { cookie: manager, body: { id } });
  expect(response.statusCode, response.body).toBe(200);
  return adminEndpoints['order-show'].response.parse(response.json()).data.order;
}

async function queue(body: object): Promise<Paginated<AdminOrderLine>> {
  const response = await callAdmin(app, 'order-line-list', { cookie: manager, body });
  expect(response.statusCode, response.body).toBe(200);
  return adminEndpoints['order-line-list'].response.parse(response.json()).data;
}

async function setLines(lineIds: number[], status: string) {
  const response = await callAdmin(app, 'order-line-status', { cookie: manager, body: { line_ids: lineIds, status } });
  expect(response.statusCode, response.body).toBe(200);
}

describe("the order's status, derived from its lines (issue 26, point 3)", () => {
  let client: TestClient;

  beforeAll(async () => {
    client = await insertClient(database.db, { lastName: 'Статусова', firstName: 'Вера' });
  });

  const clientOrder = async (id: number): Promise<Order> => {
    const response = await callShop(app, 'show-client-order-post', { token: client.token, body: { id } });
    expect(response.statusCode, response.body).toBe(200);
    return shopEndpoints['show-client-order-post'].response.parse(response.json()).data;
  };
  const clientList = async (filter: object = {}): Promise<Order[]> => {
    const response = await callShop(app, 'show-client-all-orders-post', { token: client.token, body: filter });
    expect(response.statusCode, response.body).toBe(200);
    return shopEndpoints['show-client-all-orders-post'].response.parse(response.json()).data.data;
  };
  const clientScreenOrders = async () => {
    const response = await callAdmin(app, 'client-show', { cookie: manager, body: { id: client.id } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { client: AdminClient } }).data.client.orders;
  };

  /** The order's status as the client's page, the client's list, the order screen and the client screen say it. */
  async function everywhere(orderId: number) {
    const page = await clientOrder(orderId);
    const listed = (await clientList()).find((order) => order.id === orderId)!;
    const screen = await adminOrder(orderId);
    const ofClient = (await clientScreenOrders()).find((order) => order.id === orderId)!;
    const views = [page, listed, screen, ofClient].map((view) => `${view.status} ${view.status_name}`);
    expect(new Set(views).size, views.join(' | ')).toBe(1);
    return views[0];
  }

  it('moves with the lines: Новый, В работе, Частично выдан, Выдан', async () => {
    const { orderId, lineIds } = await placed(client, [
      line({ article: 'ST-1', brandName: 'FEBI' }),
      line({ article: 'ST-2', brandName: 'BOSCH' }),
      line({ article: 'ST-3', brandName: 'NGK' }),
    ]);
    expect(await everywhere(orderId)).toBe('new Новый');
    await setLines([lineIds[0]!], 'ordered');
    expect(await everywhere(orderId)).toBe('in_work В работе');
    await setLines([lineIds[0]!], 'issued');
    expect(await everywhere(orderId)).toBe('in_work Частично выдан');
    // A canceled line does not hold the order back; the rest issued is the whole order issued.
    await setLines([lineIds[1]!], 'canceled');
    expect(await everywhere(orderId)).toBe('in_work Частично выдан');
    await setLines([lineIds[2]!], 'issued');
    expect(await everywhere(orderId)).toBe('issued Выдан');
  });

  it('is «Готов к выдаче» when every live line is ready, «Отменён» when every line is canceled', async () => {
    const ready = await placed(client, [
      line({ article: 'RD-1', brandName: 'FEBI' }),
      line({ article: 'RD-2', brandName: 'FEBI' }),
    ]);
    await setLines(ready.lineIds, 'ready');
    expect(await everywhere(ready.orderId)).toBe('ready Готов к выдаче');

    const canceled = await placed(client, [line({ article: 'CN-1', brandName: 'FEBI' })]);
    await setLines(canceled.lineIds, 'canceled');
    expect(await everywhere(canceled.orderId)).toBe('canceled Отменён');
  });

  it("filters the client's list by the derived status (in work includes partly issued)", async () => {
    const partly = await placed(client, [
      line({ article: 'PF-1', brandName: 'FEBI' }),
      line({ article: 'PF-2', brandName: 'FEBI' }),
    ]);
    await setLines([partly.lineIds[0]!], 'issued');
    const untouched = await placed(client, [line({ article: 'PF-3', brandName: 'FEBI' })]);

    const inWork = (await clientList({ status: 'in_work' })).map((order) => order.id);
    expect(inWork).toContain(partly.orderId);
    expect(inWork).not.toContain(untouched.orderId);
    const fresh = (await clientList({ status: 'new' })).map((order) => order.id);
    expect(fresh).toContain(untouched.orderId);
    expect(fresh).not.toContain(partly.orderId);
  });

  it('the CLI without --line moves every open line, and says the order before and after', async () => {
    const { orderId, lineIds } = await placed(client, [
      line({ article: 'CL-1', brandName: 'FEBI' }),
      line({ article: 'CL-2', brandName: 'FEBI' }),
    ]);
    await setLines([lineIds[0]!], 'canceled');
    const result = await setOrderStatus(database.db, { orderId }, 'issued');
    expect(result).toEqual({ changed: { orderId, lineId: null, previous: 'new', status: 'issued' } });
    expect((await adminOrder(orderId)).lines.map((row) => row.status)).toEqual(['canceled', 'issued']);
  });
});

describe('the work queue (issue 26, point 4) and the navigation counts (point 8)', () => {
  let ring: { orderId: number; lineIds: number[] };
  let fresh: { orderId: number; lineIds: number[] };
  let ringClient: TestClient;
  let countsBefore: AdminOrderCounts;

  const counts = async (): Promise<AdminOrderCounts> => {
    const response = await callAdmin(app, 'order-line-counts', { cookie: manager });
    expect(response.statusCode, response.body).toBe(200);
    return adminEndpoints['order-line-counts'].response.parse(response.json()).data;
  };

  beforeAll(async () => {
    countsBefore = await counts();
    ringClient = await insertClient(database.db, { lastName: 'Кольцова', firstName: 'Анна' });
    const other = await insertClient(database.db, { lastName: 'Свежев', firstName: 'Пётр' });
    // Placed on Monday 16 November at 10:00: two working days is Wednesday the 18th, a week ago.
    ring = await placed(
      ringClient,
      [
        line({ article: 'OC 90', brandName: 'KNECHT', deliveryDays: 2 }),
        line({ article: 'W 712/75', brandName: 'MANN-FILTER', deliveryDays: 0 }),
        line({ article: 'ЖД-12', brandName: 'ВАЗ', deliveryDays: null }),
      ],
      { at: new Date('2026-11-16T07:00:00Z'), comment: '  Позвоните до обеда  ', companyName: 'ООО «Кольцо»' },
    );
    await setLines([ring.lineIds[0]!], 'ordered');
    await setLines([ring.lineIds[1]!], 'ready');
    fresh = await placed(other, [line({ article: 'OC-90', brandName: 'MAHLE', deliveryDays: 3 })], { comment: '' });
  });

  const ids = (page: Paginated<AdminOrderLine>) => page.data.map((row) => row.id).sort((a, b) => a - b);

  it('finds an article however it is typed, as the storefront does («ос-90», «oc90», «OC 90»)', async () => {
    for (const typed of ['ос-90', 'oc90', 'OC 90', ' Oc.90 ']) {
      expect({ typed, ids: ids(await queue({ q: typed })) }).toEqual({
        typed,
        ids: [ring.lineIds[0]!, fresh.lineIds[0]!],
      });
    }
    // A part of an article finds it too; a Cyrillic article is kept as it is.
    expect(ids(await queue({ q: '712' }))).toEqual([ring.lineIds[1]!]);
    expect(ids(await queue({ q: 'жд 12' }))).toEqual([ring.lineIds[2]!]);
  });

  it('finds by brand, by order number and by client; narrows by the client and by lateness', async () => {
    expect(ids(await queue({ q: 'knecht' }))).toEqual([ring.lineIds[0]!]);
    expect(ids(await queue({ q: `№ ${fresh.orderId}` }))).toEqual(fresh.lineIds);
    expect(ids(await queue({ q: 'кольцо' }))).toEqual(ring.lineIds);
    expect(ids(await queue({ client_id: ringClient.id }))).toEqual(ring.lineIds);
    expect(ids(await queue({ late: true }))).toEqual([ring.lineIds[0]!]);
    expect((await queue({ q: 'ос 90', late: true })).total).toBe(1);
    expect((await queue({ q: 'НЕТ-ТАКОГО' })).total).toBe(0);
  });

  it("shows each line's expected day, whether it is late, and the client's comment", async () => {
    const rows = new Map((await queue({ client_id: ringClient.id })).data.map((row) => [row.id, row]));
    expect(rows.get(ring.lineIds[0]!)).toMatchObject({
      expected_day: '2026-11-18',
      late: true,
      order_comment: 'Позвоните до обеда',
    });
    // Ready on its day is not late; a line with unknown days has no expected day.
    expect(rows.get(ring.lineIds[1]!)).toMatchObject({ expected_day: '2026-11-16', late: false });
    expect(rows.get(ring.lineIds[2]!)).toMatchObject({ expected_day: null, late: false });
    const [freshLine] = (await queue({ order_id: fresh.orderId })).data;
    // Thursday 12:00, before the 18:00 cut-off: three working days is Tuesday 1 December.
    expect(freshLine).toMatchObject({ expected_day: '2026-12-01', late: false, order_comment: null });
    // The order screen says the same per line.
    const screen = await adminOrder(ring.orderId);
    expect(screen.lines.map((row) => [row.expected_day, row.late])).toEqual([
      ['2026-11-18', true],
      ['2026-11-16', false],
      [null, false],
    ]);
  });

  it('counts new lines and late lines for the navigation', async () => {
    expect(await counts()).toEqual({
      new_lines: countsBefore.new_lines + 2, // ЖД-12 and MAHLE OC-90
      late_lines: countsBefore.late_lines + 1,
    });
    await setLines([ring.lineIds[0]!], 'ready');
    expect(await counts()).toEqual({
      new_lines: countsBefore.new_lines + 2,
      late_lines: countsBefore.late_lines,
    });
  });

  it('refuses a search text too long, in Russian, and a staff member of another role', async () => {
    const response = await callAdmin(app, 'order-line-list', { cookie: manager, body: { q: 'x'.repeat(201) } });
    expect(response.statusCode).toBe(422);
    expect(response.body).toContain('Слишком длинный текст для поиска');
    const { member } = await createTestStaff(database.db, 'content_editor', NOW);
    const editor = await staffCookieFor(database.db, member.id, NOW);
    expect((await callAdmin(app, 'order-line-counts', { cookie: editor })).statusCode).toBe(403);
    expect((await callAdmin(app, 'order-line-counts')).statusCode).toBe(401);
  });
});
