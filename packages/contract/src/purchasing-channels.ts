import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope } from './envelope.ts';
import { emailSchema, idSchema, isoDateTimeSchema, optionalText, requiredText, textSchema } from './fields.ts';
import { SUPPLIER_ORDER_CHANNELS } from './purchasing.ts';
import type { StaffRole } from './staff.ts';

/**
 * How the shop orders from each supplier (issue 29, point 2; decision 0050): the channel (by hand, a file, an
 * e-mail with the file, the supplier's API), the order file's template and the confirmation file's template (kept
 * with the supplier, as its import profile is), and for the API its address, login, password (never answered
 * back: only whether one is set), order options and status map. Owner and managers only.
 */

/** The columns an order file may have, each with its usual Russian header. */
export const ORDER_FILE_FIELDS = [
  'article',
  'brand',
  'description',
  'quantity',
  'price',
  'sum',
  'order_number',
  'line_id',
  'comment',
] as const;
export type OrderFileField = (typeof ORDER_FILE_FIELDS)[number];
export const ORDER_FILE_FIELD_LABELS: Record<OrderFileField, string> = {
  article: 'Артикул',
  brand: 'Бренд',
  description: 'Наименование',
  quantity: 'Количество',
  price: 'Цена',
  sum: 'Сумма',
  order_number: 'Номер заказа',
  line_id: 'Номер строки',
  comment: 'Комментарий',
};

/** The columns a supplier's confirmation file may have; `skip` is a column not read. */
export const CONFIRMATION_FILE_FIELDS = ['article', 'brand', 'confirmed', 'price', 'reason', 'skip'] as const;
export type ConfirmationFileField = (typeof CONFIRMATION_FILE_FIELDS)[number];
export const CONFIRMATION_FILE_FIELD_LABELS: Record<ConfirmationFileField, string> = {
  article: 'Артикул',
  brand: 'Бренд',
  confirmed: 'Подтверждено',
  price: 'Цена',
  reason: 'Причина отказа',
  skip: 'Пропустить',
};
/** A confirmation template must name these. */
export const CONFIRMATION_REQUIRED_FIELDS: readonly ConfirmationFileField[] = ['article', 'brand', 'confirmed'];

export const FILE_FORMATS = ['xlsx', 'csv'] as const;
export const FILE_ENCODINGS = ['utf8', 'cp1251'] as const;
export const FILE_DELIMITERS = [';', ',', 'tab'] as const;

const MAX_TEMPLATE_COLUMNS = 30;

/** A column's name as typed (`article` or its Russian header, any case) -> the field, or null. */
function fieldNamed<F extends string>(name: string, fields: readonly F[], labels: Record<F, string>): F | null {
  const wanted = name.trim().toLowerCase().replace(/ё/g, 'е');
  for (const field of fields) {
    if (field === wanted || labels[field].toLowerCase().replace(/ё/g, 'е') === wanted) return field;
  }
  return null;
}

/**
 * A file template (issue 29: «columns, header, encoding, CSV or XLSX»): the file's columns in order, each naming
 * a field (by its key or its Russian name) and, optionally, the header the file shows for it. A name that is no
 * field is refused with the fields there are.
 */
function fileTemplateSchema<F extends string>(
  fields: readonly F[],
  labels: Record<F, string>,
  required: readonly F[],
  what: string,
) {
  const known = fields.map((field) => `«${labels[field]}»`).join(', ');
  const column = z.object({
    field: requiredText(50, 'Укажите столбец'),
    header: optionalText(100),
  });
  return z
    .object({
      format: z.enum(FILE_FORMATS, { error: 'Формат файла: xlsx или csv' }).default('xlsx'),
      encoding: z.enum(FILE_ENCODINGS, { error: 'Кодировка: utf8 или cp1251' }).default('utf8'),
      delimiter: z.enum(FILE_DELIMITERS, { error: 'Разделитель: «;», «,» или табуляция' }).default(';'),
      header_row: z.boolean().default(true),
      columns: z
        .array(column)
        .min(1, 'Укажите хотя бы один столбец')
        .max(MAX_TEMPLATE_COLUMNS, `Не больше ${MAX_TEMPLATE_COLUMNS} столбцов`),
    })
    .transform((template, context) => {
      const columns: { field: F; header: string | null }[] = [];
      for (const [index, entry] of template.columns.entries()) {
        const field = fieldNamed(entry.field, fields, labels);
        if (field === null) {
          context.issues.push({
            code: 'custom',
            path: ['columns', index, 'field'],
            message: `В шаблоне ${what} нет столбца «${entry.field}»: есть ${known}`,
            input: entry.field,
          });
          return z.NEVER;
        }
        columns.push({ field, header: entry.header });
      }
      const missing = required.filter((field) => !columns.some((entry) => entry.field === field));
      if (missing.length > 0) {
        context.issues.push({
          code: 'custom',
          path: ['columns'],
          message: `В шаблоне ${what} нужны столбцы: ${missing.map((field) => `«${labels[field]}»`).join(', ')}`,
          input: template.columns,
        });
        return z.NEVER;
      }
      return { ...template, columns };
    });
}

