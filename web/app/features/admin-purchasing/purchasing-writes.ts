import { adminCall } from '../admin-shell/admin-caller.ts';
import { jsonWriteAction } from '../admin-shell/json-write.ts';
import type {
  GoodsReceiptCreateRequest,
  SupplierOrderAnswerRequest,
  SupplierOrderCreateRequest,
  SupplierOrderReorderRequest,
} from '@detal/contract';

/**
 * Every purchasing write (issue 29) as the back office makes them (decision 0046): a screen submits
 * `{ intent, payload }` through a fetcher to its route's clientAction, which sends it here to the intent's
 * `supplier-order-*` / `goods-receipt-*` endpoint; the refusal comes back read once (json-write.ts), and the
 * router reloads the page. One table for the five purchasing pages, so that a refusal beside a line (re-order from
 * the queue or from the supplier order) reads the same.
 */
const handles = [404, 409, 422] as const;

export const PURCHASING_WRITES = {
  create: (payload: SupplierOrderCreateRequest) =>
    adminCall('supplier-order-create', { body: payload, handles: [...handles] }),
  'mark-sent': (payload: { id: number; supplier_number: string | null }) =>
    adminCall('supplier-order-mark-sent', { body: payload, handles: [...handles] }),
  answer: (payload: SupplierOrderAnswerRequest) =>
    adminCall('supplier-order-answer', { body: payload, handles: [...handles] }),
  cancel: (payload: { id: number; reason: string | null }) =>
    adminCall('supplier-order-cancel', { body: payload, handles: [...handles] }),
  close: (payload: { id: number; reason: string | null }) =>
    adminCall('supplier-order-close', { body: payload, handles: [...handles] }),
  'remove-lines': (payload: { id: number; line_ids: number[] }) =>
    adminCall('supplier-order-lines-remove', { body: payload, handles: [...handles] }),
  reorder: (payload: SupplierOrderReorderRequest) =>
    adminCall('supplier-order-reorder', { body: payload, handles: [...handles] }),
  'receipt-create': (payload: GoodsReceiptCreateRequest) =>
    adminCall('goods-receipt-create', { body: payload, handles: [...handles] }),
  'receipt-match': (payload: {
    id: number;
    line_id: number;
    supplier_order_line_id: number | null;
    over_delivery: boolean;
  }) => adminCall('goods-receipt-match', { body: payload, handles: [...handles] }),
  'receipt-post': (payload: { id: number }) =>
    adminCall('goods-receipt-post', { body: payload, handles: [...handles] }),
  'receipt-delete': (payload: { id: number }) =>
    adminCall('goods-receipt-delete', { body: payload, handles: [...handles] }),
} as const;

export type PurchasingIntent = keyof typeof PURCHASING_WRITES;

/** The purchasing pages' clientAction. */
export const purchasingAction = (request: Request) => jsonWriteAction(request, PURCHASING_WRITES);
