import { adminCall } from '../admin-shell/admin-caller.ts';
import { formFailure } from '../admin-shell/form-errors.ts';

/**
 * The returns' writes from the back office (issue 32), run in the browser (route clientAction) against the staff
 * endpoints: decisions (one or many), receiving, the credit (УКД), a refund, closing, cancel requests, supplier
 * returns and the policies. The server checks the role, validates (Russian messages, nothing written on a
 * refusal), locks the rows and audits; the page's data reloads after it. Also the return rates' writes (decision
 * 0065): a pair withdrawn or restored, the threshold.
 */

export const RETURN_INTENTS = [
  'return-decide',
  'return-receive',
  'return-credit',
  'return-refund',
  'return-close',
  'cancel-decide',
  'supplier-return-collect',
  'supplier-return-move',
  'policy-save',
  'rate-pair-withdraw',
  'rate-threshold-save',
] as const;
export type ReturnIntent = (typeof RETURN_INTENTS)[number];

export interface ReturnActionResult {
  intent: ReturnIntent;
  ok: boolean;
  error: string | null;
  /** The form's field messages, by the contract's field names. */
  fields: Record<string, string>;
  /** How many rows the write changed (a bulk decision, a collect). */
  changed: number;
}

export const isReturnIntent = (intent: string): intent is ReturnIntent =>
  (RETURN_INTENTS as readonly string[]).includes(intent);

const text = (form: FormData, name: string): string => String(form.get(name) ?? '').trim();
const id = (form: FormData, name: string): number => Number(form.get(name));
const orNull = (value: string): string | null => (value === '' ? null : value);
/** A whole number as typed, else -1 for the server to refuse with its message (NaN would travel as null). */
const count = (value: string): number => (/^\d+$/.test(value) ? Number(value) : -1);
/** Roubles as typed («1 234,50»): empty is 0, anything not a number -1, both refused by the server's rules. */
const roubles = (value: string): number => {
  const plain = value.replace(/\s/g, '').replace(',', '.');
  if (plain === '') return 0;
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : -1;
};
/** A percent as typed («12,5»), else -1 for the server to refuse with its message. */
const percent = (value: string): number => {
  const plain = value.replace(/\s|%/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(plain) ? Number(plain) : -1;
};
const decision = (form: FormData) => (text(form, 'decision') === 'reject' ? 'reject' : 'approve');

async function send(intent: ReturnIntent, form: FormData): Promise<number> {
  const handles = [404, 409, 422];
  switch (intent) {
    case 'return-decide': {
      const ids = form.getAll('return_id').map(Number);
      const { returns } = await adminCall('return-decide', {
        body: { return_ids: ids, decision: decision(form), reason: orNull(text(form, 'reason')) },
        handles,
      });
      return returns.length;
    }
    case 'return-receive':
      await adminCall('return-receive', {
        body: {
          return_id: id(form, 'return_id'),
          good_quantity: count(text(form, 'good_quantity') || '0'),
          defective_quantity: count(text(form, 'defective_quantity') || '0'),
        },
        handles,
      });
      return 1;
    case 'return-credit':
      await adminCall('return-credit', { body: { return_id: id(form, 'return_id') }, handles });
      return 1;
    case 'return-refund':
      await adminCall('return-refund', {
        body: {
          return_id: id(form, 'return_id'),
          amount: roubles(text(form, 'amount')),
          reference: text(form, 'reference'),
        },
        handles,
      });
      return 1;
    case 'return-close':
      await adminCall('return-close', { body: { return_id: id(form, 'return_id') }, handles });
      return 1;
    case 'cancel-decide':
      await adminCall('return-cancel-request-decide', {
        body: { request_id: id(form, 'request_id'), decision: decision(form), reason: orNull(text(form, 'reason')) },
        handles,
      });
      return 1;
    case 'supplier-return-collect': {
      const supplier = text(form, 'supplier_id');
      const { supplier_returns } = await adminCall('supplier-return-collect', {
        body: { supplier_id: supplier === '' ? null : Number(supplier) },
        handles,
      });
      return supplier_returns.length;
    }
    case 'supplier-return-move': {
      const credit = text(form, 'credit_amount');
      await adminCall('supplier-return-move', {
        body: {
          supplier_return_id: id(form, 'supplier_return_id'),
          to: text(form, 'to') as 'sent' | 'accepted' | 'refused' | 'credited',
          reason: orNull(text(form, 'reason')),
          credit_amount: credit === '' ? null : roubles(credit),
          credit_reference: orNull(text(form, 'credit_reference')),
        },
        handles,
      });
      return 1;
    }
    case 'policy-save': {
      const supplier = text(form, 'supplier_id');
      const window = text(form, 'window_days');
      await adminCall('return-policy-save', {
        body: {
          supplier_id: supplier === '' ? null : Number(supplier),
          brand_name: orNull(text(form, 'brand_name')),
          no_return: form.get('no_return') === 'on',
          window_days: window === '' ? null : count(window),
        },
        handles,
      });
      return 1;
    }
    case 'rate-pair-withdraw':
      await adminCall('return-rate-pair-withdraw', {
        body: { pair_id: id(form, 'pair_id'), withdrawn: text(form, 'withdrawn') === 'true' },
        handles,
      });
      return 1;
    case 'rate-threshold-save':
      await adminCall('return-rate-threshold-save', {
        body: {
          max_percent: percent(text(form, 'max_percent')),
          min_purchases: count(text(form, 'min_purchases')),
        },
        handles,
      });
      return 1;
  }
}

export async function returnAction(intent: ReturnIntent, form: FormData): Promise<ReturnActionResult> {
  try {
    return { intent, ok: true, error: null, fields: {}, changed: await send(intent, form) };
  } catch (error) {
    const { message, fields } = formFailure(error);
    return { intent, ok: false, error: Object.values(fields)[0] ?? message, fields, changed: 0 };
  }
}

/** A route's clientAction for a page made only of returns' forms. */
export async function returnsRouteAction(request: Request): Promise<ReturnActionResult | null> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  return isReturnIntent(intent) ? returnAction(intent, form) : null;
}
