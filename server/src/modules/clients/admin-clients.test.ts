import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BLOCKED_MESSAGE, type AdminClient, type AdminClientRow } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog, clients } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop, loginClient, registerClient, type RegisteredClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertOrderWithBill, writeBillSettings } from '../../../test/fixtures/bills.ts';
import { setGroupProfile } from '../pricing/groups.ts';

describe('back office: clients', () => {
  let database: Database;
  let app: FastifyInstance;
  let manager: string;
  let managerId: number;
  let ivan: RegisteredClient;
  let ivanId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    await writeBillSettings(database.db, null);
    managerId = (await createTestStaff(database.db, 'manager')).member.id;
    manager = await staffCookieFor(database.db, managerId);
    ivan = await registerClient(app, {
      first_name: 'Иван',
      last_name: 'Грозный',
      company_name: 'ООО «Опричник»',
      phone_number: '+7 916 555-44-33',
    });
    await registerClient(app, { first_name: 'Мария', last_name: 'Кюри', phone_number: '+7 903 111-22-33' });
    const [row] = await database.db.select({ id: clients.id }).from(clients).where(eq(clients.email, ivan.email));
    ivanId = row!.id;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const list = async (q: string | null, query = '') => {
    const response = await callAdmin(app, 'client-list', { cookie: manager, body: { q }, query });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { data: AdminClientRow[]; total: number } }).data;
  };
  const screen = async (id: number) => {
    const response = await callAdmin(app, 'client-show', { cookie: manager, body: { id } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { client: AdminClient } }).data.client;
  };

  it('searches by name, e-mail, phone in any form, company and INN', async () => {
    expect((await list(null)).total).toBe(2);
    expect((await list('грозн')).data.map((row) => row.id)).toEqual([ivanId]);
    expect((await list(ivan.email.toUpperCase())).data.map((row) => row.id)).toEqual([ivanId]);
    expect((await list('8 (916) 555-44-33')).data.map((row) => row.id)).toEqual([ivanId]);
    expect((await list('опричник')).data.map((row) => row.id)).toEqual([ivanId]);
    expect((await list('%')).total).toBe(0);
    expect((await list('Кюри')).data[0]).toMatchObject({
      name: 'Кюри Мария Сергеевич',
      group_name: 'Розница',
      blocked: false,
    });
    const paged = await callAdmin(app, 'client-list', { cookie: manager, body: { per_page: 1 }, query: '?page=2' });
    expect((paged.json() as { data: { data: unknown[]; last_page: number } }).data).toMatchObject({ last_page: 2 });
  });

  it("shows the client's orders, bills, payments and balance (billed minus paid)", async () => {
    const line = { article: 'OC90', brandName: 'KNECHT', description: 'Фильтр', quantity: 1 };
    const first = await insertOrderWithBill(database.db, { clientId: ivanId, lines: [{ ...line, price: '1000.00' }] });
    await insertOrderWithBill(database.db, { clientId: ivanId, lines: [{ ...line, price: '250.50' }] });
    const paid = await callAdmin(app, 'payment-record', {
      cookie: manager,
      body: { bill_id: first.billId, amount: 600, date: '2026-01-15' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const client = await screen(ivanId);
    expect(client).toMatchObject({
      name: 'Грозный Иван Сергеевич',
      company_name: 'ООО «Опричник»',
      phone_number: '+79165554433',
      balance: { billed: 1250.5, paid: 600, balance: 650.5 },
      orders_total: 2,
      bills_total: 2,
      payments_total: 1,
      personal_discount: 0,
      blocked_at: null,
    });
    expect(client.bills.map((bill) => bill.state).sort()).toEqual(['partly_paid', 'unpaid']);
    expect(client.payments[0]).toMatchObject({ amount: 600, bill_id: first.billId });
    expect(client.groups.map((group) => group.name)).toContain('Розница');

    const missing = await callAdmin(app, 'client-show', { cookie: manager, body: { id: 999999 } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Клиент не найден' });
  });

  it('changes the group and the discount through the pricing functions, audited with before and after', async () => {
    await setGroupProfile(database.db, 'Опт', {
      baseMarkup: 1000,
      bands: [],
      brandMarkups: new Map(),
      supplierMarkups: new Map(),
      supplierBrandMarkups: new Map(),
      rounding: 'kopeck',
      minMarginKopecks: 0,
    });
    const moved = await callAdmin(app, 'client-set-group', { cookie: manager, body: { id: ivanId, group: 'Опт' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as { data: { client: AdminClient } }).data.client.group_name).toBe('Опт');
    const unknown = await callAdmin(app, 'client-set-group', { cookie: manager, body: { id: ivanId, group: 'VIP' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ error: { group: ['Такой группы нет'] } });

    const discount = await callAdmin(app, 'client-set-discount', {
      cookie: manager,
      body: { id: ivanId, percent: 7.5 },
    });
    expect((discount.json() as { data: { client: AdminClient } }).data.client.personal_discount).toBe(7.5);
    const tooMuch = await callAdmin(app, 'client-set-discount', {
      cookie: manager,
      body: { id: ivanId, percent: 100.5 },
    });
    expect(tooMuch.statusCode).toBe(422);

    const rows = await database.db.select().from(auditLog).where(eq(auditLog.entity, 'client'));
    expect(rows.map((row) => [row.action, row.staffId, row.entityId, row.before, row.after])).toEqual([
      [
        'client.group',
        managerId,
        String(ivanId),
        { group: 'Розница', personal_discount: 0, blocked: false },
        { group: 'Опт', personal_discount: 0, blocked: false },
      ],
      [
        'client.discount',
        managerId,
        String(ivanId),
        { group: 'Опт', personal_discount: 0, blocked: false },
        { group: 'Опт', personal_discount: 7.5, blocked: false },
      ],
    ]);
  });

  it("blocking ends the client's sessions at once and refuses sign-in in Russian; unblocking lets them in", async () => {
    const second = await loginClient(app, ivan.email, ivan.password);
    for (const token of [ivan.token, second]) {
      expect((await callShop(app, 'client-me', { token })).statusCode).toBe(200);
    }
    const blocked = await callAdmin(app, 'client-block', { cookie: manager, body: { id: ivanId } });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((blocked.json() as { data: { client: AdminClient } }).data.client).toMatchObject({
      blocked: true,
      blocked_at: expect.any(String),
    });
    for (const token of [ivan.token, second]) {
      expect((await callShop(app, 'client-me', { token })).statusCode).toBe(401);
    }
    const refused = await callShop(app, 'client-login', { body: { email: ivan.email, password: ivan.password } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: CLIENT_BLOCKED_MESSAGE });
    // A wrong password says nothing of the block.
    const guess = await callShop(app, 'client-login', { body: { email: ivan.email, password: 'wrong password 1' } });
    expect(guess.json()).toMatchObject({ message: 'Неверный e-mail или пароль' });

    const unblocked = await callAdmin(app, 'client-unblock', { cookie: manager, body: { id: ivanId } });
    expect((unblocked.json() as { data: { client: AdminClient } }).data.client.blocked).toBe(false);
    const token = await loginClient(app, ivan.email, ivan.password);
    expect((await callShop(app, 'client-me', { token })).statusCode).toBe(200);
    // The old sessions stay ended.
    expect((await callShop(app, 'client-me', { token: ivan.token })).statusCode).toBe(401);
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.entity, 'client'))).map(
      (row) => row.action,
    );
    expect(actions.slice(-2)).toEqual(['client.block', 'client.unblock']);
  });
});
