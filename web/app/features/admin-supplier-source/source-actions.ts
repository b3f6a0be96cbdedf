import {
  normalizeTimeOfDay,
  sourceUrlProblem,
  type SourceImportOptions,
  type SupplierSourceSaveInput,
} from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { formFailure } from '../admin-shell/form-errors.ts';

/**
 * The source panel's writes, run in the browser (route clientAction): save, «Загрузить сейчас», delete. The server
 * audits each; the page's data reloads after it (revalidation).
 */
export type SourceIntent = 'save' | 'fetch-now' | 'delete';

export interface SourceActionResult {
  intent: SourceIntent;
  /** Field errors of the form (the contract's field names), or a message for the whole form. */
  errors: Record<string, string> | null;
  error: string | null;
  message: string | null;
}

function failure(intent: SourceIntent, error: unknown): SourceActionResult {
  const { message, fields } = formFailure(error);
  if (Object.keys(fields).length > 0) return { intent, errors: fields, error: null, message: null };
  return { intent, errors: null, error: message, message: null };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

/** The times of day typed as «06:00, 18:30» (commas, spaces or semicolons between them). */
export function parseTimes(value: string): { times: string[]; wrong: string | null } {
  const parts = value.split(/[\s,;]+/).filter(Boolean);
  const times: string[] = [];
  for (const part of parts) {
    const time = normalizeTimeOfDay(part);
    if (time === null) return { times: [], wrong: part };
    times.push(time);
  }
  return { times, wrong: null };
}

/** The form's fields as the save request, or the field errors found before asking the server. */
export function saveRequestOf(
  form: FormData,
): { body: SupplierSourceSaveInput; errors: null } | { body: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const url = text(form, 'url');
  const urlProblem = sourceUrlProblem(url);
  if (urlProblem) errors.url = urlProblem;
  const mode = text(form, 'schedule');
  let everyHours: number | null = null;
  let times: string[] | null = null;
  if (mode === 'times') {
    const parsed = parseTimes(text(form, 'times'));
    if (parsed.wrong !== null) errors.times = `Время «${parsed.wrong}» не в формате ЧЧ:ММ`;
    else if (parsed.times.length === 0) errors.times = 'Введите время загрузки, например 06:00, 18:00';
    times = parsed.times;
  } else {
    const hours = text(form, 'every_hours');
    if (!/^\d{1,3}$/.test(hours) || Number(hours) < 1) errors.every_hours = 'Введите целое число часов, от 1';
    everyHours = Number(hours);
  }
  const age = text(form, 'max_age_days');
  if (age !== '' && !/^\d{1,3}$/.test(age)) errors.max_age_days = 'Введите целое число дней или оставьте пустым';
  const delivery = text(form, 'default_delivery');
  if (delivery !== '' && !/^\d{1,4}$/.test(delivery)) errors.default_delivery = 'Введите целое число дней';
  if (Object.keys(errors).length > 0) return { body: null, errors };

  const authUser = text(form, 'auth_user');
  const password = String(form.get('auth_password') ?? '');
  const clearPassword = form.get('clear_password') === 'on';
  const importOptions: SourceImportOptions = {};
  const delimiter = text(form, 'delimiter');
  if (delimiter === ';' || delimiter === ',' || delimiter === 'tab') importOptions.delimiter = delimiter;
  const encoding = text(form, 'encoding');
  if (encoding === 'utf8' || encoding === 'cp1251') importOptions.encoding = encoding;
  const columns = text(form, 'columns');
  if (columns) importOptions.columns = columns;
  if (delivery !== '') importOptions.default_delivery = Number(delivery);
  if (form.get('allow_mass_removal') === 'on') importOptions.allow_mass_removal = true;
  return {
    errors: null,
    body: {
      url,
      auth_user: authUser || null,
      // Empty: the stored password stays (the field never shows it), unless «удалить пароль» is ticked.
      ...(clearPassword ? { auth_password: null } : password ? { auth_password: password } : {}),
      every_hours: everyHours,
      times,
      stale_policy: text(form, 'stale_policy') === 'hide' ? 'hide' : 'warn',
      max_age_days: age === '' ? null : Number(age),
      import_options: importOptions,
    },
  };
}

export async function sourceAction(request: Request, supplierId: number): Promise<SourceActionResult> {
  const form = await request.formData();
  const intent = text(form, 'intent') as SourceIntent;
  const params = { id: supplierId };
  try {
    if (intent === 'fetch-now') {
      const { message } = await adminCall('suppliers/:id/source/fetch-now', {
        params,
        body: {},
        handles: [404, 409],
      });
      return { intent, errors: null, error: null, message };
    }
    if (intent === 'delete') {
      await adminCall('suppliers/:id/source/delete', { params, body: {}, handles: [404] });
      return { intent, errors: null, error: null, message: 'Источник удалён' };
    }
    const request = saveRequestOf(form);
    if (request.errors) return { intent: 'save', errors: request.errors, error: null, message: null };
    await adminCall('suppliers/:id/source/save', { params, body: request.body, handles: [404, 422] });
    return { intent: 'save', errors: null, error: null, message: 'Сохранено' };
  } catch (error) {
    return failure(intent, error);
  }
}
