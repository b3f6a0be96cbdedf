import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { pluralRu } from './format.ts';
import { dataEnvelope, pageQuerySchema, paginatedList, perPageSchema } from './envelope.ts';
import { idSchema, isoDateTimeSchema, optionalText, requiredText } from './fields.ts';
import type { StaffRole } from './staff.ts';

/**
 * Suppliers in the back office (issue 15): the list with offers, last import and stale mark, a supplier's screen
 * (names, delivery, active, import profile), uploads of price lists and cross-references imported by a background
 * job, their live progress, cancellation, report of refused rows and history. Owner and managers only.
 */

/** The columns a price list may have (article, brand and price are required). */
export const PRICE_LIST_COLUMNS = [
  'article',
  'brand',
  'description',
  'price',
  'quantity',
  'delivery',
  'weight',
] as const;
export type PriceListColumn = (typeof PRICE_LIST_COLUMNS)[number];

export const PRICE_LIST_COLUMN_LABELS: Record<PriceListColumn, string> = {
  article: 'Артикул',
  brand: 'Бренд',
  description: 'Наименование',
  price: 'Цена',
  quantity: 'Остаток',
  delivery: 'Срок, дн.',
  weight: 'Вес, кг',
};

/** How a stock written as `>10` or `10+` is read: as 10 (at least that many), or as 11 (more than that). */
export const STOCK_MORE_MODES = ['bound', 'bound_plus_one'] as const;
/** How a stock written as `<5` is read: 1 (the only count that is sure), or 4 (the most it can be). */
export const STOCK_LESS_MODES = ['one', 'most'] as const;
export type StockLessMode = (typeof STOCK_LESS_MODES)[number];
/** How a delivery written as a range `3-5` is read: its upper end (the day that can be promised) or its lower. */
export const DELIVERY_RANGE_MODES = ['max', 'min'] as const;
export type DeliveryRangeMode = (typeof DELIVERY_RANGE_MODES)[number];

/**
 * How a price list's words and bounds are read unless the supplier's profile says otherwise: what can be promised
 * for sure. «есть» is one piece, «много» as many as «>10» gives, «<5» one piece, a delivery «3-5» five days.
 */
export const READING_RULE_DEFAULTS = {
  stock_more: 'bound',
  stock_less: 'one',
  stock_present: 1,
  stock_plenty: 10,
  delivery_range: 'max',
} as const satisfies {
  stock_more: (typeof STOCK_MORE_MODES)[number];
  stock_less: StockLessMode;
  stock_present: number;
  stock_plenty: number;
  delivery_range: DeliveryRangeMode;
};

const stockWordCount = z.int32('Введите целое число штук').min(0, 'Не меньше 0').max(1_000_000, 'Не больше 1 000 000');

/**
 * A supplier's import profile: today's command-line flags, saved. `columns` lists the cells of a row in order
 * ('article,brand,,price', or the Russian names 'артикул,бренд,,цена'; an empty name skips a cell); `headers`
 * instead names, for some columns, the header cell that holds them (the others are recognized by their usual
 * names). `header_line` is the row of the header when a title block stands above it (unset: the first row that
 * names the columns is the header). Null fields: detected / defaults.
 */
export const supplierImportProfileSchema = z
  .object({
    columns: optionalText(300),
    headers: z.partialRecord(z.enum(PRICE_LIST_COLUMNS), requiredText(100)).nullish().default(null),
    encoding: z.enum(['utf8', 'cp1251']).nullish().default(null),
    delimiter: z.enum([';', ',', 'tab']).nullish().default(null),
    /** With `columns`: true when the first row is a header to skip (without `columns` it always is). */
    header_row: z.boolean().default(true),
    header_line: z
      .int32('Введите номер строки')
      .min(1, 'Строки считаются с 1')
      .max(1000, 'Заголовок ищется в первых 1000 строках')
      .nullish()
      .default(null),
    default_delivery_days: z.int32().min(0, 'Срок не может быть отрицательным').max(365).nullish().default(null),
    stock_more: z.enum(STOCK_MORE_MODES).default(READING_RULE_DEFAULTS.stock_more),
    stock_less: z.enum(STOCK_LESS_MODES).default(READING_RULE_DEFAULTS.stock_less),
    stock_present: stockWordCount.default(READING_RULE_DEFAULTS.stock_present),
    stock_plenty: stockWordCount.default(READING_RULE_DEFAULTS.stock_plenty),
    delivery_range: z.enum(DELIVERY_RANGE_MODES).default(READING_RULE_DEFAULTS.delivery_range),
  })
  .strict();
