import type { CancelRequestListItem, ReturnListItem, SupplierReturn } from '@detal/contract';

/** The back office's SSR tests' returns (issue 32): one a client asked for, with a photo, and its neighbours. */

export const requestedReturn: ReturnListItem = {
  id: 71,
  created_at: '2026-11-26T08:30:00.000Z',
  client_id: 7,
  client_name: 'Петров Иван Сергеевич, ООО Ромашка',
  shipment_id: 31,
  shipment_line_id: 310,
  order_id: 42,
  order_item_id: 501,
  supplier_id: 3,
  article: 'OC90',
  brand: 'KNECHT',
  description: 'Фильтр масляный',
  quantity: 2,
  price: 412.4,
  reason: 'defect',
  reason_name: 'Брак',
  comment: 'Течёт по прокладке',
  state: 'requested',
  state_name: 'Заявка',
  decision_reason: null,
  good_quantity: null,
  defective_quantity: null,
  credit_amount: null,
  refunded_amount: 0,
  correction_id: null,
  supplier_return_id: null,
  photos: [{ id: 901, content_type: 'image/jpeg', size: 2048 }],
};

export const creditedReturn: ReturnListItem = {
  ...requestedReturn,
  id: 72,
  reason: 'not_fit',
  reason_name: 'Не подошла',
  comment: '',
  state: 'credited',
  state_name: 'Зачтён',
  good_quantity: 1,
  defective_quantity: 1,
  credit_amount: 824.8,
  refunded_amount: 300,
  correction_id: 55,
  supplier_return_id: 81,
  photos: [],
};

export const openCancelRequest: CancelRequestListItem = {
  id: 61,
  created_at: '2026-11-26T09:00:00.000Z',
  client_id: 7,
  client_name: 'Петров Иван Сергеевич, ООО Ромашка',
  order_id: 42,
  order_item_id: 502,
  article: '6PK1070',
  brand: 'GATES',
  quantity: 1,
  comment: 'Передумал',
  state: 'requested',
  state_name: 'На рассмотрении',
  decision_reason: null,
  withdrawn_from_supplier_order: false,
};

export const sentSupplierReturn: SupplierReturn = {
  id: 81,
  created_at: '2026-11-27T07:00:00.000Z',
  supplier_id: 3,
  supplier_name: 'ООО Автоальянс (настоящее имя)',
  state: 'sent',
  state_name: 'Отправлен',
  refusal_reason: null,
  credit_amount: null,
  credit_reference: null,
  total: 601,
  lines: [{ return_id: 72, goods_receipt_line_id: 17, article: 'OC90', brand: 'KNECHT', quantity: 2, price: 300.5 }],
};

export const pageOf = <T>(data: T[], total = data.length) => ({
  data: { data, current_page: 1, last_page: Math.max(1, Math.ceil(total / 30)), per_page: 30, total },
});
