import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index.ts';
import { writeShopSetting } from '../../db/shop-settings.ts';
import { clients, creditTerms, ledgerReminders, notifications, payers, shipments } from '../../db/schema/index.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { textBodyOf } from '../../../test/helpers/mail-message.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { insertClient } from '../../../test/fixtures/bills.ts';
import { subscribeModuleEffects } from '../subscribers.ts';
import { sendDueNotifications, type SendSettings } from '../notifications/sender.ts';
import { reminderFor, runLedgerRemindersTick } from './reminders.ts';
import { recordShipmentDebitTx } from './service.ts';

/**
 * The ledger's reminder e-mails (issue 31, decision 0056) from the job's tick to a real SMTP server, on PGlite or
 * PostgreSQL (TEST_DATABASE_URL): a reminder `remind_before_days` before the due day, the overdue notice after it
 * and again every `overdue_notice_every_days`; each debit, kind and round once, however often or concurrently the
 * job runs; a client who turned optional e-mails off still gets the overdue notice.
 */

const TZ = 'Europe/Moscow';
const DAY = 86_400_000;
// 2026-03-02 12:00 in Moscow: a shipment today with 14 days' deferral is due on 2026-03-16.
const START = Date.parse('2026-03-02T09:00:00Z');
const at = (days: number) => ({ now: new Date(START + days * DAY), timeZone: TZ });