export type SupplierImportProfile = z.infer<typeof supplierImportProfileSchema>;

/** The profile as answered (responses hold no one-way transform: the server encodes them). */
export const supplierImportProfileOutputSchema = z.object({
  columns: z.string().nullable(),
  headers: z.partialRecord(z.enum(PRICE_LIST_COLUMNS), z.string()).nullable(),
  encoding: z.enum(['utf8', 'cp1251']).nullable(),
  delimiter: z.enum([';', ',', 'tab']).nullable(),
  header_row: z.boolean(),
  header_line: z.int().nullable(),
  default_delivery_days: z.int().nullable(),
  stock_more: z.enum(STOCK_MORE_MODES),
  stock_less: z.enum(STOCK_LESS_MODES),
  stock_present: z.int(),
  stock_plenty: z.int(),
  delivery_range: z.enum(DELIVERY_RANGE_MODES),
});
export type SupplierImportProfileInput = z.input<typeof supplierImportProfileSchema>;

/**
 * A price list that would remove more than this share of a supplier's offers (and at least
 * MASS_REMOVAL_MIN_OFFERS of them) is not loaded without a word: an upload stops before replacing and asks, a
 * scheduled fetch or the command line refuses it and tells the staff, unless told otherwise.
 */
export const MASS_REMOVAL_SHARE = 0.5;
export const MASS_REMOVAL_MIN_OFFERS = 10;
export const isMassRemoval = (offers: number, removed: number): boolean =>
  removed >= MASS_REMOVAL_MIN_OFFERS && removed > offers * MASS_REMOVAL_SHARE;

/** What a list that stopped before a mass removal would have done: the offers now, those it removes, its rows. */
export const massRemovalSchema = z.object({
  offers: z.int().min(0),
  removed: z.int().min(0),
  loaded: z.int().min(0),
});
export type MassRemovalCounts = z.infer<typeof massRemovalSchema>;

const count = (value: number) => value.toLocaleString('ru-RU');

/** «Новый прайс убрал бы 423 из 424 предложений поставщика…»: the refusal of a scheduled fetch or the CLI. */
export const massRemovalMessage = ({ offers, removed, loaded }: MassRemovalCounts): string =>
  `Новый прайс убрал бы ${count(removed)} из ${count(offers)} ${pluralRu(offers, 'предложения', 'предложений', 'предложений')} ` +
  `поставщика (в нём ${count(loaded)} ${pluralRu(loaded, 'строка', 'строки', 'строк')}): больше половины. ` +
  'Прайс не загружен, предложения не изменены';

export const IMPORT_KIND_LABELS = { price_list: 'Прайс-лист', cross_references: 'Кроссы' } as const;
export type ImportKind = keyof typeof IMPORT_KIND_LABELS;
export const IMPORT_SOURCE_LABELS = { cli: 'командная строка', upload: 'загрузка', schedule: 'расписание' } as const;
export const IMPORT_STATUS_LABELS = {
  queued: 'в очереди',
  running: 'идёт',
  done: 'готово',
  failed: 'ошибка',
  cancelled: 'отменён',
  awaiting_confirmation: 'ждёт подтверждения',
} as const;
export type ImportStatus = keyof typeof IMPORT_STATUS_LABELS;

export const supplierImportSchema = z.object({
  id: idSchema,
  supplier_id: idSchema.nullable(),
  kind: z.enum(['price_list', 'cross_references']),
  source: z.enum(['cli', 'upload', 'schedule']),
  status: z.enum(['queued', 'running', 'done', 'failed', 'cancelled', 'awaiting_confirmation']),
  file_name: z.string(),
  file_bytes: z.number().int().min(0),
  bytes_read: z.number().int().min(0),
  rows_read: z.int().min(0),
  rows_loaded: z.int().min(0).nullable(),
  rows_refused: z.int().min(0),
  /** Rows read per second so far (running) or over the whole import. */
  rows_per_second: z.int().min(0),
  queued_at: isoDateTimeSchema,
  started_at: isoDateTimeSchema.nullable(),
  finished_at: isoDateTimeSchema.nullable(),
  cancel_requested: z.boolean(),
  error: z.string().nullable(),
  has_report: z.boolean(),
  staff_name: z.string().nullable(),
  /**
   * awaiting_confirmation: the list would remove most of the supplier's offers; the import stopped before changing
   * anything and waits for staff to confirm (import-confirm) or cancel. Kept after the answer.
   */
  removal: massRemovalSchema.nullable(),
});
export type SupplierImport = z.infer<typeof supplierImportSchema>;

