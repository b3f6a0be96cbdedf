import { redirect } from 'react-router';
import {
  PRICE_LIST_COLUMNS,
  READING_RULE_DEFAULTS,
  UPLOAD_EMPTY_MESSAGE,
  type AdminSupplierDetail,
  type ImportKind,
  type PriceListColumn,
  type SupplierImport,
  type SupplierSaveRequest,
} from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { formFailure } from '../admin-shell/form-errors.ts';
import { paths } from '../../paths.ts';

/**
 * The suppliers' pages' writes, run in the browser (route clientAction) like the rest of the back office: save a
 * supplier with its profile, upload a file (its bytes go straight to the API, streamed by the browser from disk,
 * never through the page's server), cancel an import, confirm one that would remove most of the offers.
 */

export type SupplierActionResult =
  | { intent: 'save'; saved: AdminSupplierDetail | null; errors: Record<string, string> }
  | { intent: 'upload'; started: SupplierImport | null; error: string | null }
  | { intent: 'cancel' | 'confirm'; error: string | null };

/** The server's refusal: each field's first message (dotted path), and the general one as `form`. */
export function refusal(error: unknown): Record<string, string> {
  const { message, fields } = formFailure(error);
  return { ...fields, form: message };
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();
const numberOrNull = (value: string) => (value === '' ? null : Number(value.replace(',', '.')));

/** The supplier form's fields as the save request. */
export function saveRequestOf(form: FormData): SupplierSaveRequest {
  const id = text(form, 'id');
  const headers: Partial<Record<PriceListColumn, string>> = {};
  for (const column of PRICE_LIST_COLUMNS) {
    const header = text(form, `header_${column}`);
    if (header) headers[column] = header;
  }
  const encoding = text(form, 'encoding');
  const delimiter = text(form, 'delimiter');
  return {
    id: id === '' ? null : Number(id),
    name: text(form, 'name'),
    display_name: text(form, 'display_name') || null,
    delivery_probability: numberOrNull(text(form, 'delivery_probability')),
    default_delivery_days: numberOrNull(text(form, 'default_delivery_days')) ?? 0,
    learned_delivery_days: form.get('learned_delivery_days') === 'on',
    learned_delivery_probability: form.get('learned_delivery_probability') === 'on',
    active: form.get('active') === 'on',
    max_age_days: numberOrNull(text(form, 'max_age_days')),
    import_profile: {
      columns: text(form, 'columns') || null,
      headers: Object.keys(headers).length > 0 ? headers : null,
      encoding: encoding === 'utf8' || encoding === 'cp1251' ? encoding : null,
      delimiter: delimiter === ';' || delimiter === ',' || delimiter === 'tab' ? delimiter : null,
      header_row: form.get('header_row') === 'on',
      header_line: numberOrNull(text(form, 'header_line')),
      default_delivery_days: numberOrNull(text(form, 'profile_delivery')),
      stock_more: text(form, 'stock_more') === 'bound_plus_one' ? 'bound_plus_one' : 'bound',
      stock_less: text(form, 'stock_less') === 'most' ? 'most' : 'one',
      stock_present: numberOrNull(text(form, 'stock_present')) ?? READING_RULE_DEFAULTS.stock_present,
      stock_plenty: numberOrNull(text(form, 'stock_plenty')) ?? READING_RULE_DEFAULTS.stock_plenty,
      delivery_range: text(form, 'delivery_range') === 'min' ? 'min' : 'max',
    },
  };
}

export async function supplierAction(request: Request): Promise<SupplierActionResult | Response> {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'upload') {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return { intent, started: null, error: UPLOAD_EMPTY_MESSAGE };
    const kind = text(form, 'kind') as ImportKind;
    const supplierId = text(form, 'supplier_id');
    try {
      const { import: started } = await adminCall('import-upload', {
        query: { kind, file_name: file.name, ...(supplierId ? { supplier_id: Number(supplierId) } : {}) },
        file,
        handles: [404, 413, 415, 422],
      });
      return { intent, started, error: null };
    } catch (error) {
      return { intent, started: null, error: refusal(error).form ?? null };
    }
  }
  if (intent === 'confirm') {
    try {
      await adminCall('import-confirm', { body: { id: Number(form.get('id')) }, handles: [404, 409] });
      return { intent, error: null };
    } catch (error) {
      return { intent, error: refusal(error).form ?? null };
    }
  }
  if (intent === 'cancel') {
    try {
      await adminCall('import-cancel', { body: { id: Number(form.get('id')) }, handles: [404] });
      return { intent, error: null };
    } catch (error) {
      return { intent, error: refusal(error).form ?? null };
    }
  }
  const body = saveRequestOf(form);
  try {
    const { supplier } = await adminCall('supplier-save', { body, handles: [404, 422] });
    if (body.id === null) return redirect(paths.adminSupplier(supplier.id));
    return { intent: 'save', saved: supplier, errors: {} };
  } catch (error) {
    return { intent: 'save', saved: null, errors: refusal(error) };
  }
}
