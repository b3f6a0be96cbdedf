import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RECONCILIATION_PERIOD_MESSAGE,
  LEDGER_ACCOUNT_NOT_FOUND_MESSAGE,
  type LedgerAccount,
  type LedgerEntry,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { shipments } from '../../db/schema/index.ts';
import { buildTestAppWithClock, callShop, type TestClock } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, writeBillSettings, TEST_REQUISITES } from '../../../test/fixtures/bills.ts';
import { COMPANY_PAYER, insertCompanyPayer } from '../../../test/fixtures/payers.ts';
import { openSession } from '../clients/sessions.ts';
import { addDays } from './allocation.ts';
import { dayIn, recordShipmentDebitTx } from './service.ts';

/**
 * The reconciliation act (issue 31 point 5) through the API, on PGlite or PostgreSQL (TEST_DATABASE_URL): the
 * client downloads its own ledger's act, staff (owner, manager) any; the PDF's text read back carries both
 * parties' requisites, the opening balance, every entry of the period on its side, the turnovers and the closing
 * balance, and that closing balance is the ledger's; another client's ledger is a 404; a reversed period a 422.
 */

const TZ = 'Europe/Moscow';
const DAY = 86_400_000;

describe('the reconciliation act', () => {
  let database: Database;
  let app: FastifyInstance;
  let clock: TestClock;
  let manager: string;
  let managerId: number;
  let workshop: { id: number; token: string };
  let accountId: number;
  let firstDay: string;
  let periodFrom: string;
  let today: string;

  const admin = async <T>(path: Parameters<typeof callAdmin>[1], body: object): Promise<T> => {
    const response = await callAdmin(app, path, { cookie: manager, body });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };
  const ship = async (total: string) => {
    const [shipment] = await database.db
      .insert(shipments)
      .values({
        clientId: workshop.id,
        payerId: accountPayerId,
        postedAt: clock.now(),
        total,
        xmlFileId: `ON_NSCHFDOPPR_act_${total}`,
        document: {},
      })
      .returning();
    await database.db.transaction((tx) => recordShipmentDebitTx(tx, shipment!, { now: clock.now(), timeZone: TZ }));
    return shipment!.id;
  };
  let accountPayerId: number;
  let shipmentIds: number[] = [];

  // A fresh database, its migrations and the ledger's history: minutes on a loaded machine.
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app, clock } = await buildTestAppWithClock(database));
    await writeBillSettings(database.db, 20);
    managerId = (await createTestStaff(database.db, 'manager')).member.id;
    workshop = await insertClient(database.db, { lastName: 'Колёсов', firstName: 'Олег', companyName: 'ООО «Колесо»' });
    accountPayerId = await insertCompanyPayer(database.db, workshop.id);

    // Before the period: a shipment of 10,000 and 3,000 paid: 7,000 owed at its start.
    firstDay = dayIn(clock.now(), TZ);
    shipmentIds = [await ship('10000.00')];
    manager = await staffCookieFor(database.db, managerId, clock.now());
    const accounts = await admin<{ accounts: LedgerAccount[] }>('ledger-account-list', { client_id: workshop.id });
    accountId = accounts.accounts.find((account) => account.payer_id === accountPayerId)!.id;
    await admin('ledger-advance-create', {
      account_id: accountId,
      amount: '3000.00',
      date: firstDay,
      reference: 'п/п 7',
    });

    // Ten days later, inside the period: a shipment of 6,000, 2,000 paid, an adjustment of 150.50 and its reversal.
    clock.advance(10 * DAY);
    today = dayIn(clock.now(), TZ);
    periodFrom = addDays(firstDay, 5);
    manager = await staffCookieFor(database.db, managerId, clock.now());
    workshop.token = await openSession(database.db, workshop.id, clock.now());
    shipmentIds.push(await ship('6000.00'));
    await admin('ledger-advance-create', { account_id: accountId, amount: '2000.00', date: today, reference: 'п/п 8' });
    const adjustment = await admin<LedgerEntry>('ledger-adjustment-create', {
      account_id: accountId,
      side: 'debit',
      amount: '150.50',
      reason: 'Доставка курьером',
    });
    await admin('ledger-reversal-create', { entry_id: adjustment.id, reason: 'Доставка бесплатна' });
  }, 300_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('the client downloads its act: requisites, balances, every document and turnovers, matching the ledger', async () => {
    const response = await callShop(app, 'client-reconciliation-download-post', {
      token: workshop.token,
      body: { account_id: accountId, date_from: periodFrom, date_to: today },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="akt-sverki-${accountId}-${periodFrom}-${today}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(response.rawPayload);
    const shown = (day: string) => day.split('-').reverse().join('.');

    expect(text).toContain('Акт сверки взаимных расчётов');
    expect(text).toContain(`за период с ${shown(periodFrom)} по ${shown(today)}`);
    // The shop's requisites and the payer's.
    expect(text).toContain(`ИНН ${TEST_REQUISITES.inn}`);
    expect(text).toContain(`КПП ${TEST_REQUISITES.kpp}`);
    expect(text).toContain(`ИНН ${COMPANY_PAYER.inn}`);
    expect(text).toContain(`КПП ${COMPANY_PAYER.kpp}`);
    expect(text).toMatch(/117997, г\.\s+Москва, ул\. Вавилова, д\. 19/);
    // Opening balance: 10,000 shipped less 3,000 paid before the period; the pre-period entries are not listed.
    expect(text).toMatch(/Сальдо начальное\s+7 000,00/);
    expect(text).not.toContain('п/п 7');
    expect(text).not.toContain(`УПД № ${shipmentIds[0]})`);
    // Every document of the period, on its side.
    expect(text).toMatch(new RegExp(`${shown(today)}\\s+Отгрузка \\(УПД № ${shipmentIds[1]}\\)\\s+6 000,00`));
    expect(text).toMatch(/Оплата \(аванс\): п\/п 8\s+2 000,00/);
    expect(text).toMatch(/Корректировка: Доставка[\s\S]{0,40}150,50/);
    expect(text).toMatch(/Сторно записи № \d+: Доставка[\s\S]{0,40}150,50/);
    expect(text).toContain('курьером');
    expect(text).toContain('бесплатна');
    expect(text).toMatch(/Обороты за период\s+6 150,50\s+2 150,50/);
    expect(text).toMatch(/Сальдо конечное\s+11 000,00/);
    // The conclusion wraps where the page ends a line: compared with any whitespace between its words.
    const conclusion = `задолженность в пользу ${TEST_REQUISITES.name} составляет 11 000,00 руб. (Одиннадцать тысяч рублей 00 копеек)`;
    expect(text.replace(/\s+/g, ' ')).toContain(conclusion);
    expect(text).toContain(`От ${TEST_REQUISITES.name}`);
    expect(text).toContain(`От ${COMPANY_PAYER.shortName}`);
    expect(text).toMatch(/Главный\s+бухгалтер/);

    // The act's closing balance is the ledger's.
    const ledger = await callShop(app, 'client-ledger-post', { token: workshop.token });
    const account = (ledger.json() as { data: { accounts: LedgerAccount[] } }).data.accounts.find(
      (a) => a.id === accountId,
    )!;
    expect(account.balance).toBe('-11000.00');
  });

  it('a period after every entry opens and closes on the balance, with no documents', async () => {
    const later = addDays(today, 1);
    const response = await callAdmin(app, 'ledger-reconciliation-download', {
      cookie: manager,
      body: { account_id: accountId, date_from: later, date_to: later },
    });
    expect(response.statusCode, response.body).toBe(200);
    const text = await pdfText(response.rawPayload);
    expect(text).toMatch(/Сальдо начальное\s+11 000,00/);
    expect(text).toMatch(/Обороты за период\s+0,00\s+0,00/);
    expect(text).toMatch(/Сальдо конечное\s+11 000,00/);
    expect(text).not.toContain('Отгрузка');
  });

  it("another client's ledger answers 404 to a client; nothing leaks", async () => {
    const stranger = await insertClient(database.db);
    const token = await openSession(database.db, stranger.id, clock.now());
    const response = await callShop(app, 'client-reconciliation-download-post', {
      token,
      body: { account_id: accountId, date_from: firstDay, date_to: today },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: LEDGER_ACCOUNT_NOT_FOUND_MESSAGE });
    expect(response.body).not.toContain('Колесо');
    const missing = await callShop(app, 'client-reconciliation-download-post', {
      token: workshop.token,
      body: { account_id: 999_999, date_from: firstDay, date_to: today },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a reversed period and a malformed date in Russian; a guest and a content editor are turned away', async () => {
    const reversed = await callShop(app, 'client-reconciliation-download-post', {
      token: workshop.token,
      body: { account_id: accountId, date_from: today, date_to: firstDay },
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json()).toMatchObject({ error: { date_to: [RECONCILIATION_PERIOD_MESSAGE] } });
    const malformed = await callShop(app, 'client-reconciliation-download-post', {
      token: workshop.token,
      body: { account_id: accountId, date_from: '01.11.2026', date_to: today },
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toMatchObject({ error: { date_from: ['Введите дату в формате ГГГГ-ММ-ДД'] } });
    const guest = await callShop(app, 'client-reconciliation-download-post', {
      body: { account_id: accountId, date_from: firstDay, date_to: today },
    });
    expect(guest.statusCode).toBe(401);
    const editor = await createTestStaff(database.db, 'content_editor', clock.now());
    const forbidden = await callAdmin(app, 'ledger-reconciliation-download', {
      cookie: await staffCookieFor(database.db, editor.member.id, clock.now()),
      body: { account_id: accountId, date_from: firstDay, date_to: today },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
