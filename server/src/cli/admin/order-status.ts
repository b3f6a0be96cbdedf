import { ORDER_STATUS_NAMES, ORDER_STATUSES, orderLabel, type OrderStatus } from '@detal/contract';
import { HttpError } from '../../http/errors.ts';
import { setOrderStatus, type StatusChangeResult } from '../../modules/orders/order-status.ts';
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
  summary: "changes the status of an order's open lines, or of one of its lines",
  usage: `Changes the status of every open line of an order (not issued or canceled), or with --line of one line;
the order's status follows from its lines.
A line issued or canceled keeps its status; canceling a line returns its stock and takes it off an unpaid bill.

Usage: npm run admin -- order-status --order ID --status STATUS [--line ID]

Statuses:
${statusList}

Example: npm run admin -- order-status --order 42 --status in_work`,
  options: {
    order: { type: 'string' },
    status: { type: 'string' },
    line: { type: 'string' },
  },
  async run(values, { database, print }) {
    const orderId = requiredId(values, 'order');
    const lineId = optionalId(values, 'line');
    const status = requiredText(values, 'status');
    if (!isOrderStatus(status)) {
      throw new AdminUsageError(`Unknown status "${status}"; one of: ${ORDER_STATUSES.join(', ')}`);
    }
    let result: StatusChangeResult;
    try {
      // The back office's service: history (no staff member, note «CLI»), audit, a cancel's stock and bill.
      result = await setOrderStatus(database.db, { orderId, lineId }, status);
    } catch (error) {
      if (error instanceof HttpError) throw new AdminCommandError(error.message);
      throw error;
    }
    if ('missing' in result) {
      throw new AdminCommandError(
        result.missing === 'order'
          ? `${orderLabel(orderId)} not found`
          : `${orderLabel(orderId)} has no line ${lineId}`,
      );
    }
    const { changed } = result;
    const what =
      changed.lineId === null ? orderLabel(changed.orderId) : `${orderLabel(changed.orderId)}, line ${changed.lineId}`;
    print(`${what}: ${ORDER_STATUS_NAMES[changed.previous]} -> ${ORDER_STATUS_NAMES[changed.status]}`);
  },
};