export const orderFileTemplateSchema = fileTemplateSchema(
  ORDER_FILE_FIELDS,
  ORDER_FILE_FIELD_LABELS,
  ['article', 'brand', 'quantity'],
  'заказа',
);
export type OrderFileTemplate = z.output<typeof orderFileTemplateSchema>;
export type OrderFileTemplateInput = z.input<typeof orderFileTemplateSchema>;

export const confirmationFileTemplateSchema = fileTemplateSchema(
  CONFIRMATION_FILE_FIELDS,
  CONFIRMATION_FILE_FIELD_LABELS,
  CONFIRMATION_REQUIRED_FIELDS,
  'подтверждения',
);
export type ConfirmationFileTemplate = z.output<typeof confirmationFileTemplateSchema>;

const templateOutput = <F extends readonly [string, ...string[]]>(fields: F) =>
  z.object({
    format: z.enum(FILE_FORMATS),
    encoding: z.enum(FILE_ENCODINGS),
    delimiter: z.enum(FILE_DELIMITERS),
    header_row: z.boolean(),
    columns: z.array(z.object({ field: z.enum(fields), header: z.string().nullable() })),
  });

/** What a new supplier's order file is: article, brand, name, quantity, price, sum, as XLSX with a header. */
export const DEFAULT_ORDER_TEMPLATE: OrderFileTemplate = {
  format: 'xlsx',
  encoding: 'utf8',
  delimiter: ';',
  header_row: true,
  columns: (['article', 'brand', 'description', 'quantity', 'price', 'sum'] as const).map((field) => ({
    field,
    header: null,
  })),
};
/** What a new supplier's confirmation file is read as: article, brand, confirmed, price, reason. */
export const DEFAULT_CONFIRMATION_TEMPLATE: ConfirmationFileTemplate = {
  format: 'xlsx',
  encoding: 'utf8',
  delimiter: ';',
  header_row: true,
  columns: (['article', 'brand', 'confirmed', 'price', 'reason'] as const).map((field) => ({ field, header: null })),
};

/** A supplier's position status (as text) -> what it means for the shop (decision 0047's map, as data). */
export const POSITION_STAGE_VALUES = ['ordered', 'confirmed', 'ready', 'refused'] as const;
export const statusMapSchema = z.record(
  requiredText(50, 'Укажите код статуса'),
  z.object({
    stage: z.enum(POSITION_STAGE_VALUES, { error: 'Этап: ordered, confirmed, ready или refused' }),
    reason: optionalText(200).optional(),
  }),
);

export const API_KINDS = ['abcp'] as const;

