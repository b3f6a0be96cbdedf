import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE,
  INN_CHECKSUM_MESSAGE,
  KPP_MESSAGE,
  OGRNIP_CHECKSUM_MESSAGE,
  OGRN_CHECKSUM_MESSAGE,
  PAYER_NOT_FOUND_MESSAGE,
  SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
  SHOP_API_PREFIX,
  adminEndpoints,
  shopEndpoints,
  type Payer,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { orders, payers } from '../../db/schema/index.ts';
import { openSession } from '../clients/sessions.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callShop, registerClient } from '../../../test/helpers/clients.ts';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { writeBillSettings } from '../../../test/fixtures/bills.ts';
import { createCheckoutScene, step2Input, writeDeliveryMethods } from '../../../test/fixtures/orders.ts';

/**
 * Issue 30, point 1: payers through the API (real HTTP, the contract's routes), on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL). Bad requisites are refused field by field in Russian with nothing written; another
 * client's payer is 404; a payer an order names is never rewritten; the bill's PDF names the payer with INN and KPP.
 */

/** Sberbank's public INN, KPP, OGRN, BIK and correspondent account; a settlement account that fits the BIK. */
const COMPANY = {
  kind: 'legal_entity',
  full_name: 'Общество с ограниченной ответственностью «Колесо»',
  short_name: 'ООО «Колесо»',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '1027700132195',
  legal_address: '117997, г. Москва, ул. Вавилова, д. 19',
  bank_name: 'ПАО Сбербанк',
  bik: '044525225',
  correspondent_account: '30101810400000000225',
  settlement_account: '40702810500000001234',
};
const SOLE_TRADER = {
  ...COMPANY,
  kind: 'sole_trader',
  full_name: 'Индивидуальный предприниматель Петров Иван Сергеевич',
  short_name: 'ИП Петров И. С.',
  inn: '500100732259',
  kpp: '',
  ogrn: '304500116000157',
  settlement_account: '40802810200000001230',
};

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
  await writeDeliveryMethods(database.db);
  await writeBillSettings(database.db, 20);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const shop = (token: string, path: keyof typeof shopEndpoints, body: object = {}) =>
  callShop(app, path, { token, body });

async function payersOf(token: string, archived = false): Promise<Payer[]> {
  const response = await shop(token, 'client-payer-all-post', { archived });
  expect(response.statusCode, response.body).toBe(200);
  return shopEndpoints['client-payer-all-post'].response.parse(response.json()).data.payers;
}

async function create(token: string, body: object): Promise<Payer> {
  const response = await shop(token, 'client-payer-create-post', body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { payer: Payer } }).data.payer;
}

const rowCount = async () =>
  Number(((await database.db.execute(sql`select count(*)::int as n from payers`)).rows[0] as { n: number }).n);

