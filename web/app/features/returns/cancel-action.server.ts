import type { AppLoadContext } from 'react-router';
import { withSession } from '../clients/session.server.ts';
import { refusalMessage } from './order-returns.server.ts';

/** What the order page shows under the line after a cancel: done at once, sent to a manager, or refused. */
export interface CancelResult {
  intent: 'cancel';
  lineId: number;
  outcome: 'canceled' | 'requested' | 'refused';
  message: string;
}

export const CANCELED_MESSAGE = 'Позиция отменена';
export const CANCEL_REQUESTED_MESSAGE = 'Запрос на отмену отправлен менеджеру';

/**
 * The order page's action (with or without scripts): the client cancels one of its lines. The server decides
 * whether that is at once or a request for a manager; a refusal (the line moved on meanwhile) is its message.
 */
export async function cancelLineAction(request: Request, context: AppLoadContext | undefined): Promise<CancelResult> {
  const form = await request.formData();
  const lineId = Number(form.get('order_item_id'));
  const comment = String(form.get('comment') ?? '');
  return withSession(request, context, async (api) => {
    try {
      const result = await api.callShop('client-cancel-line-post', {
        body: { order_item_id: lineId, comment },
        handles: [404, 409, 422],
        signal: request.signal,
      });
      return result.canceled
        ? { intent: 'cancel', lineId, outcome: 'canceled', message: CANCELED_MESSAGE }
        : { intent: 'cancel', lineId, outcome: 'requested', message: CANCEL_REQUESTED_MESSAGE };
    } catch (error) {
      return { intent: 'cancel', lineId, outcome: 'refused', message: refusalMessage(error) };
    }
  });
}
