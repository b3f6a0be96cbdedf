import type { AdminClient } from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { failureMessage, formFailure } from '../admin-shell/form-errors.ts';
import { checkPayer } from '../payers/payer-form.ts';

/**
 * A client's screen's writes, run in the browser (route clientAction): group, personal discount, block and
 * unblock. The server audits each; the page's data reloads after it (revalidation).
 */
export type ClientActionResult = {
  intent: 'group' | 'discount' | 'block' | 'unblock' | 'payer-save' | 'payer-archive';
  client: AdminClient | null;
  error: string | null;
  /** A payer form's field messages (issue 30). */
  fields?: Record<string, string>;
};

/**
 * A payer added or corrected from the client card: the requisites checked in the browser by the contract's own
 * check digits, then payer-create / payer-update (the server checks again and audits).
 */
async function savePayer(form: FormData): Promise<ClientActionResult> {
  const intent = 'payer-save' as const;
  const checked = checkPayer(form);
  if ('errors' in checked) {
    return { intent, client: null, error: 'Проверьте реквизиты', fields: checked.errors as Record<string, string> };
  }
  const payerId = Number(form.get('payer_id')) || null;
  const isDefault = form.get('is_default') === 'on';
  try {
    if (payerId === null) {
      await adminCall('payer-create', {
        body: { ...checked.payer, client_id: Number(form.get('client_id')), is_default: isDefault },
        handles: [404, 422],
      });
    } else {
      await adminCall('payer-update', {
        body: { ...checked.payer, id: payerId, is_default: isDefault },
        handles: [404, 422],
      });
    }
    return { intent, client: null, error: null };
  } catch (error) {
    const { message, fields } = formFailure(error);
    return { intent, client: null, error: message, fields };
  }
}

export async function clientAction(request: Request): Promise<ClientActionResult> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = String(form.get('intent'));
  if (intent === 'payer-save') return savePayer(form);
  if (intent === 'payer-archive') {
    try {
      await adminCall('payer-archive', { body: { id: Number(form.get('payer_id')) }, handles: [404] });
      return { intent, client: null, error: null };
    } catch (error) {
      return { intent, client: null, error: failureMessage(error) };
    }
  }
  try {
    if (intent === 'group') {
      const group = String(form.get('group') ?? '');
      const { client } = await adminCall('client-set-group', { body: { id, group }, handles: [404, 422] });
      return { intent, client, error: null };
    }
    if (intent === 'discount') {
      const text = String(form.get('percent') ?? '')
        .replace(',', '.')
        .trim();
      const percent = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isNaN(percent))
        return { intent, client: null, error: 'Введите скидку в процентах, например 5 или 7,5' };
      const { client } = await adminCall('client-set-discount', { body: { id, percent }, handles: [404, 422] });
      return { intent, client, error: null };
    }
    const blockIntent = intent === 'unblock' ? 'unblock' : 'block';
    const { client } = await adminCall(blockIntent === 'block' ? 'client-block' : 'client-unblock', {
      body: { id },
      handles: [404],
    });
    return { intent: blockIntent, client, error: null };
  } catch (error) {
    return { intent: intent as ClientActionResult['intent'], client: null, error: failureMessage(error) };
  }
}
