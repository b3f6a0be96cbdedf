import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAccount, LedgerEntry } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { orderItems } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertClient, insertOrderWithBill, writeBillSettings } from '../../../test/fixtures/bills.ts';
import { addDays } from './allocation.ts';
import { dayIn } from './service.ts';

/**
 * Issue 31 with the shipments (decision 0053): lines handed to the client post a shipment, and the ledger books it
 * in the same transaction as a debit due after the client's deferral; a payment of the bill made earlier (an
 * advance, then) pays it.
 */
describe('a hand-over is a debit on the client ledger', () => {
  let database: Database;
  let app: FastifyInstance;
  let manager: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    await writeBillSettings(database.db, 20);
    manager = await staffCookieFor(database.db, (await createTestStaff(database.db, 'manager')).member.id);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const admin = async <T>(
    path: 'ledger-terms-set' | 'ledger-account-list' | 'ledger-entry-list' | 'order-line-status' | 'payment-record',
    body: object,
  ): Promise<T> => {
    const response = await callAdmin(app, path, { cookie: manager, body });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };

  it('issued lines: one debit of the shipment, due after 14 days, paid by the bill paid before', async () => {
    const client = await insertClient(database.db, { companyName: 'ООО «Ромашка»' });
    await admin('ledger-terms-set', {
      client_id: client.id,
      credit_limit: '50000.00',
      deferral_days: 14,
      prepay_required: false,
    });
    const { orderId, billId } = await insertOrderWithBill(database.db, {
      clientId: client.id,
      lines: [
        {
          article: 'P 85 020',
          brandName: 'BREMBO',
          description: 'Колодки',
          price: '3000.00',
          quantity: 1,
          status: 'ready',
        },
        { article: 'OC 90', brandName: 'KNECHT', description: 'Фильтр', price: '500.00', quantity: 2, status: 'ready' },
      ],
    });
    const today = dayIn(new Date(), 'Europe/Moscow');
    await admin('payment-record', { bill_id: billId, amount: 1000, date: today });
    const lineIds = (
      await database.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId))
    ).map((row) => row.id);
    await admin('order-line-status', { line_ids: lineIds, status: 'issued' });
    const { accounts } = await admin<{ accounts: LedgerAccount[] }>('ledger-account-list', { client_id: client.id });
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      balance: '-3000.00',
      debt: '3000.00',
      overdue: '0.00',
      oldest_due: addDays(today, 14),
    });
    const { entries } = await admin<{ entries: LedgerEntry[] }>('ledger-entry-list', { account_id: accounts[0]!.id });
    expect(entries.map((entry) => [entry.kind, entry.side, entry.amount, entry.running_balance])).toEqual([
      ['payment', 'credit', '1000.00', '1000.00'],
      ['shipment', 'debit', '4000.00', '-3000.00'],
    ]);
    expect(entries[1]).toMatchObject({ due_on: addDays(today, 14), open: '3000.00' });
  });
});
