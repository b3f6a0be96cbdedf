import { ORDER_STATUS_NAMES, ORDER_STATUSES, orderLabel, type OrderStatus } from '@detal/contract';
import { HttpError } from '../../http/errors.ts';
import { CLI_NOTE, setOrderStatus, type StatusChangeResult } from '../../modules/orders/order-status.ts';
import {
  AdminCommandError,
  AdminUsageError,
  optionalId,
  requiredId,
  requiredText,
  type AdminCommand,
} from '../admin.ts';

const statusList = ORDER_STATUSES.map((status) => `  ${status.padEnd(10)} ${ORDER_STATUS_NAMES[status]}`).join('\n');

const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

export const command: AdminCommand = {
  summary: 'меняет статус открытых позиций заказа или одной его позиции',
  usage: `Меняет статус всех открытых позиций заказа (не выданных и не отменённых), а с --line — одной позиции;
статус самого заказа следует из его позиций.
Выданная или отменённая позиция сохраняет свой статус; отмена позиции возвращает остаток на склад и убирает её
из неоплаченного счёта.

Запуск: npm run admin -- order-status --order НОМЕР --status СТАТУС [--line НОМЕР]

Статусы:
${statusList}

Пример: npm run admin -- order-status --order 42 --status in_work`,
  options: {
    order: { type: 'string' },
    status: { type: 'string' },
    line: { type: 'string' },
  },
  async run(values, { config, database, print }) {
    const orderId = requiredId(values, 'order');
    const lineId = optionalId(values, 'line');
    const status = requiredText(values, 'status');
    if (!isOrderStatus(status)) {
      throw new AdminUsageError(`Неизвестный статус «${status}»; возможные: ${ORDER_STATUSES.join(', ')}`);
    }
    let result: StatusChangeResult;
    try {
      // The back office's service: history (no staff member, note «CLI»), audit, a cancel's stock and bill.
      result = await setOrderStatus(database.db, { orderId, lineId }, status, {
        staffId: null,
        note: CLI_NOTE,
        timeZone: config.shopTimeZone,
      });
    } catch (error) {
      if (error instanceof HttpError) throw new AdminCommandError(error.message);
      throw error;
    }
    if ('missing' in result) {
      throw new AdminCommandError(
        result.missing === 'order'
          ? `${orderLabel(orderId)} не найден. Ничего не изменено.`
          : `В заказе № ${orderId} нет позиции ${lineId}. Ничего не изменено.`,
      );
    }
    const { changed } = result;
    const what =
      changed.lineId === null
        ? orderLabel(changed.orderId)
        : `${orderLabel(changed.orderId)}, позиция ${changed.lineId}`;
    print(`${what}: ${ORDER_STATUS_NAMES[changed.previous]} -> ${ORDER_STATUS_NAMES[changed.status]}`);
  },
};
