import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANCEL_ALREADY_REQUESTED_MESSAGE,
  RETURN_ALREADY_DECIDED_MESSAGE,
  RETURN_NOT_RETURNABLE_MESSAGE,
  RETURN_OVER_ISSUED_MESSAGE,
  RETURN_PHOTO_NOT_FOUND_MESSAGE,
  RETURN_PHOTO_NOT_IMAGE_MESSAGE,
  RETURN_PHOTO_PIXELS_MESSAGE,
  RETURN_PHOTOS_UNATTACHED_MAX,
  RETURN_PHOTOS_UNATTACHED_MESSAGE,
  RETURN_WINDOW_MIN_MESSAGE,
  RETURN_WINDOW_PASSED_MESSAGE,
  SHOP_API_PREFIX,
  calendarDayIn,
  returnPhotoTooLargeMessage,
  type Return,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import {
  auditLog,
  goodsReceiptLines,
  goodsReceipts,
  ledgerEntries,
  notifications,
  orderItems,
  returnPhotos,
  returns,
  shipmentCorrections,
  shipmentLines,
} from '../../db/schema/index.ts';
import { useClock } from '../../http/clock.ts';
import { removeUnattachedPhotos } from './photos.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { insertSupplier } from '../../../test/fixtures/offers.ts';
import { TINY_JPEG, jpegDeclaring, pngBomb } from '../../../test/fixtures/hostile-files.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, insertOrderWithBill, writeBillSettings, type TestClient } from '../../../test/fixtures/bills.ts';

/**
 * Cancels and returns over HTTP (issue 32): a client cancels a new line at once and asks to cancel an ordered one
 * (a manager rejects or approves); returns an issued piece with a photo, a manager approves, receives, credits it
 * (a УКД and a ledger credit), records a refund and closes it; the return goes back to its supplier in a supplier
 * return. Every bad input the issue lists is refused with a Russian message and nothing written; two managers
 * deciding at once: one wins, the other is told. PGlite by default, PostgreSQL with TEST_DATABASE_URL.
 */

/** A real picture: the photos are checked by their magic numbers and by the size their header declares. */
const JPEG = TINY_JPEG;