describe('ledger reminders', () => {
  let database: Database;
  let smtp: TestSmtpServer;
  let sendSettings: SendSettings;
  let keen: { id: number; email: string };
  let quiet: { id: number; email: string };

  const send = async (days: number) => sendDueNotifications(database, { ...sendSettings, now: () => at(days).now });
  // The amounts' digit groups and the ₽ are set off with no-break spaces.
  const plainText = (raw: string) => textBodyOf(raw).replace(/\u00A0/g, ' ');
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

  async function workshopWithDebt(notify: boolean) {
    const client = await insertClient(database.db, { companyName: notify ? 'ООО «Колесо»' : 'ИП Тихонов' });
    await database.db.update(clients).set({ notifyStatusEmails: notify }).where(eq(clients.id, client.id));
    const [row] = await database.db.select({ email: clients.email }).from(clients).where(eq(clients.id, client.id));
    await database.db.insert(creditTerms).values({ clientId: client.id, creditLimit: '50000.00', deferralDays: 14 });
    const [payer] = await database.db
      .insert(payers)
      .values({
        clientId: client.id,
        kind: 'legal_entity',
        fullName: `Общество «Клиент ${client.id}»`,
        shortName: notify ? 'ООО «Колесо»' : 'ООО «Тишина»',
        inn: notify ? '7707083893' : '7736050003',
        kpp: '773601001',
        ogrn: '1027700132195',
        legalAddress: 'г. Москва',
        bankName: 'ПАО Сбербанк',
        bik: '044525225',
        correspondentAccount: '30101810400000000225',
        settlementAccount: '40702810500000001234',
      })
      .returning({ id: payers.id });
    const [shipment] = await database.db
      .insert(shipments)
      .values({
        clientId: client.id,
        payerId: payer!.id,
        postedAt: at(0).now,
        total: '6000.00',
        xmlFileId: `ON_NSCHFDOPPR_reminder_${client.id}`,
        document: {},
      })
      .returning();
    await database.db.transaction((tx) => recordShipmentDebitTx(tx, shipment!, at(0)));
    return { id: client.id, email: row!.email };
  }

  // A fresh database, its migrations and the ledger's history: minutes on a loaded machine.
  beforeAll(async () => {
    subscribeModuleEffects();
    smtp = await startSmtpServer();
    database = await createTestDatabase();
    await writeShopSetting(database.db, 'ledger', { remind_before_days: 3, overdue_notice_every_days: 7 });
    sendSettings = {
      mailer: createMailer({
        smtpUrl: smtp.url,
        mailFrom: 'Деталь <shop@shop.example>',
        dataDir: await mkdtemp(path.join(tmpdir(), 'detal-ledger-reminders-')),
      }),
      timeZone: TZ,
      publicUrl: 'https://shop.example',
      staffEmailFallback: undefined,
      log: pino({ level: 'silent' }),
    };
    keen = await workshopWithDebt(true);
    quiet = await workshopWithDebt(false);
  }, 300_000);

  afterAll(async () => {
    await database?.close();
    await smtp?.close();
  });

  it('decides the kind and round from the due day and the settings', () => {
    const settings = { remindBeforeDays: 3, overdueNoticeEveryDays: 7 };
    expect(reminderFor('2026-03-16', '2026-03-12', settings)).toBeNull();
    expect(reminderFor('2026-03-16', '2026-03-13', settings)).toEqual({ kind: 'before_due', round: 0 });
    expect(reminderFor('2026-03-16', '2026-03-16', settings)).toEqual({ kind: 'before_due', round: 0 });
    expect(reminderFor('2026-03-16', '2026-03-17', settings)).toEqual({ kind: 'overdue', round: 0 });
    expect(reminderFor('2026-03-16', '2026-03-23', settings)).toEqual({ kind: 'overdue', round: 0 });
    expect(reminderFor('2026-03-16', '2026-03-24', settings)).toEqual({ kind: 'overdue', round: 1 });
    expect(reminderFor('2026-03-16', '2026-04-16', { ...settings, overdueNoticeEveryDays: 0 })).toEqual({
      kind: 'overdue',
      round: 0,
    });
    expect(reminderFor('2026-03-16', '2026-03-16', { ...settings, remindBeforeDays: 0 })).toBeNull();
  });

  it('nothing while the due day is further than the reminder days', async () => {
    expect(await runLedgerRemindersTick(database.db, at(10))).toEqual({ accounts: 0, emails: 0 });
    expect(await database.db.select().from(ledgerReminders)).toEqual([]);
  });

  it('the reminder goes once before the due day, however often the job runs, and only to who wants it', async () => {
    const runs = await Promise.all([
      runLedgerRemindersTick(database.db, at(11)),
      runLedgerRemindersTick(database.db, at(11)),
    ]);
    expect(runs.reduce((sum, run) => sum + run.emails, 0)).toBe(2);
    expect((await runLedgerRemindersTick(database.db, at(12))).emails).toBe(0);
    expect(await send(11)).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = mailsTo(keen.email);
    const text = plainText(mail!.raw);
    expect(text).toContain('Напоминаем о сроке оплаты по лицевому счёту «ООО «Колесо»»');
    expect(text).toContain('6 000,00 ₽ до 16.03.2026');
    expect(text).toContain('https://shop.example/bills');
    // The client who turned optional e-mails off: decided (once) but not sent.
    expect(mailsTo(quiet.email)).toEqual([]);
    expect(await database.db.select().from(ledgerReminders)).toHaveLength(2);
  });

  it('the overdue notice goes once the day is past, to every client, and again after the repeat days', async () => {
    expect((await runLedgerRemindersTick(database.db, at(15))).emails).toBe(2);
    expect((await runLedgerRemindersTick(database.db, at(15))).emails).toBe(0);
    expect(await send(15)).toMatchObject({ sent: 2, failed: 0 });
    for (const email of [keen.email, quiet.email]) {
      const text = plainText(mailsTo(email).at(-1)!.raw);
      expect(text).toContain('истёк срок оплаты');
      expect(text).toContain('6 000,00 ₽, срок был 16.03.2026');
      expect(text).toContain('Просроченный долг: 6 000,00 ₽');
    }
    // A week on: the second notice (round 1); the day after, nothing.
    expect((await runLedgerRemindersTick(database.db, at(21))).emails).toBe(0);
    expect((await runLedgerRemindersTick(database.db, at(22))).emails).toBe(2);
    expect((await runLedgerRemindersTick(database.db, at(23))).emails).toBe(0);
    expect(await send(22)).toMatchObject({ sent: 2 });
    expect(mailsTo(keen.email)).toHaveLength(3);
    expect(mailsTo(quiet.email)).toHaveLength(2);
    const kinds = await database.db.select({ kind: notifications.kind }).from(notifications);
    expect(kinds.filter((row) => row.kind === 'ledger_overdue')).toHaveLength(4);
    expect(kinds.filter((row) => row.kind === 'ledger_due_soon')).toHaveLength(1);
  });
});
