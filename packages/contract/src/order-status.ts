/** Order and line statuses (contract-decisions.md section 6) and the names the client reads. */

export const ORDER_STATUSES = ['new', 'in_work', 'ordered', 'in_transit', 'ready', 'issued', 'canceled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Status names shown to the client, for orders and their lines. */
export const ORDER_STATUS_NAMES: Readonly<Record<OrderStatus, string>> = {
  new: 'Новый',
  in_work: 'В работе',
  ordered: 'Заказан у поставщика',
  in_transit: 'В пути',
  ready: 'Готов к выдаче',
  issued: 'Выдан',
  canceled: 'Отменён',
};
