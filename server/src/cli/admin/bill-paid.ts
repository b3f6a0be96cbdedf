import { billStatusText, formatRoubles, orderLabel } from '@detal/contract';
import { markBillPaid } from '../../modules/bills/service.ts';
import { AdminCommandError, requiredId, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'marks a bill paid (or, with --unpaid, awaiting payment again)',
  usage: `Marks a bill paid when the shop has received the money; with --unpaid, back to awaiting payment (a
payment marked by mistake). The client sees the status in /bills at once and gets an e-mail that the
payment was received.

Usage: npm run admin -- bill-paid --bill ID [--unpaid]

Example: npm run admin -- bill-paid --bill 42`,
  options: {
    bill: { type: 'string' },
    unpaid: { type: 'boolean', default: false },
  },
  async run(values, { database, print }) {
    const billId = requiredId(values, 'bill');
    const change = await markBillPaid(database.db, billId, values.unpaid !== true);
    if (!change) throw new AdminCommandError(`Счёт № ${billId} not found`);
    const { bill, wasPaid } = change;
    print(
      `Счёт № ${bill.id} (${orderLabel(bill.clients_shops_orders_id)}, ${formatRoubles(bill.price_sum)}): ` +
        `${billStatusText(wasPaid)} -> ${billStatusText(bill.paid)}`,
    );
  },
};