describe('returns API', () => {
  let database: Database;
  let app: FastifyInstance;
  let uploadsDir: string;
  let manager: string;
  let manager2: string;
  let alice: TestClient;
  let bob: TestClient;
  let supplierId: number;
  let noReturnSupplierId: number;
  let now = new Date();
  /** Line ids of alice's order: 0 pads (ready, 3), 1 filter (ready, 1), 2 plugs (new), 3 belt (ordered), 4 pump (ordered). */
  let lines: number[];
  let shipmentLineOf: Map<number, number>;

  const post = (client: TestClient | null, path: string, payload: unknown = {}) =>
    app.inject({
      method: 'POST',
      url: SHOP_API_PREFIX + path,
      payload: payload as object,
      headers: client ? { authorization: `Bearer ${client.token}` } : {},
    });
  const upload = (client: TestClient, bytes: Buffer) =>
    app.inject({
      method: 'POST',
      url: `${SHOP_API_PREFIX}client-return-photo-upload-post`,
      payload: bytes,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/octet-stream' },
    });
  const admin = (path: Parameters<typeof callAdmin>[1], body: object, cookie = manager) =>
    callAdmin(app, path, { cookie, body });

  const counts = async () => {
    const { db } = database;
    return {
      returns: (await db.select({ n: count() }).from(returns))[0]!.n,
      photos: (await db.select({ n: count() }).from(returnPhotos))[0]!.n,
      files: (await readdir(path.join(uploadsDir, 'return-photos')).catch(() => [])).length,
      corrections: (await db.select({ n: count() }).from(shipmentCorrections))[0]!.n,
      ledger: (await db.select({ n: count() }).from(ledgerEntries))[0]!.n,
    };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'detal-returns-'));
    ({ app } = await buildTestApp(database, { uploadsDir }, (built) => useClock(built, () => now)));
    const { db } = database;
    await writeBillSettings(db, 20);
    const managerId = (await createTestStaff(db, 'manager')).member.id;
    manager = await staffCookieFor(db, managerId);
    manager2 = await staffCookieFor(db, (await createTestStaff(db, 'manager')).member.id);
    alice = await insertClient(db, { firstName: 'Алиса', lastName: 'Иванова' });
    bob = await insertClient(db, { firstName: 'Борис', lastName: 'Сидоров' });
    supplierId = await insertSupplier(db, 'Поставщик-Возвраты');
    noReturnSupplierId = await insertSupplier(db, 'Поставщик-Без-Возврата');
    const { orderId } = await insertOrderWithBill(db, {
      clientId: alice.id,
      at: new Date(now.getTime() - 3 * 86_400_000),
      lines: [
        {
          article: 'P 85 020',
          brandName: 'BREMBO',
          description: 'Колодки',
          price: '3567.50',
          quantity: 3,
          status: 'ready',
        },
        { article: 'OC 90', brandName: 'KNECHT', description: 'Фильтр', price: '610.33', quantity: 1, status: 'ready' },
        { article: 'BKR6E', brandName: 'NGK', description: 'Свеча', price: '450.00', quantity: 4, status: 'new' },
        {
          article: '6PK1070',
          brandName: 'GATES',
          description: 'Ремень',
          price: '1200.00',
          quantity: 1,
          status: 'ordered',
        },
        { article: 'WP 100', brandName: 'SKF', description: 'Помпа', price: '4200.00', quantity: 1, status: 'ordered' },
        {
          article: 'SHOCK 1',
          brandName: 'KYB',
          description: 'Амортизатор',
          price: '5000.00',
          quantity: 2,
          status: 'ready',
        },
        { article: 'OLD 1', brandName: 'BOSCH', description: 'Датчик', price: '900.00', quantity: 1, status: 'ready' },
      ],
    });
    lines = (
      await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.id))
    ).map((row) => row.id);
    await db.update(orderItems).set({ supplierId, purchasePrice: '2500.00' }).where(inArray(orderItems.id, lines));
    await db.update(orderItems).set({ supplierId: noReturnSupplierId }).where(eq(orderItems.id, lines[1]!));
    // The pads came on a goods receipt: the supplier return names its line.
    const [receipt] = await db
      .insert(goodsReceipts)
      .values({ supplierId, documentNumber: 'УПД-1', documentDate: '2026-11-01', postedAt: new Date() })
      .returning({ id: goodsReceipts.id });
    await db.insert(goodsReceiptLines).values({
      receiptId: receipt!.id,
      article: 'P 85 020',
      articleNormalized: 'P85020',
      brandName: 'BREMBO',
      brandNormalized: 'BREMBO',
      quantity: 3,
      price: '2400.00',
      orderItemId: lines[0]!,
    });
    // The sensor was handed over 20 days ago (past the 14-day window); the others now.
    const real = now;
    now = new Date(real.getTime() - 20 * 86_400_000);
    const old = await admin('shipment-issue', { lines: [{ line_id: lines[6], quantity: 1 }] });
    expect(old.statusCode).toBe(200);
    now = real;
    const issued = await admin('shipment-issue', {
      lines: [
        { line_id: lines[0], quantity: 3 },
        { line_id: lines[1], quantity: 1 },
        { line_id: lines[5], quantity: 2 },
      ],
    });
    expect(issued.statusCode).toBe(200);
    shipmentLineOf = new Map(
      (await db.select({ id: shipmentLines.id, item: shipmentLines.orderItemId }).from(shipmentLines)).map((row) => [
        row.item,
        row.id,
      ]),
    );
    // «Без возврата»: the filter's supplier; the shock absorbers' brand.
    expect((await admin('return-policy-save', { supplier_id: noReturnSupplierId, no_return: true })).statusCode).toBe(
      200,
    );
    expect((await admin('return-policy-save', { brand_name: 'Kyb', no_return: true })).statusCode).toBe(200);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(uploadsDir, { recursive: true, force: true });
  });

  describe('cancels', () => {
    it('cancels a new line at once, and makes a request of an ordered one that a manager rejects or approves', async () => {
      const atOnce = await post(alice, 'client-cancel-line-post', { order_item_id: lines[2] });
      expect(atOnce.statusCode).toBe(200);
      expect(atOnce.json().data).toEqual({ canceled: true, request: null });
      const [plugs] = await database.db.select().from(orderItems).where(eq(orderItems.id, lines[2]!));
      expect(plugs!.status).toBe('canceled');

      // Another client's line is not found; a canceled one cannot be canceled again.
      expect((await post(bob, 'client-cancel-line-post', { order_item_id: lines[3] })).statusCode).toBe(404);
      expect((await post(alice, 'client-cancel-line-post', { order_item_id: lines[2] })).statusCode).toBe(409);

      const asked = await post(alice, 'client-cancel-line-post', { order_item_id: lines[3], comment: 'Передумал' });
      expect(asked.statusCode).toBe(200);
      const request = asked.json().data.request;
      expect(asked.json().data.canceled).toBe(false);
      expect(request).toMatchObject({ state: 'requested', order_item_id: lines[3], comment: 'Передумал' });
      const twice = await post(alice, 'client-cancel-line-post', { order_item_id: lines[3] });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(CANCEL_ALREADY_REQUESTED_MESSAGE);

      const noReason = await admin('return-cancel-request-decide', { request_id: request.id, decision: 'reject' });
      expect(noReason.statusCode).toBe(422);
      const rejected = await admin('return-cancel-request-decide', {
        request_id: request.id,
        decision: 'reject',
        reason: 'Поставщик уже отгрузил',
      });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().data).toMatchObject({ state: 'rejected', decision_reason: 'Поставщик уже отгрузил' });
      const again = await admin(
        'return-cancel-request-decide',
        { request_id: request.id, decision: 'approve' },
        manager2,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(RETURN_ALREADY_DECIDED_MESSAGE);
      const [belt] = await database.db.select().from(orderItems).where(eq(orderItems.id, lines[3]!));
      expect(belt!.status).toBe('ordered');

      const pump = (await post(alice, 'client-cancel-line-post', { order_item_id: lines[4] })).json().data.request;
      const approved = await admin('return-cancel-request-decide', { request_id: pump.id, decision: 'approve' });
      expect(approved.statusCode).toBe(200);
      const [pumpLine] = await database.db.select().from(orderItems).where(eq(orderItems.id, lines[4]!));
      expect(pumpLine!.status).toBe('canceled');

      const mine = await post(alice, 'client-cancel-request-all-post', {});
      expect(mine.json().data.data.map((row: { state: string }) => row.state)).toEqual(['approved', 'rejected']);
      expect(mine.json().data.data[0]).not.toHaveProperty('client_name');
      // Staff see who asked, by name, with the id their screen links to.
      const queue = (await admin('return-cancel-request-list', {})).json().data.data;
      expect(queue.map((row: { client_id: number; client_name: string }) => [row.client_id, row.client_name])).toEqual([
        [alice.id, 'Иванова Алиса Сергеевич'],
        [alice.id, 'Иванова Алиса Сергеевич'],
      ]);
      expect((await post(bob, 'client-cancel-request-all-post', {})).json().data.total).toBe(0);
      const told = await database.db.select().from(notifications).where(eq(notifications.kind, 'return_step'));
      expect(told.length).toBeGreaterThanOrEqual(4);
      const audited = await database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entity, 'cancel_request'));
      expect(audited.map((row) => row.action)).toEqual(
        expect.arrayContaining(['cancel_request.reject', 'cancel_request.approve']),
      );
    });
  });

  describe('bad input: a clear message and nothing written', () => {
    it('refuses a file that is not an image, an empty one, one too large', async () => {
      const before = await counts();
      const text = await upload(alice, Buffer.from('%PDF-1.4 not a photo at all, a document'));
      expect(text.statusCode).toBe(422);
      expect(text.json().message).toBe(RETURN_PHOTO_NOT_IMAGE_MESSAGE);
      const large = await upload(alice, Buffer.concat([JPEG, Buffer.alloc(10 * 1024 * 1024)]));
      expect(large.statusCode).toBe(413);
      expect(large.json().message).toBe(returnPhotoTooLargeMessage());
      expect((await upload(alice, Buffer.alloc(0))).statusCode).not.toBe(200);
      // JPEG's first bytes, then nothing a picture is made of: its header cannot be read.
      const fake = await upload(alice, Buffer.concat([JPEG.subarray(0, 14), Buffer.alloc(200, 7)]));
      expect([fake.statusCode, fake.json().message]).toEqual([422, RETURN_PHOTO_NOT_IMAGE_MESSAGE]);
      expect(await counts()).toEqual(before);
    });

    it('refuses a small file declaring a huge picture (a decompression bomb), read from its header only', async () => {
      const before = await counts();
      const bomb = pngBomb(20_000, 20_000); // 400 megapixels in about 50 KB
      expect(bomb.length).toBeLessThan(100_000);
      for (const file of [bomb, jpegDeclaring(9_000, 8_000)]) {
        const answer = await upload(alice, file);
        expect([answer.statusCode, answer.json().message]).toEqual([422, RETURN_PHOTO_PIXELS_MESSAGE]);
        expect(answer.json().error).toEqual({ file: [RETURN_PHOTO_PIXELS_MESSAGE] });
      }
      expect(await counts()).toEqual(before);
      // Just under the limit is a picture like any other.
      const large = await upload(alice, jpegDeclaring(8_000, 8_000));
      expect(large.statusCode, large.body).toBe(200);
    });

    it('keeps at most RETURN_PHOTOS_UNATTACHED_MAX photos uploaded and not yet in a request, uploads at once included', async () => {
      const carol = await insertClient(database.db, { lastName: 'Фотова' });
      const answers = await Promise.all(
        Array.from({ length: RETURN_PHOTOS_UNATTACHED_MAX + 3 }, () => upload(carol, JPEG)),
      );
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(RETURN_PHOTOS_UNATTACHED_MAX);
      expect(codes.filter((code) => code === 422)).toHaveLength(3);
      expect(answers.find((answer) => answer.statusCode === 422)!.json().message).toBe(
        RETURN_PHOTOS_UNATTACHED_MESSAGE,
      );
      const held = await database.db
        .select({ n: count() })
        .from(returnPhotos)
        .where(eq(returnPhotos.clientId, carol.id));
      expect(held[0]!.n).toBe(RETURN_PHOTOS_UNATTACHED_MAX);
      // Another client is not held back by carol's photos.
      expect((await upload(bob, JPEG)).statusCode).toBe(200);
    });

    it('refuses more than issued, after the window, «без возврата», another client’s photo or line', async () => {
      const before = await counts();
      const over = await post(alice, 'client-return-create-post', {
        shipment_line_id: shipmentLineOf.get(lines[0]!),
        quantity: 4,
        reason: 'not_fit',
      });
      expect(over.statusCode).toBe(422);
      expect(over.json().message).toBe(`${RETURN_OVER_ISSUED_MESSAGE}: выдано 3 шт., можно вернуть 3 шт.`);

      const late = await post(alice, 'client-return-create-post', {
        shipment_line_id: shipmentLineOf.get(lines[6]!),
        quantity: 1,
        reason: 'defect',
      });
      expect(late.statusCode).toBe(422);
      expect(late.json().message).toBe(`${RETURN_WINDOW_PASSED_MESSAGE}: 14 дн. со дня выдачи`);

      for (const line of [lines[1]!, lines[5]!]) {
        const barred = await post(alice, 'client-return-create-post', {
          shipment_line_id: shipmentLineOf.get(line),
          quantity: 1,
          reason: 'not_fit',
        });
        expect(barred.statusCode).toBe(422);
        expect(barred.json().message).toBe(RETURN_NOT_RETURNABLE_MESSAGE);
      }

      const noReason = await post(alice, 'client-return-create-post', {
        shipment_line_id: shipmentLineOf.get(lines[0]!),
        quantity: 1,
        reason: 'whatever',
      });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().error.reason).toBeDefined();

      const bobs = await post(bob, 'client-return-create-post', {
        shipment_line_id: shipmentLineOf.get(lines[0]!),
        quantity: 1,
        reason: 'not_fit',
      });
      expect(bobs.statusCode).toBe(404);
      expect(await counts()).toEqual(before);

      // A photo of another client is not found (and nothing is written either).
      const bobPhoto = (await upload(bob, JPEG)).json().data.photo.id;
      const withBobs = await post(alice, 'client-return-create-post', {
        shipment_line_id: shipmentLineOf.get(lines[0]!),
        quantity: 1,
        reason: 'not_fit',
        photo_ids: [bobPhoto],
      });
      expect(withBobs.statusCode).toBe(422);
      expect((await counts()).returns).toBe(before.returns);

      // A window below the law's 7 days is refused.
      const short = await admin('return-policy-save', { supplier_id: supplierId, no_return: false, window_days: 5 });
      expect(short.statusCode).toBe(422);
      expect(short.json().error.window_days).toEqual([RETURN_WINDOW_MIN_MESSAGE]);
    });
  });

  describe('a return through its states, its money and its supplier return', () => {
    let returnId: number;

    it('asks with a photo; two managers decide at once: one wins, the other is told', async () => {
      const photo = await upload(alice, JPEG);
      expect(photo.statusCode).toBe(200);
      expect(photo.json().data.photo).toMatchObject({ content_type: 'image/jpeg', size: JPEG.length });
      const created = await post(alice, 'client-return-create-post', {
        shipment_line_id: shipmentLineOf.get(lines[0]!),
        quantity: 2,
        reason: 'not_fit',
        comment: 'Не подошли на мою машину',
        photo_ids: [photo.json().data.photo.id],
      });
      expect(created.statusCode).toBe(200);
      const asked: Return = created.json().data;
      returnId = asked.id;
      expect(asked).toMatchObject({ state: 'requested', quantity: 2, reason_name: 'Не подошла', price: 3567.5 });
      expect(asked.photos).toHaveLength(1);

      // Staff see the photo as it was uploaded (issue 32: the photos viewable by staff); a content editor, a
      // client's token or no session do not, and a photo no return names yet is the client's draft.
      const photoUrl = `?photo_id=${asked.photos[0]!.id}`;
      const seen = await callAdmin(app, 'return-photo', { cookie: manager, query: photoUrl });
      expect(seen.statusCode).toBe(200);
      expect(seen.headers['content-type']).toBe('image/jpeg');
      expect(seen.headers['cache-control']).toBe('private, no-store');
      expect(seen.rawPayload.equals(JPEG)).toBe(true);
      const editor = await staffCookieFor(
        database.db,
        (await createTestStaff(database.db, 'content_editor')).member.id,
      );
      expect((await callAdmin(app, 'return-photo', { cookie: editor, query: photoUrl })).statusCode).toBe(403);
      expect((await callAdmin(app, 'return-photo', { bearer: alice.token, query: photoUrl })).statusCode).toBe(401);
      const draft = (await upload(alice, JPEG)).json().data.photo.id;
      const unsent = await callAdmin(app, 'return-photo', { cookie: manager, query: `?photo_id=${draft}` });
      expect(unsent.statusCode).toBe(404);
      expect(unsent.json().message).toBe(RETURN_PHOTO_NOT_FOUND_MESSAGE);

      // The client sees its own photo back; another client, a draft and no session do not (decision 0063).
      const ownPhoto = { photo_id: asked.photos[0]!.id };
      const own = await post(alice, 'client-return-photo-post', ownPhoto);
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('image/jpeg');
      expect(own.headers['cache-control']).toBe('private, no-store');
      expect(own.rawPayload.equals(JPEG)).toBe(true);
      const othersPhoto = await post(bob, 'client-return-photo-post', ownPhoto);
      expect(othersPhoto.statusCode).toBe(404);
      expect(othersPhoto.json().message).toBe(RETURN_PHOTO_NOT_FOUND_MESSAGE);
      expect((await post(alice, 'client-return-photo-post', { photo_id: draft })).statusCode).toBe(404);
      expect((await post(null, 'client-return-photo-post', ownPhoto)).statusCode).toBe(401);
      expect((await post(alice, 'client-return-photo-post', { photo_id: 'x' })).statusCode).toBe(422);

      // The queue's filters: the order's returns, the days asked (the shop's zone), nothing from tomorrow on.
      const { order_id: orderId } = asked;
      const byOrder = await admin('return-list', { order_id: orderId, state: 'requested' });
      expect(byOrder.json().data.data.map((row: Return) => row.id)).toEqual([asked.id]);
      // The queue names who asked (one join); the client's own list does not repeat its name.
      expect(byOrder.json().data.data[0]).toMatchObject({
        client_id: alice.id,
        client_name: 'Иванова Алиса Сергеевич',
      });
      const ownListed = (await post(alice, 'client-return-all-post', {})).json().data.data[0];
      expect(ownListed.id).toBe(asked.id);
      expect(ownListed).not.toHaveProperty('client_name');
      expect((await admin('return-list', { order_id: orderId + 1000 })).json().data.total).toBe(0);
      // Days in the shop's zone (Moscow): from 21:00 UTC on, Moscow's today is UTC's tomorrow (CI failed on it).
      const tomorrow = calendarDayIn('Europe/Moscow', new Date(now.getTime() + 86_400_000));
      expect((await admin('return-list', { date_from: tomorrow })).json().data.total).toBe(0);
      const lastWeek = calendarDayIn('Europe/Moscow', new Date(now.getTime() - 7 * 86_400_000));
      const recent = await admin('return-list', { date_from: lastWeek, date_to: tomorrow, client_id: alice.id });
      expect(recent.json().data.data.map((row: Return) => row.id)).toContain(asked.id);
      const backwards = await admin('return-list', { date_from: tomorrow, date_to: lastWeek });
      expect(backwards.statusCode).toBe(422);

      // Two left to return counting this one: three more is refused, one is fine later.
      const more = await post(alice, 'client-return-create-post', {
        shipment_line_id: shipmentLineOf.get(lines[0]!),
        quantity: 2,
        reason: 'defect',
      });
      expect(more.statusCode).toBe(422);
      expect(more.json().message).toBe(`${RETURN_OVER_ISSUED_MESSAGE}: выдано 3 шт., можно вернуть 1 шт.`);

      const [first, second] = await Promise.all([
        admin('return-decide', { return_ids: [returnId], decision: 'approve' }, manager),
        admin('return-decide', { return_ids: [returnId], decision: 'reject', reason: 'Следы установки' }, manager2),
      ]);
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const loser = first.statusCode === 409 ? first : second;
      expect(loser.json().message).toBe(RETURN_ALREADY_DECIDED_MESSAGE);
    });

    it('receives, credits (УКД and ledger), refunds, closes; the client sees it', async () => {
      const current = (await admin('return-get', { return_id: returnId })).json().data as Return;
      if (current.state === 'rejected') {
        // The rejecting manager won the race: the rest of the journey needs an approved return, so ask again.
        const again = await post(alice, 'client-return-create-post', {
          shipment_line_id: shipmentLineOf.get(lines[0]!),
          quantity: 2,
          reason: 'not_fit',
        });
        returnId = again.json().data.id;
        expect((await admin('return-decide', { return_ids: [returnId], decision: 'approve' })).statusCode).toBe(200);
      }
      // Not yet received: credit is refused.
      expect((await admin('return-credit', { return_id: returnId })).statusCode).toBe(409);
      const tooMany = await admin('return-receive', { return_id: returnId, good_quantity: 2, defective_quantity: 1 });
      expect(tooMany.statusCode).toBe(422);
      const received = await admin('return-receive', { return_id: returnId, good_quantity: 1, defective_quantity: 1 });
      expect(received.statusCode).toBe(200);
      expect(received.json().data).toMatchObject({ state: 'received', good_quantity: 1, defective_quantity: 1 });

      const ledgerBefore = (await counts()).ledger;
      const credited = await admin('return-credit', { return_id: returnId });
      expect(credited.statusCode).toBe(200);
      expect(credited.json().data).toMatchObject({ state: 'credited', credit_amount: 7135 });
      const [correction] = await database.db
        .select()
        .from(shipmentCorrections)
        .where(eq(shipmentCorrections.id, credited.json().data.correction_id));
      expect(correction).toMatchObject({
        reason: `Возврат № ${returnId}`,
        totalBefore: '21312.83',
        totalAfter: '14177.83',
      });
      const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'return'));
      expect(entries).toEqual([expect.objectContaining({ side: 'credit', amount: '7135.00' })]);
      expect((await counts()).ledger).toBe(ledgerBefore + 1);
      expect((await admin('return-credit', { return_id: returnId })).statusCode).toBe(409);

      const overRefund = await admin('return-refund', { return_id: returnId, amount: 8000 });
      expect(overRefund.statusCode).toBe(422);
      const refund = await admin('return-refund', { return_id: returnId, amount: 7135, reference: 'Наличными' });
      expect(refund.statusCode).toBe(200);
      expect(refund.json().data.refunded_amount).toBe(7135);
      const refunds = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'refund'));
      expect(refunds).toEqual([expect.objectContaining({ side: 'debit', amount: '7135.00' })]);

      const mine = await post(alice, 'client-return-all-post', {});
      expect(mine.json().data.data.find((row: Return) => row.id === returnId)).toMatchObject({
        state: 'credited',
        credit_amount: 7135,
      });
      expect((await post(bob, 'client-return-all-post', {})).json().data.total).toBe(0);

      const closed = await admin('return-close', { return_id: returnId });
      expect(closed.json().data.state).toBe('closed');
      const actions = await database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entity, 'return'));
      expect(actions.map((row) => row.action)).toEqual(
        expect.arrayContaining([
          'return.create',
          'return.approve',
          'return.receive',
          'return.credit',
          'return.refund',
          'return.close',
        ]),
      );
    });

    it('collects the return into a supplier return linked to its receipt line, sent and credited by the supplier', async () => {
      const collected = await admin('supplier-return-collect', {});
      expect(collected.statusCode).toBe(200);
      const [document] = collected.json().data.supplier_returns;
      expect(document).toMatchObject({ supplier_id: supplierId, state: 'to_send', total: 4800 });
      expect(document.lines).toEqual([
        expect.objectContaining({
          return_id: returnId,
          quantity: 2,
          price: 2400,
          goods_receipt_line_id: expect.any(Number),
        }),
      ]);
      const nothing = await admin('supplier-return-collect', {});
      expect(nothing.statusCode).toBe(422);

      // Out of order: credited before it is sent is refused.
      const early = await admin('supplier-return-move', {
        supplier_return_id: document.id,
        to: 'credited',
        credit_amount: 4800,
      });
      expect(early.statusCode).toBe(409);
      expect((await admin('supplier-return-move', { supplier_return_id: document.id, to: 'sent' })).statusCode).toBe(
        200,
      );
      const credited = await admin('supplier-return-move', {
        supplier_return_id: document.id,
        to: 'credited',
        credit_amount: 4800,
        credit_reference: 'КСФ-12',
      });
      expect(credited.statusCode).toBe(200);
      expect(credited.json().data).toMatchObject({
        state: 'credited',
        credit_amount: 4800,
        credit_reference: 'КСФ-12',
      });
      const list = await admin('supplier-return-list', { state: 'credited' });
      expect(list.json().data.total).toBe(1);
    });
  });

  it('deletes photos never attached to a return after a day, rows and files; attached and recent ones stay', async () => {
    const { db } = database;
    const fileNames = async () => (await readdir(path.join(uploadsDir, 'return-photos'))).sort();
    const rows = async () =>
      (await db.select({ name: returnPhotos.fileName, returnId: returnPhotos.returnId }).from(returnPhotos)).sort(
        (a, b) => a.name.localeCompare(b.name),
      );
    const before = await rows();
    // Bob's photo of the «bad input» tests was never attached; alice's is on her return.
    const unattached = before.filter((row) => row.returnId === null).map((row) => row.name);
    expect(unattached.length).toBeGreaterThanOrEqual(1);
    expect(before.some((row) => row.returnId !== null)).toBe(true);
    expect(await fileNames()).toEqual(before.map((row) => row.name).sort());

    // Within the day: nothing goes.
    expect(await removeUnattachedPhotos({ db, uploadsDir }, now)).toBe(0);
    expect(await rows()).toEqual(before);

    // A day and an hour later (the photos aged rather than the clock moved, which would end alice's session), with a
    // photo uploaded just now.
    await db.update(returnPhotos).set({ createdAt: new Date(now.getTime() - 25 * 3_600_000) });
    const fresh = await upload(alice, JPEG);
    expect(fresh.statusCode).toBe(200);
    const withFresh = await rows();
    const freshName = withFresh.find((row) => !before.some((old) => old.name === row.name))!.name;

    expect(await removeUnattachedPhotos({ db, uploadsDir }, now)).toBe(unattached.length);
    const after = await rows();
    expect(after.map((row) => row.name)).toEqual(
      withFresh.map((row) => row.name).filter((name) => !unattached.includes(name)),
    );
    expect(after.some((row) => row.name === freshName)).toBe(true);
    expect(after.filter((row) => row.returnId !== null)).toEqual(before.filter((row) => row.returnId !== null));
    expect(await fileNames()).toEqual(after.map((row) => row.name).sort());
  });
});
