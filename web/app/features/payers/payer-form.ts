import { payerRequisitesErrors, type PayerField } from '@detal/contract/browser';
import { isApiError, readErrorBody } from '../../lib/api/errors.ts';

/**
 * A payer's form (issue 30) as the storefront reads it: the fields named as the request's (after `prefix`, e.g.
 * 'payer.' inside the registration form), checked in the browser by the contract's own requisites.ts, the code
 * the server refuses with, so that a typo in an INN or an account shows before the form is sent.
 */

export const PAYER_FIELDS = [
  'kind',
  'full_name',
  'short_name',
  'inn',
  'kpp',
  'ogrn',
  'legal_address',
  'bank_name',
  'bik',
  'correspondent_account',
  'settlement_account',
] as const satisfies readonly PayerField[];

export type PayerValues = Record<PayerField, string>;
export type PayerErrors = Partial<Record<PayerField, string>>;

/** The payer's fields of a submitted form ('' for each one it did not send). */
export function payerValues(form: FormData, prefix = ''): PayerValues {
  const values = {} as PayerValues;
  for (const field of PAYER_FIELDS) {
    const value = form.get(prefix + field);
    values[field] = typeof value === 'string' ? value : '';
  }
  return values;
}

/** The request's payer (a sole trader sends no KPP), or the messages for its fields. */
export function checkPayer(
  form: FormData,
  prefix = '',
): { payer: Record<PayerField, string | null> } | { errors: PayerErrors } {
  const values = payerValues(form, prefix);
  const errors = payerRequisitesErrors(values);
  if (Object.keys(errors).length > 0) return { errors };
  return { payer: { ...values, kpp: values.kind === 'legal_entity' ? values.kpp : null } };
}

/** The server's 422 messages for the payer's fields (`payer.inn` under registration, `inn` elsewhere). */
export function payerServerErrors(error: unknown, prefix = ''): PayerErrors {
  const found: PayerErrors = {};
  if (!isApiError(error) || error.status !== 422) return found;
  const { error: detail } = readErrorBody(error.body);
  if (typeof detail !== 'object') return found;
  for (const [key, messages] of Object.entries(detail)) {
    const field = key.startsWith(prefix) ? key.slice(prefix.length) : null;
    if (field && (PAYER_FIELDS as readonly string[]).includes(field) && messages[0]) {
      found[field as PayerField] = messages[0];
    }
  }
  return found;
}
