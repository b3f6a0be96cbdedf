import { billStatusText, formatRoubles, orderLabel } from '@detal/contract';
import { markBillPaidFromCli, undoCliPayments } from '../../modules/payments/service.ts';
import { AdminCommandError, requiredId, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'записывает оплату остатка по счёту (или с --unpaid убирает оплаты из командной строки)',
  usage: `Записывает оплату того, что осталось оплатить по счёту (источник «командная строка», сегодняшней датой), когда
деньги пришли: счёт оплачен, и клиент сразу видит это в /bills. Те же оплаты записывает панель управления (и
выписка банка). С --unpaid убирает оплаты счёта, записанные командной строкой (отмеченные по ошибке); оплаты от
сотрудников и из выписки остаются.

Запуск: npm run admin -- bill-paid --bill НОМЕР [--unpaid]

Пример: npm run admin -- bill-paid --bill 42`,
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
    if (!change) throw new AdminCommandError(`Счёт № ${billId} не найден. Ничего не изменено.`);
    const { bill, wasPaid } = change;
    print(
      `Счёт № ${bill.id} (${orderLabel(bill.order_id)}, ${formatRoubles(bill.price_sum)}): ` +
        `${billStatusText(wasPaid)} -> ${billStatusText(bill.state === 'paid')}`,
    );
  },
};