/** A row of the suppliers' list. */
export const adminSupplierRowSchema = z.object({
  id: idSchema,
  name: z.string(),
  display_name: z.string().nullable(),
  active: z.boolean(),
  offers_count: z.int().min(0),
  max_age_days: z.int().nullable(),
  /** Its last successful price-list import is older than max_age_days (or it never had one). */
  stale: z.boolean(),
  last_import: supplierImportSchema.nullable(),
});
export type AdminSupplierRow = z.infer<typeof adminSupplierRowSchema>;

/**
 * (issue 33, decision 0068) A supplier's delivery over the shop's rolling window, over all its brands, as the last
 * refresh computed it; `enough` false: below the shop's minimum number of lines (nothing is shown to clients).
 */
export const supplierDeliveryFiguresSchema = z.object({
  enough: z.boolean(),
  delivered_lines: z.int().min(0),
  late_open_lines: z.int().min(0),
  refused_lines: z.int().min(0),
  median_days: z.int().min(0).nullable(),
  p80_days: z.int().min(0).nullable(),
  p90_days: z.int().min(0).nullable(),
  on_time_percent: z.int().min(0).max(100).nullable(),
  refusal_percent: z.int().min(0).max(100).nullable(),
  computed_at: isoDateTimeSchema,
});
export type SupplierDeliveryFigures = z.infer<typeof supplierDeliveryFiguresSchema>;

export const adminSupplierDetailSchema = adminSupplierRowSchema.extend({
  default_delivery_days: z.int().min(0),
  delivery_probability: z.int().min(0).max(100).nullable(),
  /** (issue 33) Offers promise the learned 80th percentile of days instead of the typed ones (enough lines). */
  learned_delivery_days: z.boolean(),
  /** (issue 33) Offers show the learned on-time share instead of `delivery_probability` (enough lines). */
  learned_delivery_probability: z.boolean(),
  /** (issue 33) Null: nothing ordered from it within the window, or not computed yet. */
  delivery_learned: supplierDeliveryFiguresSchema.nullable(),
  import_profile: supplierImportProfileOutputSchema,
  last_success_at: isoDateTimeSchema.nullable(),
});
export type AdminSupplierDetail = z.infer<typeof adminSupplierDetailSchema>;

export const supplierListFiltersSchema = z.object({
  q: optionalText(100),
  active: z.boolean().nullish().default(null),
  stale: z.boolean().nullish().default(null),
  per_page: perPageSchema,
});
export type SupplierListFilters = z.infer<typeof supplierListFiltersSchema>;

export const SUPPLIER_NOT_FOUND_MESSAGE = 'Поставщик не найден';
export const IMPORT_NOT_FOUND_MESSAGE = 'Загрузка не найдена';
export const IMPORT_NOT_AWAITING_MESSAGE = 'Эта загрузка не ждёт подтверждения';

/** Create (id null) or change a supplier. */
export const supplierSaveRequestSchema = z.object({
  id: idSchema.nullish().default(null),
  name: requiredText(200, 'Введите название поставщика'),
  display_name: optionalText(200),
  delivery_probability: z.int32().min(0).max(100, 'Не больше 100 %').nullish().default(null),
  default_delivery_days: z.int32().min(0, 'Срок не может быть отрицательным').max(365).default(0),
  learned_delivery_days: z.boolean().default(false),
  learned_delivery_probability: z.boolean().default(false),
  active: z.boolean().default(true),
  max_age_days: z.int32().min(1, 'Не меньше 1 дня').max(3650).nullish().default(null),
  import_profile: supplierImportProfileSchema.default({
    columns: null,
    headers: null,
    encoding: null,
    delimiter: null,
    header_row: true,
    header_line: null,
    default_delivery_days: null,
    stock_more: READING_RULE_DEFAULTS.stock_more,
    stock_less: READING_RULE_DEFAULTS.stock_less,
    stock_present: READING_RULE_DEFAULTS.stock_present,
    stock_plenty: READING_RULE_DEFAULTS.stock_plenty,
    delivery_range: READING_RULE_DEFAULTS.delivery_range,
  }),
});
export type SupplierSaveRequest = z.input<typeof supplierSaveRequestSchema>;

export const supplierIdRequestSchema = z.object({ id: idSchema });
export const importIdRequestSchema = z.object({ id: idSchema });

export const importListFiltersSchema = z.object({
  kind: z.enum(['price_list', 'cross_references']).default('price_list'),
  supplier_id: idSchema.nullish().default(null),
  per_page: perPageSchema,
});
export type ImportListFilters = z.infer<typeof importListFiltersSchema>;

