import { redirect } from 'react-router';
import { ORDER_STATUSES } from '@detal/contract/browser';
import type { OrderStatus } from '@detal/contract';
import { callAdmin, isApiError } from '../../lib/api/index.ts';
import { readErrorBody } from '../../lib/api/errors.ts';
import { paths } from '../../paths.ts';

/**
 * The back office's order writes, run as route clientActions (the browser calls /api/v1/admin/ itself, as the
 * staff actions do): a bulk status change from the queue or the order page, and a line's cancel. The server's
 * refusal (422, 409) comes back as the message to show; a 401 sends the visitor to the sign-in page.
 */
export type OrderActionResult =
  | { intent: 'status'; ok: true; changed: number; unchanged: number }
  | { intent: 'cancel'; ok: true }
  | { intent: 'status' | 'cancel'; ok: false; message: string };

const messageOf = (error: unknown): string => {
  if (!isApiError(error)) return 'Не удалось выполнить действие';
  const { error: detail } = readErrorBody(error.body);
  const first = typeof detail === 'object' ? Object.values(detail).flat()[0] : undefined;
  return first ?? error.message;
};

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
      await callAdmin('order-line-cancel', { body: { line_id: lineId, note }, handles: [401, 404, 409, 422] });
      return { intent: 'cancel', ok: true };
    }
    const lineIds = lineIdsOf(form.get('line_ids'));
    if (lineIds.length === 0) return { intent: 'status', ok: false, message: 'Выберите позиции' };
    const status = String(form.get('status') ?? '');
    if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
      return { intent: 'status', ok: false, message: 'Выберите статус' };
    }
    const result = await callAdmin('order-line-status', {
      body: { line_ids: lineIds, status: status as OrderStatus, note },
      handles: [401, 409, 422],
    });
    return { intent: 'status', ok: true, changed: result.changed.length, unchanged: result.unchanged.length };
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(paths.adminLogin());
    if (isApiError(error)) {
      return { intent: form.get('intent') === 'cancel' ? 'cancel' : 'status', ok: false, message: messageOf(error) };
    }
    throw error;
  }
}
