import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTER_SEARCH_MESSAGE, COUNTER_SEARCH_TOO_LONG_MESSAGE, type CounterClient } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { clientSearchDocument, clients, payerSearchDocument, payers } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';

/**
 * The counter's client search (issue 30): by names, phone in any spelling or its last four digits, e-mail, the
 * client's INN, a payer's name or INN, or the number; by the GIN indexes. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

describe('shipment-client-search', () => {
  let database: Database;
  let app: FastifyInstance;
  let manager: string;
  const ids: Record<'sidorov' | 'sidorova' | 'workshop' | 'petrov', number> = {
    sidorov: 0,
    sidorova: 0,
    workshop: 0,
    petrov: 0,
  };

  const search = (body: object) => callAdmin(app, 'shipment-client-search', { cookie: manager, body });
  const found = async (q: string): Promise<number[]> => {
    const response = await search({ q });
    expect(response.statusCode).toBe(200);
    return (response.json().data.clients as CounterClient[]).map((client) => client.id);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    const { db } = database;
    manager = await staffCookieFor(db, (await createTestStaff(db, 'manager')).member.id);
    const insert = async (values: {
      firstName: string;
      lastName: string;
      email: string;
      phoneNumber: string;
      companyName?: string;
      inn?: string;
    }) => {
      const [row] = await db
        .insert(clients)
        .values({ ...values, passwordHash: 'test-only', middleName: null })
        .returning({ id: clients.id });
      return row!.id;
    };
    ids.sidorov = await insert({
      firstName: 'Борис',
      lastName: 'Сидоров',
      email: 'boris.sidorov@mail.example',
      phoneNumber: '+79215554433',
    });
    ids.sidorova = await insert({
      firstName: 'Анна',
      lastName: 'Сидорова',
      email: 'anna@example.test',
      phoneNumber: '+79031112233',
    });
    ids.workshop = await insert({
      firstName: 'Олег',
      lastName: 'Мастеров',
      email: 'service@avtomaster.example',
      phoneNumber: '+74951234567',
      companyName: 'Автомастер',
      inn: '500100732259',
    });
    ids.petrov = await insert({
      firstName: 'Пётр',
      lastName: 'Петров',
      email: 'petrov@example.test',
      phoneNumber: '+79990001122',
    });
    await db.insert(payers).values({
      clientId: ids.petrov,
      kind: 'legal_entity',
      fullName: 'Общество с ограниченной ответственностью «Ромашка & Ко»',
      shortName: 'ООО «Ромашка & Ко»',
      inn: '7707083893',
      kpp: '773601001',
      ogrn: '1027700132195',
      legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
      bankName: 'ПАО Сбербанк',
      bik: '044525225',
      correspondentAccount: '30101810400000000225',
      settlementAccount: '40702810938000000001',
      isDefault: true,
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('finds by the beginnings of names in any case, every word narrowing', async () => {
    expect((await found('сидор')).sort()).toEqual([ids.sidorov, ids.sidorova].sort());
    expect(await found('СИДОРОВ борис')).toEqual([ids.sidorov]);
    expect(await found('автомастер')).toEqual([ids.workshop]);
    expect(await found('Сидоров Олег')).toEqual([]);
  });

  it('finds by a phone in any spelling and by its last four digits', async () => {
    for (const phone of ['8 (921) 555-44-33', '+7 921 555 44 33', '79215554433', '921555', '4433']) {
      expect(await found(phone), phone).toEqual([ids.sidorov]);
    }
  });

  it('finds by an e-mail, whole or by its parts', async () => {
    expect(await found('boris.sidorov@mail.example')).toEqual([ids.sidorov]);
    expect(await found('sidorov')).toEqual([ids.sidorov]);
    expect(await found('avtomaster')).toEqual([ids.workshop]);
  });

  it("finds by the client's INN, a payer's INN or name, and tells the payers", async () => {
    expect(await found('500100732259')).toEqual([ids.workshop]);
    expect(await found('7707083893')).toEqual([ids.petrov]);
    expect(await found('770708')).toEqual([ids.petrov]);
    expect(await found('ромашка')).toEqual([ids.petrov]);
    const response = await search({ q: 'Ромашка & Ко' });
    expect(response.json().data.clients).toEqual([
      expect.objectContaining({
        id: ids.petrov,
        name: expect.stringContaining('Петров'),
        phone: '+79990001122',
        payers: [{ name: 'ООО «Ромашка & Ко»', inn: '7707083893' }],
      }),
    ]);
  });

  it('finds by the number, that client first', async () => {
    expect((await found(String(ids.sidorova)))[0]).toBe(ids.sidorova);
    expect(await found('нет-такого-клиента')).toEqual([]);
    expect(await found('«»&%_')).toEqual([]);
  });

  it('refuses an empty, missing or too long query with a Russian message', async () => {
    for (const [body, message] of [
      [{ q: '   ' }, COUNTER_SEARCH_MESSAGE],
      [{}, COUNTER_SEARCH_MESSAGE],
      [{ q: 'я'.repeat(101) }, COUNTER_SEARCH_TOO_LONG_MESSAGE],
    ] as const) {
      const response = await search(body);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.q).toEqual([message]);
    }
  });

  it('is for staff: without a session it answers 401', async () => {
    const response = await callAdmin(app, 'shipment-client-search', { body: { q: 'сидоров' } });
    expect(response.statusCode).toBe(401);
  });

  it('matches the GIN indexes: the planner uses them when it cannot scan', async () => {
    const plan = (document: unknown, table: unknown) =>
      database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql`explain select 1 from ${table} where ${document} @@ to_tsquery('simple', 'сидор:*')`,
        );
        return JSON.stringify(result);
      });
    expect(await plan(clientSearchDocument, clients)).toContain('clients_search_idx');
    expect(await plan(payerSearchDocument, payers)).toContain('payers_search_idx');
  });
});
