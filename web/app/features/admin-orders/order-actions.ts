import { ORDER_STATUSES } from '@detal/contract/browser';
import type { AdminOrder, OrderStatus } from '@detal/contract';
import { isApiError } from '../../lib/api/index.ts';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { failureMessage } from '../admin-shell/form-errors.ts';

/**
 * The back office's order writes, run as route clientActions (the browser calls /api/v1/admin/ itself, as the
 * staff actions do): a bulk status change from the queue or the order page, and a line's cancel. The server's
 * refusal (422, 409) comes back as the message to show; a 401 sends the visitor to the sign-in page.
 */
export type OrderActionResult =
  | { intent: 'status'; ok: true; changed: number; unchanged: number }
  | { intent: 'cancel'; ok: true; order: AdminOrder }
  | { intent: 'status' | 'cancel'; ok: false; message: string };

const lineIdsOf = (value: FormDataEntryValue | null): number[] =>
  String(value ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);

export async function orderAction(request: Request): Promise<OrderActionResult> {
  const form = await request.formData();
  const note = String(form.get('note') ?? '').trim() || null;
  try {
    if (form.get('intent') === 'cancel') {
      const [lineId] = lineIdsOf(form.get('line_id'));
      if (!lineId) return { intent: 'cancel', ok: false, message: 'Позиция не выбрана' };
      const { order } = await adminCall('order-line-cancel', {
        body: { line_id: lineId, note },
        handles: [404, 409, 422],
      });
      return { intent: 'cancel', ok: true, order };
    }
    const lineIds = lineIdsOf(form.get('line_ids'));
    if (lineIds.length === 0) return { intent: 'status', ok: false, message: 'Выберите позиции' };
    const status = String(form.get('status') ?? '');
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
      return { intent: 'status', ok: false, message: 'Выберите статус' };
    }
    const result = await adminCall('order-line-status', {
      body: { line_ids: lineIds, status: status as OrderStatus, note },
      handles: [409, 422],
    });
    return { intent: 'status', ok: true, changed: result.changed.length, unchanged: result.unchanged.length };
  } catch (error) {
    if (isApiError(error)) {
      return {
        intent: form.get('intent') === 'cancel' ? 'cancel' : 'status',
        ok: false,
        message: failureMessage(error),
      };
    }
    throw error;
  }
}
