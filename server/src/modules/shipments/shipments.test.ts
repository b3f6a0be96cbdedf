import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CORRECTION_NOT_FOUND_MESSAGE,
  SHIPMENT_CANCELED_MESSAGE,
  SHIPMENT_LINES_REQUIRED_MESSAGE,
  SHIPMENT_NOT_FOUND_MESSAGE,
  SHIPMENT_NOT_READY_MESSAGE,
  SHIPMENT_OVER_READY_MESSAGE,
  SHOP_API_PREFIX,
  type Shipment,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import {
  auditLog,
  bills,
  goodsReceiptLines,
  goodsReceipts,
  clients,
  orderItems,
  orderLineStatusHistory,
  orders,
  shipmentCorrections,
  shipmentLines,
  shipments,
} from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertSupplier } from '../../../test/fixtures/offers.ts';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import { formatAmount } from '../bills/bill-document.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, insertOrderWithBill, writeBillSettings, type TestClient } from '../../../test/fixtures/bills.ts';

/**
 * Shipments over HTTP (issue 30, points 2 and 5): the counter issues ready lines (all or part of a quantity) and
 * posts a shipment through the line-status path; the staff list, download and correct; the client lists and
 * downloads its own, another client's answers 404; bad input is refused with nothing written. Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */

const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('shipments API', () => {
  let database: Database;
  let app: FastifyInstance;
  let manager: string;
  let alice: TestClient;
  let bob: TestClient;
  let orderId: number;
  let billId: number;
  let lineIds: number[];

  const post = (client: TestClient | null, path: string, payload: unknown = {}) =>
    app.inject({
      method: 'POST',
      url: SHOP_API_PREFIX + path,
      payload: payload as object,
      headers: client ? { authorization: `Bearer ${client.token}` } : {},
    });
  const issue = (body: object) => callAdmin(app, 'shipment-issue', { cookie: manager, body });

  /** What a refused request must leave alone: shipments, lines, history, bills. */
  const snapshot = async () => {
    const { db } = database;
    return {
      shipments: (await db.select({ n: count() }).from(shipments))[0]!.n,
      lines: await db
        .select({ id: orderItems.id, status: orderItems.status, quantity: orderItems.quantity })
        .from(orderItems)
        .orderBy(asc(orderItems.id)),
      history: (await db.select({ n: count() }).from(orderLineStatusHistory))[0]!.n,
      bills: await db.select({ id: bills.id, sum: bills.priceSum }).from(bills).orderBy(asc(bills.id)),
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    const { db } = database;
    await writeBillSettings(db, 20);
    manager = await staffCookieFor(db, (await createTestStaff(db, 'manager')).member.id);
    alice = await insertClient(db, { companyName: 'ООО «Ромашка»' });
    // Registered as a business with its INN: the УПД names the organisation (a payer's KPP comes with the payers).
    await db.update(clients).set({ isBusiness: true, inn: '7707083893' }).where(eq(clients.id, alice.id));
    bob = await insertClient(db, { firstName: 'Борис', lastName: 'Сидоров' });
    ({ orderId, billId } = await insertOrderWithBill(db, {
      clientId: alice.id,
      companyName: 'ООО «Ромашка»',
      at: new Date('2026-11-20T08:00:00Z'),
      lines: [
        {
          article: 'P 85 020',
          brandName: 'BREMBO',
          description: 'Колодки тормозные',
          price: '3567.50',
          quantity: 3,
          status: 'ready',
        },
        {
          article: 'OC 90',
          brandName: 'KNECHT',
          description: 'Фильтр масляный',
          price: '610.33',
          quantity: 1,
          status: 'ready',
        },
        {
          article: 'BKR6E',
          brandName: 'NGK',
          description: 'Свеча зажигания',
          price: '450.00',
          quantity: 4,
          status: 'in_work',
        },
      ],
    }));
    lineIds = (
      await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id))
    ).map((row) => row.id);
    // The brake pads came through a goods receipt from Italy under a customs declaration (purchasing, issue 29).
    const supplierId = await insertSupplier(db, 'Поставщик-Импорт');
    const [receipt] = await db
      .insert(goodsReceipts)
      .values({
        supplierId,
        documentNumber: 'УПД-77',
        documentDate: '2026-11-19',
        postedAt: new Date('2026-11-19T10:00:00Z'),
      })
      .returning({ id: goodsReceipts.id });
    await db.insert(goodsReceiptLines).values({
      receiptId: receipt!.id,
      article: 'P 85 020',
      articleNormalized: 'P85020',
      brandName: 'BREMBO',
      brandNormalized: 'BREMBO',
      quantity: 3,
      price: '2500.00',
      country: 'IT',
      customsDeclaration: '10702070/080424/3088153',
      orderItemId: lineIds[0]!,
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('bad input: a clear message and nothing written', () => {
    it('refuses no lines, a zero quantity, more than is ready, a line not ready, a canceled line', async () => {
      const before = await snapshot();

      const empty = await issue({ lines: [] });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().error.lines).toEqual([SHIPMENT_LINES_REQUIRED_MESSAGE]);

      const zero = await issue({ lines: [{ line_id: lineIds[0], quantity: 0 }] });
      expect(zero.statusCode).toBe(422);

      const over = await issue({ lines: [{ line_id: lineIds[0], quantity: 4 }] });
      expect(over.statusCode).toBe(422);
      expect(over.json().message).toBe(
        `${SHIPMENT_OVER_READY_MESSAGE}: № ${lineIds[0]} BREMBO P 85 020 — готово 3 шт., запрошено 4 шт.`,
      );

      // With a good line beside it: still all or nothing.
      const notReady = await issue({
        lines: [
          { line_id: lineIds[1], quantity: 1 },
          { line_id: lineIds[2], quantity: 1 },
        ],
      });
      expect(notReady.statusCode).toBe(409);
      expect(notReady.json().message).toBe(`${SHIPMENT_NOT_READY_MESSAGE}: № ${lineIds[2]} NGK BKR6E (В работе)`);

      const missing = await issue({ lines: [{ line_id: 999_999, quantity: 1 }] });
      expect(missing.statusCode).toBe(422);

      expect(await snapshot()).toEqual(before);
    });

    it('refuses a canceled line', async () => {
      const { db } = database;
      const { orderId: other } = await insertOrderWithBill(db, {
        clientId: bob.id,
        lines: [
          { article: 'X1', brandName: 'MANN', description: 'Фильтр', price: '100.00', quantity: 1, status: 'canceled' },
        ],
      });
      const [line] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, other));
      const before = await snapshot();
      const response = await issue({ lines: [{ line_id: line!.id, quantity: 1 }] });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`${SHIPMENT_CANCELED_MESSAGE}: № ${line!.id} MANN X1`);
      expect(await snapshot()).toEqual(before);
    });
  });

  let first: Shipment;

  it('issues one whole line and 2 of 3 pieces of another: one shipment, the line split, totals unchanged', async () => {
    const { db } = database;
    const [orderBefore] = await db.select({ total: orders.totalPrice }).from(orders).where(eq(orders.id, orderId));
    const response = await issue({
      lines: [
        { line_id: lineIds[0], quantity: 2 },
        { line_id: lineIds[1], quantity: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { shipments: posted } = response.json().data as { shipments: Shipment[] };
    expect(posted).toHaveLength(1);
    first = posted[0]!;
    expect(first.client_id).toBe(alice.id);
    expect(first.status).toBe(1);
    expect(first.lines.map((line) => [line.article, line.quantity, line.price])).toEqual([
      ['OC 90', 1, 610.33],
      ['P 85 020', 2, 3567.5],
    ]);
    // 2 × 3 567,50 + 610,33 = 7 745,33; VAT 20/120 per line: 1 189,17 + 101,72.
    expect(first.total).toBe(7745.33);
    expect(first.vat).toBe(1290.89);
    expect(first.xml_file_name).toMatch(
      /^ON_NSCHFDOPPR_7707083893_7701234567-770101001_\d{8}_[0-9a-f-]{36}_0_0_0_0_0_00\.xml$/,
    );

    const lines = await db
      .select({ id: orderItems.id, status: orderItems.status, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.id));
    const split = lines.at(-1)!;
    expect(lines).toEqual([
      { id: lineIds[0], status: 'ready', quantity: 1 },
      { id: lineIds[1], status: 'issued', quantity: 1 },
      { id: lineIds[2], status: 'in_work', quantity: 4 },
      { id: split.id, status: 'issued', quantity: 2 },
    ]);
    expect(first.lines[1]!.order_item_id).toBe(split.id);
    const [orderAfter] = await db.select({ total: orders.totalPrice }).from(orders).where(eq(orders.id, orderId));
    expect(orderAfter).toEqual(orderBefore);
    const [bill] = await db.select({ sum: bills.priceSum }).from(bills).where(eq(bills.id, billId));
    expect(bill!.sum).toBe(orderBefore!.total);

    // The status path's history (the split's note, then ready → issued) and the audit log.
    const history = await db
      .select({ to: orderLineStatusHistory.toStatus, note: orderLineStatusHistory.note })
      .from(orderLineStatusHistory)
      .where(eq(orderLineStatusHistory.orderItemId, split.id))
      .orderBy(asc(orderLineStatusHistory.id));
    // The split-off line carries the original's past (none here: written ready), then ready → issued.
    expect(history).toEqual([{ to: 'issued', note: null }]);
    const actions = (await db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['order_item.split', 'order_item.status', 'shipment.post']));
  });

  it('the staff lists and prints it; the PDF carries both parties, the lines and the totals; the XML is windows-1251', async () => {
    const list = await callAdmin(app, 'shipment-list', { cookie: manager, body: { client_id: alice.id } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((s: Shipment) => s.id)).toEqual([first.id]);
    const byOrder = await callAdmin(app, 'shipment-list', { cookie: manager, body: { order_id: orderId } });
    expect(byOrder.json().data.total).toBe(1);

    const pdf = await callAdmin(app, 'shipment-download', { cookie: manager, body: { shipment_id: first.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="upd-${first.id}.pdf"`);
    const text = squash(await pdfText(pdf.rawPayload));
    expect(text).toContain(`Счет-фактура № ${first.id} от`);
    expect(text).toContain('ООО «Деталь-Тест»');
    expect(text).toContain('7701234567/770101001');
    expect(text).toContain('ООО «Ромашка»');
    expect(text).toContain('7707083893');
    expect(text).toContain('BREMBO P 85 020 Колодки тормозные');
    expect(text).toContain('KNECHT OC 90 Фильтр масляный');
    // Country and ГТД of the receipt, found through the split-off line's original; none for the filter.
    expect(text).toContain('380 Италия 10702070/080424/3088153');
    expect(text).toContain('7 745,33');
    expect(text).toContain('1 290,89');
    expect(text).toContain('Семь тысяч семьсот сорок пять рублей 33 копейки');

    const xml = await callAdmin(app, 'shipment-download', {
      cookie: manager,
      body: { shipment_id: first.id, format: 'xml' },
    });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toBe('application/xml; charset=windows-1251');
    expect(xml.headers['content-disposition']).toBe(`attachment; filename="${first.xml_file_name}"`);
    const decoded = iconv.decode(xml.rawPayload, 'win1251');
    expect(decoded).toContain('ВерсФорм="5.03"');
    expect(decoded).toContain('СтТовУчНалВсего="7745.33"');
    expect(decoded).toContain('<СвДТ КодПроисх="380" НомерДТ="10702070/080424/3088153"/>');
    expect(decoded.match(/<СвДТ /g)).toHaveLength(1);
    // The same file at every download.
    const again = await callAdmin(app, 'shipment-download', {
      cookie: manager,
      body: { shipment_id: first.id, format: 'xml' },
    });
    expect(again.rawPayload.equals(xml.rawPayload)).toBe(true);
  });

  it('the client lists and downloads its own documents; another client gets 404, as for a missing one', async () => {
    const list = await post(alice, 'client-shipment-all-post', {});
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.data.map((s: Shipment) => s.id)).toEqual([first.id]);
    expect((await post(bob, 'client-shipment-all-post', {})).json().data.data).toEqual([]);

    const pdf = await post(alice, 'client-shipment-download-post', { shipmentId: first.id, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const xml = await post(alice, 'client-shipment-download-post', { shipmentId: first.id, format: 'xml' });
    expect(xml.statusCode).toBe(200);
    expect(iconv.decode(xml.rawPayload, 'win1251')).toContain('НаимОрг="ООО «Деталь-Тест»"');

    const notFoundBody = { message: SHIPMENT_NOT_FOUND_MESSAGE, error: 'not_found' };
    const foreign = await post(bob, 'client-shipment-download-post', { shipmentId: first.id, format: 'xml' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(notFoundBody);
    const missing = await post(bob, 'client-shipment-download-post', { shipmentId: 999_999 });
    expect(missing.json()).toEqual(notFoundBody);
    expect((await post(null, 'client-shipment-all-post', {})).statusCode).toBe(401);
    const badFormat = await post(alice, 'client-shipment-download-post', { shipmentId: first.id, format: 'docx' });
    expect(badFormat.statusCode).toBe(422);
  });

  it("the rest of the line is issued later as a second shipment; the order screen's status change posts one too", async () => {
    const second = await issue({ lines: [{ line_id: lineIds[0], quantity: 1 }] });
    expect(second.statusCode, second.body).toBe(200);
    const [posted] = second.json().data.shipments as Shipment[];
    expect(posted!.id).not.toBe(first.id);
    expect(posted!.lines.map((line) => [line.order_item_id, line.quantity])).toEqual([[lineIds[0], 1]]);

    const status = await callAdmin(app, 'order-line-status', {
      cookie: manager,
      body: { line_ids: [lineIds[2]], status: 'issued' },
    });
    expect(status.statusCode, status.body).toBe(200);
    const [third] = await database.db
      .select({ id: shipmentLines.shipmentId })
      .from(shipmentLines)
      .where(eq(shipmentLines.orderItemId, lineIds[2]!));
    expect(third).toBeDefined();
    const list = await post(alice, 'client-shipment-all-post', {});
    expect(list.json().data.total).toBe(3);
  });

  it("names the order's payer as the buyer: its full name, INN, KPP, address and bank", async () => {
    const { db } = database;
    const { orderId: payerOrder } = await insertOrderWithBill(db, {
      clientId: bob.id,
      lines: [
        {
          article: 'W 712/95',
          brandName: 'MANN',
          description: 'Фильтр масляный',
          price: '512.40',
          quantity: 2,
          status: 'ready',
        },
      ],
    });
    await db
      .update(orders)
      .set({
        payer: {
          kind: 'legal_entity',
          full_name: 'Общество с ограниченной ответственностью "Автосервис & Ко"',
          short_name: 'ООО "Автосервис & Ко"',
          inn: '7707083893',
          kpp: '773601001',
          ogrn: '1027700132195',
          legal_address: '117312, г. Москва, ул. Вавилова, д. 19',
          bank_name: 'ПАО Сбербанк',
          bik: '044525225',
          correspondent_account: '30101810400000000225',
          settlement_account: '40702810938000000001',
        },
      })
      .where(eq(orders.id, payerOrder));
    const [line] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, payerOrder));
    const response = await issue({ lines: [{ line_id: line!.id, quantity: 2 }] });
    expect(response.statusCode, response.body).toBe(200);
    const [posted] = response.json().data.shipments as Shipment[];
    expect(posted!.buyer).toBe('Общество с ограниченной ответственностью "Автосервис & Ко"');
    expect(posted!.buyer_inn).toBe('7707083893');
    const xml = await post(bob, 'client-shipment-download-post', { shipmentId: posted!.id, format: 'xml' });
    const text = iconv.decode(xml.rawPayload, 'win1251');
    expect(text).toContain(
      '<СвПокуп><ИдСв><СвЮЛУч НаимОрг="Общество с ограниченной ответственностью &quot;Автосервис &amp; Ко&quot;" ИННЮЛ="7707083893" КПП="773601001"/></ИдСв>',
    );
    expect(text).toContain(
      '<БанкРекв НомерСчета="40702810938000000001"><СвБанк НаимБанк="ПАО Сбербанк" БИК="044525225"',
    );
    const pdf = squash(
      await pdfText((await post(bob, 'client-shipment-download-post', { shipmentId: posted!.id })).rawPayload),
    );
    expect(pdf).toContain('7707083893/773601001');
    expect(pdf).toContain('117312, г. Москва, ул. Вавилова, д. 19');
  });

  it('a correction document (УКД) lowers a quantity; the shipment stays as posted and refuses any UPDATE', async () => {
    const { db } = database;
    const lineId = first.lines[1]!.id;
    const bad = await callAdmin(app, 'shipment-correct', {
      cookie: manager,
      body: { shipment_id: first.id, reason: 'Ошибка в количестве', lines: [{ line_id: lineId, quantity: 2 }] },
    });
    expect(bad.statusCode).toBe(422);
    expect((await db.select({ n: count() }).from(shipmentCorrections))[0]!.n).toBe(0);

    const good = await callAdmin(app, 'shipment-correct', {
      cookie: manager,
      body: { shipment_id: first.id, reason: 'Ошибка в количестве', lines: [{ line_id: lineId, quantity: 1 }] },
    });
    expect(good.statusCode, good.body).toBe(200);
    const corrected = good.json().data as Shipment;
    expect(corrected.corrections).toHaveLength(1);
    expect(corrected.corrections[0]).toMatchObject({
      reason: 'Ошибка в количестве',
      total_before: 7745.33,
      total_after: 4177.83,
    });
    expect(corrected.lines[1]!.quantity).toBe(2);
    expect(corrected.total).toBe(7745.33);

    await expect(db.execute(sql`update shipments set total = 0 where id = ${first.id}`)).rejects.toThrow();
    const [row] = await db
      .select({ total: shipments.total })
      .from(shipments)
      .where(and(eq(shipments.id, first.id)));
    expect(row!.total).toBe('7745.33');

    // The printed УКД: the staff's and the client's are the same document; another client's answers 404.
    const correctionId = corrected.corrections[0]!.id;
    const staffPdf = await callAdmin(app, 'shipment-correction-download', {
      cookie: manager,
      body: { correction_id: correctionId },
    });
    expect(staffPdf.statusCode, staffPdf.body).toBe(200);
    expect(staffPdf.headers['content-type']).toBe('application/pdf');
    expect(staffPdf.headers['content-disposition']).toContain(`ukd-${correctionId}.pdf`);
    const text = squash(await pdfText(staffPdf.rawPayload));
    expect(text).toContain('Универсальный корректировочный документ');
    expect(text).toContain(`Корректировочный счет-фактура № ${correctionId} от ${corrected.corrections[0]!.date}`);
    expect(text).toContain(`к счету-фактуре (УПД) № ${first.number} от ${first.date}`);
    expect(text).toContain('Основание корректировки: Ошибка в количестве');
    expect(text).toContain('Колодки тормозные');
    // The line's before and after (2 → 1 pieces at 3 567,50 with VAT) and the decrease of one piece.
    expect(text).toContain(`Всего уменьшение (сумма строк Г)`);
    expect(text).toContain(squash(formatAmount(356_750)));
    expect(text).toContain(squash(formatAmount(713_500)));
    const clientPdf = await post(alice, 'client-shipment-correction-download-post', { correctionId });
    expect(clientPdf.statusCode).toBe(200);
    expect(clientPdf.rawPayload.equals(staffPdf.rawPayload)).toBe(true);
    for (const response of [
      await post(bob, 'client-shipment-correction-download-post', { correctionId }),
      await post(alice, 'client-shipment-correction-download-post', { correctionId: correctionId + 1000 }),
      await callAdmin(app, 'shipment-correction-download', { cookie: manager, body: { correction_id: 99_999 } }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: CORRECTION_NOT_FOUND_MESSAGE, error: 'not_found' });
    }
    const malformed = await post(alice, 'client-shipment-correction-download-post', { correctionId: 'x' });
    expect(malformed.statusCode).toBe(422);
  });
});
