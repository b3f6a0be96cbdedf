import { sql, type SQL } from 'drizzle-orm';
import { ORDER_STATE_STATUS, ORDER_STATES, type OrderState, type OrderStatus } from '@detal/contract';
import { orderItems } from '../../db/schema/index.ts';

/**
 * The order's status, derived from its lines wherever it is shown or filtered on (decision 0040): the one
 * derivation, in SQL, so that a list, a page and a filter can never disagree, and nothing stored can drift from
 * the lines. In this order:
 * - no line left but canceled ones → «Отменён» (an order without lines, which checkout never makes, is «Новый»);
 * - every line not canceled is issued → «Выдан»;
 * - some are issued → «Частично выдан»;
 * - every line not canceled is ready → «Готов к выдаче» (the client may come);
 * - every line not canceled is still new → «Новый»;
 * - otherwise (some line moved on: in work, ordered, on its way, ready) → «В работе».
 * For a query over `orders` (not aliased).
 */
export function orderStateSql(): SQL<OrderState> {
  // Spelled out, qualified: drizzle leaves columns unqualified in a one-table query, where "id" would be the line's.
  const status = sql.raw('line.status');
  const open = sql`${status} <> 'canceled'`;
  return sql<OrderState>`(select case
      when count(*) = 0 then 'new'
      when count(*) filter (where ${open}) = 0 then 'canceled'
      when count(*) filter (where ${open} and ${status} <> 'issued') = 0 then 'issued'
      when count(*) filter (where ${status} = 'issued') > 0 then 'partially_issued'
      when count(*) filter (where ${open} and ${status} <> 'ready') = 0 then 'ready'
      when count(*) filter (where ${open} and ${status} <> 'new') = 0 then 'new'
      else 'in_work' end
    from ${orderItems} as line where line.order_id = ${sql.identifier('orders')}.${sql.identifier('id')})`;
}

/** The order states a filter by the contract's status `status` matches (`in_work` includes «Частично выдан»). */
export const statesOfStatus = (status: OrderStatus): OrderState[] =>
  ORDER_STATES.filter((state) => ORDER_STATE_STATUS[state] === status);
