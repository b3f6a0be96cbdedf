import type { LedgerSideName } from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { formFailure } from '../admin-shell/form-errors.ts';

/**
 * The ledger's writes from the back office (issue 31), run in the browser (route clientAction) against the staff
 * endpoints: credit terms, the stop-list, an adjustment, a reversal, an advance, a statement line matched. The
 * server checks the role, validates (Russian messages, nothing written on a refusal) and audits; the page's data
 * reloads after it.
 */

export const LEDGER_INTENTS = [
  'ledger-terms',
  'ledger-stop',
  'ledger-lift',
  'ledger-adjustment',
  'ledger-reversal',
  'ledger-advance',
  'ledger-match',
] as const;
export type LedgerIntent = (typeof LEDGER_INTENTS)[number];

export interface LedgerActionResult {
  intent: LedgerIntent;
  ok: boolean;
  error: string | null;
  /** The form's field messages, by the contract's field names. */
  fields: Record<string, string>;
}

export const isLedgerIntent = (intent: string): intent is LedgerIntent =>
  (LEDGER_INTENTS as readonly string[]).includes(intent);

const text = (form: FormData, name: string): string => String(form.get(name) ?? '').trim();
const id = (form: FormData, name: string): number => Number(form.get(name));
/** An empty field inherits (null); anything else goes to the server as typed, which checks it. */
const orNull = (value: string): string | null => (value === '' ? null : value);

/** «да» / «нет» / inherit from a select. */
const flag = (value: string): boolean | null => (value === 'yes' ? true : value === 'no' ? false : null);

async function send(intent: LedgerIntent, form: FormData): Promise<void> {
  switch (intent) {
    case 'ledger-terms': {
      const deferral = text(form, 'deferral_days');
      const owner = form.get('group_id') ? { group_id: id(form, 'group_id') } : { client_id: id(form, 'client_id') };
      await adminCall('ledger-terms-set', {
        body: {
          ...owner,
          credit_limit: orNull(text(form, 'credit_limit').replace(/\s/g, '')),
          // Not a whole number: sent as it is (NaN becomes null in JSON, so a word is sent as -1 to be refused).
          deferral_days: deferral === '' ? null : /^\d+$/.test(deferral) ? Number(deferral) : -1,
          prepay_required: flag(text(form, 'prepay_required')),
        },
        handles: [404, 422],
      });
      return;
    }
    case 'ledger-stop':
      await adminCall('ledger-stop-set', {
        body: { account_id: id(form, 'account_id'), reason: text(form, 'reason') },
        handles: [404, 422],
      });
      return;
    case 'ledger-lift':
      await adminCall('ledger-stop-lift', { body: { account_id: id(form, 'account_id') }, handles: [404, 422] });
      return;
    case 'ledger-adjustment':
      await adminCall('ledger-adjustment-create', {
        body: {
          account_id: id(form, 'account_id'),
          side: text(form, 'side') as LedgerSideName,
          amount: text(form, 'amount'),
          reason: text(form, 'reason'),
        },
        handles: [404, 422],
      });
      return;
    case 'ledger-reversal':
      await adminCall('ledger-reversal-create', {
        body: { entry_id: id(form, 'entry_id'), reason: text(form, 'reason') },
        handles: [404, 422],
      });
      return;
    case 'ledger-advance':
      await adminCall('ledger-advance-create', {
        body: {
          account_id: id(form, 'account_id'),
          amount: text(form, 'amount'),
          date: text(form, 'date'),
          reference: orNull(text(form, 'reference')),
        },
        handles: [404, 422],
      });
      return;
    case 'ledger-match':
      await adminCall('ledger-unmatched-match', {
        body: { line_id: id(form, 'line_id'), account_id: id(form, 'account_id') },
        handles: [404, 422],
      });
      return;
  }
}

export async function ledgerAction(intent: LedgerIntent, form: FormData): Promise<LedgerActionResult> {
  try {
    await send(intent, form);
    return { intent, ok: true, error: null, fields: {} };
  } catch (error) {
    const { message, fields } = formFailure(error);
    return { intent, ok: false, error: Object.values(fields)[0] ?? message, fields };
  }
}

/** A route's clientAction for a page made only of ledger forms. */
export async function ledgerRouteAction(request: Request): Promise<LedgerActionResult | null> {
  const form = await request.formData();
  const intent = String(form.get('intent'));
  return isLedgerIntent(intent) ? ledgerAction(intent, form) : null;
}
