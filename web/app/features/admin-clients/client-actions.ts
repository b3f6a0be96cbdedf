import type { AdminClient } from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { failureMessage } from '../admin-shell/form-errors.ts';

/**
 * A client's screen's writes, run in the browser (route clientAction): group, personal discount, block and
 * unblock. The server audits each; the page's data reloads after it (revalidation).
 */
export type ClientActionResult = {
  intent: 'group' | 'discount' | 'block' | 'unblock';
  client: AdminClient | null;
  error: string | null;
};

export async function clientAction(request: Request): Promise<ClientActionResult> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = String(form.get('intent'));
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
