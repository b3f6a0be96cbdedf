import {
  STATEMENT_FILE_REQUIRED_MESSAGE,
  statementLineSchema,
  type PaymentRecorded,
  type StatementImportResult,
} from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { formFailure } from '../admin-shell/form-errors.ts';

/**
 * The payments page's writes, run in the browser (route clientAction) like the rest of the back office: record a
 * payment, upload a statement, match an unmatched statement line to a bill. The statement file is read in the
 * browser and sent base64 in a JSON field (the API takes JSON only; BODY_LIMIT bounds the file, about 750 KB).
 */

export type FieldErrorsOf<F extends string> = Partial<Record<F | 'form', string>>;

export type PaymentActionResult =
  | {
      intent: 'record';
      recorded: PaymentRecorded | null;
      errors: FieldErrorsOf<'bill_id' | 'amount' | 'date' | 'reference'>;
    }
  | { intent: 'import'; result: StatementImportResult | null; errors: FieldErrorsOf<'file'> }
  | { intent: 'match'; key: string; recorded: PaymentRecorded | null; errors: FieldErrorsOf<'bill_id'> };

/** The server's refusal: each field's first message, and the general one as `form`. */
function refusal<F extends string>(error: unknown, fields: Record<string, F>): FieldErrorsOf<F> {
  const failure = formFailure(error);
  const errors: FieldErrorsOf<F> = {};
  for (const [field, message] of Object.entries(failure.fields)) {
    const target = fields[field];
    if (target) errors[target] = message;
  }
  if (Object.keys(errors).length === 0) errors.form = failure.message;
  return errors;
}

/** '1 234,50' or '1234.5' typed by staff: a number of roubles, or NaN. */
export function typedAmount(text: string): number {
  const clean = text.replace(/[\s\u00A0]/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The file's bytes as base64, in chunks (a long argument list would overflow the stack). */
export async function fileBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(binary);
}

export async function paymentAction(request: Request): Promise<PaymentActionResult> {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'import') {
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) {
      return { intent, result: null, errors: { file: STATEMENT_FILE_REQUIRED_MESSAGE } };
    }
    try {
      const body = { file_name: file instanceof File ? file.name : null, content_base64: await fileBase64(file) };
      const result = await adminCall('statement-import', { body, handles: [413, 422] });
      return { intent, result, errors: {} };
    } catch (error) {
      const errors = refusal(error, { content_base64: 'file' as const, file_name: 'file' as const });
      return { intent, result: null, errors };
    }
  }
  if (intent === 'match') {
    const key = String(form.get('key') ?? '');
    const line = statementLineSchema.safeParse(JSON.parse(String(form.get('line') ?? 'null')));
    const billId = Number(form.get('bill_id'));
    if (!Number.isInteger(billId) || billId <= 0) {
      return { intent, key, recorded: null, errors: { bill_id: 'Укажите номер счёта' } };
    }
    if (!line.success) return { intent, key, recorded: null, errors: { form: 'Строка выписки повреждена' } };
    try {
      const recorded = await adminCall('statement-line-record', {
        body: { bill_id: billId, line: line.data },
        handles: [409, 422],
      });
      return { intent, key, recorded, errors: {} };
    } catch (error) {
      return {
        intent,
        key,
        recorded: null,
        errors: refusal(error, { bill_id: 'bill_id' as const, amount: 'bill_id' as const, date: 'bill_id' as const }),
      };
    }
  }
  const billId = Number(form.get('bill_id'));
  const amount = typedAmount(String(form.get('amount') ?? ''));
  const date = String(form.get('date') ?? '');
  const reference = String(form.get('reference') ?? '').trim();
  const errors: FieldErrorsOf<'bill_id' | 'amount' | 'date'> = {};
  if (!Number.isInteger(billId) || billId <= 0) errors.bill_id = 'Укажите номер счёта';
  if (Number.isNaN(amount)) errors.amount = 'Введите сумму платежа, например 1234,50';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.date = 'Укажите дату платежа';
  if (Object.keys(errors).length > 0) return { intent: 'record', recorded: null, errors };
  try {
    const recorded = await adminCall('payment-record', {
      body: { bill_id: billId, amount, date, reference: reference || null },
      handles: [422],
    });
    return { intent: 'record', recorded, errors: {} };
  } catch (error) {
    const fields = { bill_id: 'bill_id', amount: 'amount', date: 'date', reference: 'reference' } as const;
    return { intent: 'record', recorded: null, errors: refusal(error, fields) };
  }
}
