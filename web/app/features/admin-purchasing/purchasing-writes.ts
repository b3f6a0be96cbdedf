import { adminCall } from '../admin-shell/admin-caller.ts';
import { formFailure } from '../admin-shell/form-errors.ts';
import { jsonWriteAction, type JsonWriteResult } from '../admin-shell/json-write.ts';
import type {
  GoodsReceiptCreateRequest,
  SupplierOrderChannelSaveInput,
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
  // The channels (decision 0050): sending a draft through the supplier's channel (e-mail with the file, or its API),
  // exactly once; a supplier's channel settings and the test of its API.
  send: (payload: { supplier_order_id: number }) =>
    adminCall('supplier-order-channel-send', { body: payload, handles: [...handles] }),
  'channel-save': (payload: SupplierOrderChannelSaveInput) =>
    adminCall('supplier-order-channel-save', { body: payload, handles: [...handles] }),
  'channel-test': (payload: { supplier_id: number }) =>
    adminCall('supplier-order-channel-test', { body: payload, handles: [...handles] }),
  // (issue 31) A line of an order the credit check holds is not bought until the hold is released.
  'hold-release': (payload: { order_id: number }) =>
    adminCall('ledger-hold-release', { body: payload, handles: [...handles] }),
} as const;

export type PurchasingIntent = keyof typeof PURCHASING_WRITES;

/**
 * The supplier's confirmation file (a form with the file, not JSON): its bytes to the import, read with the
 * supplier's confirmation template; answered as a JSON write's result.
 */
async function confirmationImport(request: Request): Promise<JsonWriteResult> {
  const intent = 'confirmation-import';
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) {
    return { intent, ok: false, message: 'Выберите файл подтверждения', fields: {} };
  }
  try {
    const value = await adminCall('supplier-order-confirmation-import', {
      query: { supplier_order_id: Number(form.get('supplier_order_id')), file_name: file.name },
      file,
      handles: [404, 409, 413, 415, 422],
    });
    return { intent, ok: true, value };
  } catch (error) {
    return { intent, ok: false, ...formFailure(error) };
  }
}

/** The purchasing pages' clientAction: a JSON write, or the confirmation file. */
export const purchasingAction = (request: Request) =>
  (request.headers.get('content-type') ?? '').includes('multipart/form-data')
    ? confirmationImport(request)
    : jsonWriteAction(request, PURCHASING_WRITES);