describe('client payers', () => {
  it('a registration «для организации» creates the default payer and makes the client a business', async () => {
    const client = await registerClient(app, { company_name: null, payer: COMPANY });
    const list = await payersOf(client.token);
    expect(list).toEqual([
      expect.objectContaining({
        ...COMPANY,
        kind_name: 'Юридическое лицо',
        is_default: true,
        archived: false,
        used: false,
        replaces_id: null,
      }),
    ]);
    const account = await shop(client.token, 'client-show-account');
    expect(account.json().data.client.company_name).toBe('ООО «Колесо»');
  });

  it('a registration with a bad payer is refused under payer.<field>, and no account is made', async () => {
    const before = await rowCount();
    const body = { email: 'bad-payer@example.ru', payer: { ...COMPANY, inn: '7707083894', kpp: '77-36' } };
    const response = await callShop(app, 'client-registration', {
      body: {
        password: 'correct horse 42',
        password_confirmation: 'correct horse 42',
        first_name: 'Иван',
        last_name: 'Петров',
        phone_number: '+7 999 123-45-67',
        ...body,
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual({ 'payer.inn': [INN_CHECKSUM_MESSAGE], 'payer.kpp': [KPP_MESSAGE] });
    expect(await rowCount()).toBe(before);
    const [client] = (await database.db.execute(sql`select id from clients where email = 'bad-payer@example.ru'`)).rows;
    expect(client).toBeUndefined();
  });

  it.each([
    ['an INN with a wrong check digit', { inn: '7707083894' }, { inn: [INN_CHECKSUM_MESSAGE] }],
    ['an OGRN with a wrong check digit', { ogrn: '1027700132196' }, { ogrn: [OGRN_CHECKSUM_MESSAGE] }],
    ['a KPP of the wrong shape', { kpp: '7736010' }, { kpp: [KPP_MESSAGE] }],
    [
      'an account that does not match its BIK',
      { settlement_account: '40702810500000001235' },
      { settlement_account: [SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE] },
    ],
    [
      "another bank's BIK",
      { bik: '044030653' },
      {
        settlement_account: [SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE],
        correspondent_account: [CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE],
      },
    ],
  ])('refuses %s: 422 in Russian, nothing written', async (_name, change, errors) => {
    const client = await registerClient(app);
    const before = await rowCount();
    const response = await shop(client.token, 'client-payer-create-post', { ...COMPANY, ...change });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toEqual(errors);
    expect(response.json().message).toMatch(/[а-я]/);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a sole trader with a wrong OGRNIP; takes one without KPP', async () => {
    const client = await registerClient(app);
    const bad = await shop(client.token, 'client-payer-create-post', { ...SOLE_TRADER, ogrn: '304500116000158' });
    expect(bad.json().error).toEqual({ ogrn: [OGRNIP_CHECKSUM_MESSAGE] });
    const payer = await create(client.token, { ...SOLE_TRADER, inn: '5001 0073 2259' });
    expect(payer).toMatchObject({ kind: 'sole_trader', kpp: null, inn: '500100732259', is_default: true });
  });

  it('keeps one default: the first payer, then the one asked for; archiving the default passes it on', async () => {
    const client = await registerClient(app);
    const first = await create(client.token, COMPANY);
    const second = await create(client.token, { ...SOLE_TRADER, is_default: true });
    let list = await payersOf(client.token);
    expect(list.map((payer) => [payer.id, payer.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect((await shop(client.token, 'client-payer-default-post', { id: first.id })).statusCode).toBe(200);
    expect((await shop(client.token, 'client-payer-archive-post', { id: first.id })).statusCode).toBe(200);
    list = await payersOf(client.token);
    expect(list.map((payer) => [payer.id, payer.is_default])).toEqual([[second.id, true]]);
    expect((await payersOf(client.token, true)).map((payer) => [payer.id, payer.archived])).toEqual([
      [second.id, false],
      [first.id, true],
    ]);
  });

  it("answers 404 for another client's payer, and changes nothing", async () => {
    const owner = await registerClient(app);
    const stranger = await registerClient(app);
    const payer = await create(owner.token, COMPANY);
    for (const [path, body] of [
      ['client-payer-update-post', { ...COMPANY, id: payer.id, short_name: 'Чужое' }],
      ['client-payer-default-post', { id: payer.id }],
      ['client-payer-archive-post', { id: payer.id }],
    ] as const) {
      const response = await shop(stranger.token, path, body);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toEqual({ message: PAYER_NOT_FOUND_MESSAGE, error: 'not_found' });
    }
    expect(await payersOf(stranger.token)).toEqual([]);
    expect((await payersOf(owner.token))[0]).toEqual(payer);
  });

  it('edits an unused payer in place', async () => {
    const client = await registerClient(app);
    const payer = await create(client.token, COMPANY);
    const response = await shop(client.token, 'client-payer-update-post', {
      ...COMPANY,
      id: payer.id,
      legal_address: '101000, г. Москва, ул. Мясницкая, д. 1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.payer).toMatchObject({
      id: payer.id,
      legal_address: '101000, г. Москва, ул. Мясницкая, д. 1',
    });
  });
});

describe('checkout with a payer, the bill names it', () => {
  async function sceneWithPayer() {
    const scene = await createCheckoutScene(database.db, [
      { price: '1234.50', stock: 5, inBasket: 2 },
      { price: '99.99', stock: 3, inBasket: 1 },
    ]);
    const token = await openSession(database.db, scene.clientId, new Date());
    const payer = await create(token, COMPANY);
    return { scene, token, payer };
  }

  it('step 1 offers the payers, the default first; step 2 records the payer and a copy of its requisites', async () => {
    const { scene, token, payer } = await sceneWithPayer();
    const step1 = await shop(token, 'basket-create-order-order-step1-from-items-post', {
      ...scene.basket,
      itemsForOrder: scene.lineIds,
    });
    expect(step1.json().data.payers.map((p: Payer) => p.id)).toEqual([payer.id]);

    const placed = await shop(token, 'create-order-order-step2-from-items-post', {
      ...step2Input(scene),
      payer_id: payer.id,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.orderForClient.id as number;
    const [row] = await database.db
      .select({ payerId: orders.payerId, payer: orders.payer })
      .from(orders)
      .where(eq(orders.id, orderId));
    const {
      kind_name: _k,
      is_default: _d,
      archived: _a,
      used: _u,
      replaces_id: _r,
      created_at: _c,
      id: _i,
      ...requisites
    } = payer;
    expect(row).toEqual({ payerId: payer.id, payer: requisites });

    const shown = await shop(token, 'show-client-order-post', { id: orderId });
    expect(shown.json().data.payer).toEqual(requisites);

    // The bill's PDF, read back: the payer with INN and KPP, not «company, phone».
    const billId = shown.json().data.bill_id as number;
    const pdf = await shop(token, 'client-bill-download-post', { billId });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Общество с ограниченной ответственностью «Колесо», ИНН 7707083893, КПП 773601001');
    expect(text).not.toContain('тел. +79991234567');

    // The payer is now used: correcting it makes a new version, the order and its bill keep the old requisites.
    const edited = await shop(token, 'client-payer-update-post', {
      ...COMPANY,
      id: payer.id,
      short_name: 'ООО «Колесо-2»',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const version = edited.json().data.payer as Payer;
    expect(version).toMatchObject({
      replaces_id: payer.id,
      short_name: 'ООО «Колесо-2»',
      is_default: true,
      used: false,
    });
    expect(version.id).not.toBe(payer.id);
    const [old] = await database.db.select().from(payers).where(eq(payers.id, payer.id));
    expect(old).toMatchObject({ shortName: 'ООО «Колесо»', isDefault: false });
    expect(old!.archivedAt).not.toBeNull();
    expect((await payersOf(token)).map((p) => p.id)).toEqual([version.id]);
    const again = (await pdfText((await shop(token, 'client-bill-download-post', { billId })).rawPayload)).replace(
      /\s+/g,
      ' ',
    );
    expect(again).toContain('«Колесо», ИНН 7707083893, КПП 773601001');
    expect(again).not.toContain('Колесо-2');
  });

  it("refuses another client's payer and an archived one at checkout: nothing is ordered", async () => {
    const { scene, token, payer } = await sceneWithPayer();
    const stranger = await registerClient(app);
    const foreign = await create(stranger.token, COMPANY);
    const count = async () =>
      Number(
        (
          (await database.db.execute(sql`select count(*)::int as n from orders where client_id = ${scene.clientId}`))
            .rows[0] as { n: number }
        ).n,
      );
    const foreignOrder = await shop(token, 'create-order-order-step2-from-items-post', {
      ...step2Input(scene),
      payer_id: foreign.id,
    });
    expect(foreignOrder.statusCode).toBe(404);
    expect(foreignOrder.json().message).toBe(PAYER_NOT_FOUND_MESSAGE);
    await shop(token, 'client-payer-archive-post', { id: payer.id });
    const archived = await shop(token, 'create-order-order-step2-from-items-post', {
      ...step2Input(scene),
      payer_id: payer.id,
    });
    expect(archived.statusCode).toBe(422);
    expect(archived.json().error).toHaveProperty('payer_id');
    expect(await count()).toBe(0);
  });

  it('a person without a payer orders as before: the bill names them with the phone', async () => {
    const scene = await createCheckoutScene(database.db, [{ price: '500.00', stock: 2, inBasket: 1 }]);
    const token = await openSession(database.db, scene.clientId, new Date());
    const placed = await shop(token, 'create-order-order-step2-from-items-post', step2Input(scene));
    expect(placed.statusCode, placed.body).toBe(200);
    const shown = await shop(token, 'show-client-order-post', { id: placed.json().data.orderForClient.id });
    expect(shown.json().data.payer).toBeNull();
    const text = (
      await pdfText((await shop(token, 'client-bill-download-post', { billId: shown.json().data.bill_id })).rawPayload)
    ).replace(/\s+/g, ' ');
    expect(text).toContain('ООО «Ромашка», тел. +79991234567');
  });
});

describe('staff: payer-* on the client card', () => {
  it('managers and the owner list, add, correct and archive; a content editor is refused; the audit log has it', async () => {
    const client = await registerClient(app);
    const [{ id: clientId }] = (
      await database.db.execute<{ id: number }>(sql`select id from clients where lower(email) = lower(${client.email})`)
    ).rows as [{ id: number }];
    const manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
    const editor = await staffCookieFor(database.db, (await createTestStaff(database.db, 'content_editor')).member.id);

    const refused = await callAdmin(app, 'payer-list', { cookie: editor, body: { client_id: clientId } });
    expect(refused.statusCode).toBe(403);
    expect(adminEndpoints['payer-create'].roles).toEqual(['owner', 'manager']);

    const bad = await callAdmin(app, 'payer-create', {
      cookie: manager,
      body: { ...COMPANY, client_id: clientId, ogrn: '1027700132196' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error).toEqual({ ogrn: [OGRN_CHECKSUM_MESSAGE] });

    const created = await callAdmin(app, 'payer-create', {
      cookie: manager,
      body: { ...COMPANY, client_id: clientId },
    });
    expect(created.statusCode, created.body).toBe(200);
    const payerId = created.json().data.payer.id as number;
    const corrected = await callAdmin(app, 'payer-update', {
      cookie: manager,
      body: { ...COMPANY, id: payerId, kpp: '773601002' },
    });
    expect(corrected.json().data.payer).toMatchObject({ id: payerId, kpp: '773601002' });
    expect((await payersOf(client.token))[0]).toMatchObject({ id: payerId, kpp: '773601002' });

    expect((await callAdmin(app, 'payer-archive', { cookie: manager, body: { id: payerId } })).statusCode).toBe(200);
    const list = await callAdmin(app, 'payer-list', { cookie: manager, body: { client_id: clientId } });
    expect(list.json().data.payers).toEqual([expect.objectContaining({ id: payerId, archived: true })]);

    const audit = await database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'payer' and entity_id = ${String(payerId)} order by id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['payer.create', 'payer.update', 'payer.archive']);
    expect(
      (await callAdmin(app, 'payer-update', { cookie: manager, body: { ...COMPANY, id: 2_000_000 } })).statusCode,
    ).toBe(404);
  });
});

void SHOP_API_PREFIX;