/** The upload's query: what the raw body (the file's bytes) is. */
export const importUploadQuerySchema = z.object({
  kind: z.enum(['price_list', 'cross_references']),
  supplier_id: z.coerce.number().pipe(idSchema).optional(),
  file_name: requiredText(255, 'Укажите имя файла'),
});

/** Default largest upload (IMPORT_UPLOAD_LIMIT overrides it on the server). */
export const IMPORT_UPLOAD_LIMIT_DEFAULT = 200 * 1024 * 1024;
export const UPLOAD_EMPTY_MESSAGE = 'Файл пустой';
export const UPLOAD_NOT_TABLE_MESSAGE = 'Это не CSV и не XLSX: загрузите прайс-лист в формате CSV или XLSX';
export const uploadTooLargeMessage = (limitBytes: number) =>
  `Файл больше ${Math.floor(limitBytes / (1024 * 1024))} МБ: разделите его или сожмите в XLSX`;

const SUPPLIERS: readonly StaffRole[] = ['owner', 'manager'];

export const supplierAdminEndpoints = defineEndpoints({
  'supplier-admin-list': {
    method: 'POST',
    path: 'supplier-admin-list',
    session: false,
    roles: SUPPLIERS,
    summary: 'Suppliers with their offers count, last import and stale mark, filtered, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: supplierListFiltersSchema,
    response: dataEnvelope(paginatedList(adminSupplierRowSchema)),
  },
  'supplier-show': {
    method: 'POST',
    path: 'supplier-show',
    session: false,
    roles: SUPPLIERS,
    summary: "A supplier's screen: names, delivery, active, import profile",
    tags: ['admin'],
    body: supplierIdRequestSchema,
    response: dataEnvelope(z.object({ supplier: adminSupplierDetailSchema })),
  },
  'supplier-save': {
    method: 'POST',
    path: 'supplier-save',
    session: false,
    roles: SUPPLIERS,
    summary: 'Creates (id null) or changes a supplier and its import profile; an inactive one leaves search at once',
    tags: ['admin'],
    body: supplierSaveRequestSchema,
    response: dataEnvelope(z.object({ supplier: adminSupplierDetailSchema })),
  },
  'import-upload': {
    method: 'POST',
    path: 'import-upload',
    session: false,
    roles: SUPPLIERS,
    upload: true,
    summary:
      'Uploads a price list (kind price_list, supplier_id) or cross-references (CSV or XLSX, the raw bytes as ' +
      'application/octet-stream, streamed to disk); a background job imports it',
    tags: ['admin'],
    query: importUploadQuerySchema,
    response: dataEnvelope(z.object({ import: supplierImportSchema })),
  },
  'import-show': {
    method: 'POST',
    path: 'import-show',
    session: false,
    roles: SUPPLIERS,
    summary: "An import's progress: rows read, rows/s, refused so far, status",
    tags: ['admin'],
    body: importIdRequestSchema,
    response: dataEnvelope(z.object({ import: supplierImportSchema })),
  },
  'import-cancel': {
    method: 'POST',
    path: 'import-cancel',
    session: false,
    roles: SUPPLIERS,
    summary: "Cancels a queued, running or awaiting import: nothing changes (a running one's transaction rolls back)",
    tags: ['admin'],
    body: importIdRequestSchema,
    response: dataEnvelope(z.object({ import: supplierImportSchema })),
  },
  'import-confirm': {
    method: 'POST',
    path: 'import-confirm',
    session: false,
    roles: SUPPLIERS,
    summary:
      "Confirms an upload that stopped because it would remove most of the supplier's offers: it is queued again " +
      'and replaces the list',
    tags: ['admin'],
    body: importIdRequestSchema,
    response: dataEnvelope(z.object({ import: supplierImportSchema })),
  },
  'import-list': {
    method: 'POST',
    path: 'import-list',
    session: false,
    roles: SUPPLIERS,
    summary: "The history of imports: a supplier's price lists, or the cross-references, newest first, paginated",
    tags: ['admin'],
    query: pageQuerySchema,
    body: importListFiltersSchema,
    response: dataEnvelope(paginatedList(supplierImportSchema)),
  },
  'import-report': {
    method: 'POST',
    path: 'import-report',
    session: false,
    roles: SUPPLIERS,
    summary: 'The report of refused rows of an import (CSV: line, reason, row)',
    tags: ['admin'],
    body: importIdRequestSchema,
    response: 'csv',
  },
});
