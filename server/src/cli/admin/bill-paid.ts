import { billStatusText, formatRoubles, orderLabel } from '@detal/contract';
import { markBillPaidFromCli, undoCliPayments } from '../../modules/payments/service.ts';
import { AdminCommandError, requiredId, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'records the payment of what is left to pay on a bill (or, with --unpaid, removes the CLI payments)',
  usage: `Records a payment of what is left to pay on a bill (source «командная строка», dated today) when the shop
has received the money: the bill is paid, and the client sees it in /bills at once. The back office records the
same payments (also from the bank's statement). With --unpaid, removes the payments the command line recorded
against the bill (a payment marked by mistake); payments staff or a statement recorded stay.

Usage: npm run admin -- bill-paid --bill ID [--unpaid]

Example: npm run admin -- bill-paid --bill 42`,
  options: {
    bill: { type: 'string' },
    unpaid: { type: 'boolean', default: false },
  },
  async run(values, { config, database, print }) {
    const billId = requiredId(values, 'bill');
    const now = new Date();
    const change =
      values.unpaid === true
        ? await undoCliPayments(database.db, billId, now)
        : await markBillPaidFromCli(database.db, billId, now, config.shopTimeZone);
    if (!change) throw new AdminCommandError(`Счёт № ${billId} not found`);
    const { bill, wasPaid } = change;
    print(
      `Счёт № ${bill.id} (${orderLabel(bill.order_id)}, ${formatRoubles(bill.price_sum)}): ` +
        `${billStatusText(wasPaid)} -> ${billStatusText(bill.state === 'paid')}`,
    );
  },
};