/** The supplier's API as saved: the password is absent (kept), null or '' (removed), or the new one. */
export const channelApiSaveSchema = z.object({
  kind: z.enum(API_KINDS, { error: 'Поддерживается API сайтов на платформе ABCP' }).default('abcp'),
  base_url: requiredText(300, 'Укажите адрес API поставщика').refine(
    (value) => /^https?:\/\/[^\s/?#]+/i.test(value),
    'Адрес API: полный адрес вида https://id1234.public.api.abcp.ru',
  ),
  login: requiredText(200, 'Укажите логин API'),
  password: textSchema().max(200, 'Не более 200 символов').nullable().optional(),
  payment_method_id: requiredText(50, 'Укажите способ оплаты (из списка поставщика)'),
  shipment_method_id: optionalText(50),
  shipment_address_id: optionalText(50),
  shipment_office_id: optionalText(50),
  use_online_stocks: z.boolean().default(true),
});

export const supplierOrderChannelSaveRequestSchema = z.object({
  supplier_id: idSchema,
  channel: z.enum(SUPPLIER_ORDER_CHANNELS, { error: 'Выберите способ заказа' }),
  order_email: emailSchema.nullish().default(null),
  order_template: orderFileTemplateSchema.default(DEFAULT_ORDER_TEMPLATE),
  confirmation_template: confirmationFileTemplateSchema.default(DEFAULT_CONFIRMATION_TEMPLATE),
  api: channelApiSaveSchema.nullish().default(null),
  /** Null: built from the supplier's own statuses when the connection is tested. */
  status_map: statusMapSchema.nullish().default(null),
});
export type SupplierOrderChannelSaveRequest = z.output<typeof supplierOrderChannelSaveRequestSchema>;
export type SupplierOrderChannelSaveInput = z.input<typeof supplierOrderChannelSaveRequestSchema>;

export const supplierOrderChannelSettingsSchema = z.object({
  supplier_id: idSchema,
  supplier_name: z.string(),
  channel: z.enum(SUPPLIER_ORDER_CHANNELS),
  order_email: z.string().nullable(),
  order_template: templateOutput(ORDER_FILE_FIELDS),
  confirmation_template: templateOutput(CONFIRMATION_FILE_FIELDS),
  api: z
    .object({
      kind: z.enum(API_KINDS),
      base_url: z.string(),
      login: z.string(),
      /** Whether a password is kept; the password itself never leaves the server. */
      password_set: z.boolean(),
      payment_method_id: z.string(),
      shipment_method_id: z.string().nullable(),
      shipment_address_id: z.string().nullable(),
      shipment_office_id: z.string().nullable(),
      use_online_stocks: z.boolean(),
    })
    .nullable(),
  status_map: z.record(z.string(), z.object({ stage: z.enum(POSITION_STAGE_VALUES), reason: z.string().nullish() })),
  /** The API's calls: the last poll, the last failure (in Russian) and the failures in a row. */
  last_polled_at: isoDateTimeSchema.nullable(),
  last_error: z.string().nullable(),
  last_error_at: isoDateTimeSchema.nullable(),
  failures: z.int().min(0),
  next_poll_at: isoDateTimeSchema.nullable(),
});
export type SupplierOrderChannelSettings = z.infer<typeof supplierOrderChannelSettingsSchema>;

export const supplierIdBodySchema = z.object({ supplier_id: idSchema });

/** What testing the API connection found: the options the order settings take, and a first status map. */
export const channelTestResultSchema = z.object({
  ok: z.boolean(),
  /** In Russian: what failed, or that all is well. */
  message: z.string(),
  options: z
    .object({
      payment_methods: z.array(z.object({ id: z.string(), name: z.string() })),
      shipment_methods: z.array(z.object({ id: z.string(), name: z.string() })),
      shipment_addresses: z.array(z.object({ id: z.string(), name: z.string() })),
      shipment_offices: z.array(z.object({ id: z.string(), name: z.string() })),
    })
    .nullable(),
  /** The supplier's statuses, with the stage the shop's name table gave each (null: not recognised). */
  statuses: z.array(z.object({ code: z.string(), name: z.string(), stage: z.enum(POSITION_STAGE_VALUES).nullable() })),
});

export const supplierOrderIdBodySchema = z.object({ supplier_order_id: idSchema });

/** The confirmation file's query: which supplier order it answers (the body is the file's bytes). */
export const confirmationImportQuerySchema = z.object({
  supplier_order_id: z.coerce.number().pipe(idSchema),
  file_name: requiredText(255, 'Укажите имя файла'),
});
/** Largest confirmation file. */
export const CONFIRMATION_FILE_LIMIT = 10 * 1024 * 1024;

export const confirmationImportResultSchema = z.object({
  /** Lines answered by the file. */
  lines: z.int().min(0),
  confirmed: z.int().min(0),
  refused: z.int().min(0),
});

/** Where a sending through the e-mail or API channel stands. */
export const DISPATCH_STATES = ['pending', 'sent', 'failed'] as const;
export const supplierOrderDispatchSchema = z.object({
  supplier_order_id: idSchema,
  channel: z.enum(['email', 'api']),
  /** The key the supplier sees (its clientOrderNumber, the e-mail's Message-ID): one per supplier order. */
  idempotency_key: z.string(),
  state: z.enum(DISPATCH_STATES),
  attempts: z.int().min(0),
  last_error: z.string().nullable(),
  sent_at: isoDateTimeSchema.nullable(),
  supplier_order_numbers: z.array(z.string()),
});
export type SupplierOrderDispatch = z.infer<typeof supplierOrderDispatchSchema>;

const PURCHASING: readonly StaffRole[] = ['owner', 'manager'];

export const purchasingChannelEndpoints = defineEndpoints({
  'supplier-order-channel-show': {
    method: 'POST',
    path: 'supplier-order-channel-show',
    session: false,
    roles: PURCHASING,
    summary: "A supplier's ordering channel, templates, API settings (the password only as `password_set`), last error",
    tags: ['admin'],
    body: supplierIdBodySchema,
    response: dataEnvelope(z.object({ settings: supplierOrderChannelSettingsSchema })),
  },
  'supplier-order-channel-save': {
    method: 'POST',
    path: 'supplier-order-channel-save',
    session: false,
    roles: PURCHASING,
    summary:
      "Saves a supplier's ordering channel and templates (audited; the API password sealed at rest, never answered)",
    tags: ['admin'],
    body: supplierOrderChannelSaveRequestSchema,
    response: dataEnvelope(z.object({ settings: supplierOrderChannelSettingsSchema })),
  },
  'supplier-order-channel-test': {
    method: 'POST',
    path: 'supplier-order-channel-test',
    session: false,
    roles: PURCHASING,
    summary: "Calls the supplier's API with the saved settings: its order options and statuses, or the failure",
    tags: ['admin'],
    body: supplierIdBodySchema,
    response: dataEnvelope(z.object({ result: channelTestResultSchema })),
  },
  'supplier-order-export': {
    method: 'POST',
    path: 'supplier-order-export',
    session: false,
    roles: PURCHASING,
    summary: "A supplier order as the supplier's file (its order template: XLSX, or CSV in its encoding)",
    tags: ['admin'],
    body: supplierOrderIdBodySchema,
    response: 'table',
  },
  'supplier-order-confirmation-import': {
    method: 'POST',
    path: 'supplier-order-confirmation-import',
    session: false,
    roles: PURCHASING,
    upload: true,
    summary:
      "The supplier's confirmation file (raw bytes), read with its confirmation template and applied to the " +
      "order's lines; unknown articles refuse the whole file",
    tags: ['admin'],
    query: confirmationImportQuerySchema,
    response: dataEnvelope(z.object({ result: confirmationImportResultSchema })),
  },
  'supplier-order-dispatch-show': {
    method: 'POST',
    path: 'supplier-order-dispatch-show',
    session: false,
    roles: PURCHASING,
    summary:
      "Where a supplier order's sending by e-mail or API stands (pending, sent, failed with its error); null when it " +
      'was not sent through a channel',
    tags: ['admin'],
    body: supplierOrderIdBodySchema,
    response: dataEnvelope(z.object({ dispatch: supplierOrderDispatchSchema.nullable() })),
  },
  'supplier-order-channel-send': {
    method: 'POST',
    path: 'supplier-order-channel-send',
    session: false,
    roles: PURCHASING,
    summary:
      "Sends a draft supplier order through its supplier's channel (e-mail with the file, or the API), exactly " +
      'once: a second call answers the same dispatch',
    tags: ['admin'],
    body: supplierOrderIdBodySchema,
    response: dataEnvelope(z.object({ dispatch: supplierOrderDispatchSchema })),
  },
});

export const NO_ORDER_EMAIL_MESSAGE = 'У поставщика не указан e-mail для заказов';
export const NO_API_SETTINGS_MESSAGE = 'У поставщика не настроено API';
