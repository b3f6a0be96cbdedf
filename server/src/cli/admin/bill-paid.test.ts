import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdminCommands, type AdminCommand } from '../admin.ts';
import { openDatabase, type Database } from '../../db/index.ts';
import { bills } from '../../db/schema/index.ts';
import { createTestDatabase, createTestDatabaseTarget } from '../../../test/helpers/db.ts';
import { listClientBills } from '../../modules/bills/service.ts';
import { insertClient, insertOrderWithBill, testLines } from '../../../test/fixtures/bills.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const paidState = async (database: Database, billId: number) => {
  const [row] = await database.db
    .select({ paid: bills.paid, paidAt: bills.paidAt })
    .from(bills)
    .where(eq(bills.id, billId));
  return row;
};

describe('npm run admin -- bill-paid', () => {
  let database: Database;
  let commands: Map<string, AdminCommand>;
  let clientId: number;
  let billId: number;
  let orderId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    commands = await loadAdminCommands();
    clientId = (await insertClient(database.db)).id;
    // 1 × 100.00 + 2 × 112.37 + 350 delivery = 674.74
    ({ billId, orderId } = await insertOrderWithBill(database.db, {
      clientId,
      lines: testLines(2),
      deliveryPrice: '350.00',
    }));
  });

  afterAll(async () => {
    await database?.close();
  });

  const admin = (...argv: string[]) => runAdminInProcess(database, commands, argv);

  const clientSees = async () =>
    (await listClientBills(database.db, 'Europe/Moscow', clientId, { per_page: 20 }, 1)).data.map((bill) => bill.paid);

  it('marks the bill paid, keeps the first payment time on a repeat, and the client sees it', async () => {
    expect(await clientSees()).toEqual([false]);
    const first = await admin('bill-paid', '--bill', String(billId));
    expect(first).toEqual({
      code: 0,
      out: `Счёт № ${billId} (Заказ № ${orderId}, 674,74\u00A0₽): Ждем оплаты -> Оплачен`,
      err: '',
    });
    const paidAt = (await paidState(database, billId))?.paidAt;
    expect(paidAt).toBeInstanceOf(Date);
    expect(await clientSees()).toEqual([true]);

    const repeat = await admin('bill-paid', '--bill', String(billId));
    expect(repeat.out).toMatch(/Оплачен -> Оплачен$/);
    expect((await paidState(database, billId))?.paidAt).toEqual(paidAt);
  });

  it('--unpaid puts the bill back to awaiting payment', async () => {
    await admin('bill-paid', '--bill', String(billId));
    const result = await admin('bill-paid', '--bill', String(billId), '--unpaid');
    expect(result).toMatchObject({ code: 0, out: expect.stringMatching(/: Оплачен -> Ждем оплаты$/) });
    expect(await paidState(database, billId)).toEqual({ paid: false, paidAt: null });
    expect(await clientSees()).toEqual([false]);
  });

  it('refuses an unknown bill (exit 1) and wrong arguments (exit 2), changing nothing', async () => {
    const before = await paidState(database, billId);
    expect(await admin('bill-paid', '--bill', '999999')).toMatchObject({
      code: 1,
      err: 'Счёт № 999999 не найден. Ничего не изменено.',
    });
    expect(await admin('bill-paid', '--bill', String(2 ** 40))).toMatchObject({ code: 1 });
    for (const argv of [
      ['bill-paid'],
      ['bill-paid', '--bill', 'abc'],
      ['bill-paid', '--bill', '0'],
      ['bill-paid', '--bill', String(billId), '--paid'],
    ]) {
      const result = await admin(...argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.err).toContain('Запуск: npm run admin -- bill-paid');
    }
    expect(await paidState(database, billId)).toEqual(before);
  });

  it('is listed among the commands', async () => {
    expect((await admin('--help')).out).toMatch(/bill-paid\s+записывает оплату остатка по счёту/);
  });
});

describe('the bill-paid command as the shop owner runs it', () => {
  it('marks a bill paid in the database the environment names', async () => {
    const target = await createTestDatabaseTarget();
    try {
      const database = await openDatabase(target.options);
      const { billId } = await (async () => {
        const client = await insertClient(database.db);
        return insertOrderWithBill(database.db, { clientId: client.id, lines: testLines(1) });
      })().finally(() => database.close());
      const env = {
        ...process.env,
        DATABASE_URL: target.options.databaseUrl ?? '',
        DATA_DIR: target.options.dataDir ?? '',
      };
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'server/src/cli/admin.ts', 'bill-paid', '--bill', String(billId)],
        { cwd: repositoryRoot, env },
      );
      expect(stdout.trim()).toMatch(new RegExp(`^Счёт № ${billId} .*: Ждем оплаты -> Оплачен$`));
      const reopened = await openDatabase(target.options);
      try {
        expect((await paidState(reopened, billId))?.paid).toBe(true);
      } finally {
        await reopened.close();
      }
    } finally {
      await target.remove();
    }
    // A process of its own with tsx start-up, on a machine that may be running other suites at once.
  }, 120_000);
});
