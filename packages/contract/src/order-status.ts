/** Order and line statuses (contract-decisions.md section 6) and the names the client reads. */

export const ORDER_STATUSES = [
  'new',
  'in_work',
  'ordered',
  'in_transit',
  // (issue 29) The supplier refused the line (or this part of it): it waits to be ordered elsewhere or canceled.
  'supplier_refused',
  'ready',
  'issued',
  'canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Status names shown to the client, for orders and their lines. */
export const ORDER_STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  new: 'Новый',
  in_work: 'В работе',
  ordered: 'Заказан у поставщика',
  in_transit: 'В пути',
  supplier_refused: 'Отказ поставщика',
  ready: 'Готов к выдаче',
  issued: 'Выдан',
  canceled: 'Отменён',
};

/**
 * What an order as a whole is: derived from its lines, never stored (decision 0040; the server's one derivation is
 * `orderStateSql` in server/src/modules/orders/order-state.ts). «Частично выдан» is the one state the contract's
 * status list has no code for: it answers as `in_work` (the order is still being worked) with its own name.
 */
export const ORDER_STATES = ['new', 'in_work', 'partially_issued', 'ready', 'issued', 'canceled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The contract's status code of each order state. */
export const ORDER_STATE_STATUS: Readonly<Record<OrderState, OrderStatus>> = {
  new: 'new',
  in_work: 'in_work',
  partially_issued: 'in_work',
  ready: 'ready',
  issued: 'issued',
  canceled: 'canceled',
};

export const ORDER_STATE_NAMES: Readonly<Record<OrderState, string>> = {
  new: ORDER_STATUS_NAMES.new,
  in_work: ORDER_STATUS_NAMES.in_work,
  partially_issued: 'Частично выдан',
  ready: ORDER_STATUS_NAMES.ready,
  issued: ORDER_STATUS_NAMES.issued,
  canceled: ORDER_STATUS_NAMES.canceled,
};

/** An order state as the contract's `status` and `status_name`. */
export const orderStatusOfState = (state: OrderState): { status: OrderStatus; status_name: string } => ({
  status: ORDER_STATE_STATUS[state],
  status_name: ORDER_STATE_NAMES[state],
});

/** The statuses an order (not a line) can have: what the client's order filter offers. */
export const ORDER_LEVEL_STATUSES: readonly OrderStatus[] = [
  ...new Set(ORDER_STATES.map((s) => ORDER_STATE_STATUS[s])),
];
