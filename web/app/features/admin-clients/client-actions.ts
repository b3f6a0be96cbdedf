import { redirect } from 'react-router';
import type { AdminClient } from '@detal/contract';
import { callAdmin, isApiError } from '../../lib/api/index.ts';
import { paths } from '../../paths.ts';

/**
 * A client's screen's writes, run in the browser (route clientAction): group, personal discount, block and
 * unblock. The server audits each; the page's data reloads after it (revalidation).
 */
export type ClientActionResult = {
  intent: 'group' | 'discount' | 'block' | 'unblock';
  client: AdminClient | null;
  error: string | null;
};

function messageOf(error: unknown): string {
  if (!isApiError(error)) throw error;
  if (error.status === 401) throw redirect(paths.adminLogin());
  const body = error.body as { error?: unknown } | null;
  if (body && typeof body.error === 'object' && body.error !== null) {
    const first = Object.values(body.error as Record<string, string[]>)[0]?.[0];
    if (first) return first;
  }
  return error.message;
}

export async function clientAction(request: Request): Promise<ClientActionResult> {
  const form = await request.formData();
  const id = Number(form.get('id'));
  const intent = String(form.get('intent'));
  try {
    if (intent === 'group') {
      const group = String(form.get('group') ?? '');
      const { client } = await callAdmin('client-set-group', { body: { id, group }, handles: [401, 404, 422] });
      return { intent, client, error: null };
    }
    if (intent === 'discount') {
      const text = String(form.get('percent') ?? '')
        .replace(',', '.')
        .trim();
      const percent = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isNaN(percent))
        return { intent, client: null, error: 'Введите скидку в процентах, например 5 или 7,5' };
      const { client } = await callAdmin('client-set-discount', { body: { id, percent }, handles: [401, 404, 422] });
      return { intent, client, error: null };
    }
    const blockIntent = intent === 'unblock' ? 'unblock' : 'block';
    const { client } = await callAdmin(blockIntent === 'block' ? 'client-block' : 'client-unblock', {
      body: { id },
      handles: [401, 404],
    });
    return { intent: blockIntent, client, error: null };
  } catch (error) {
    return { intent: intent as ClientActionResult['intent'], client: null, error: messageOf(error) };
  }
}
