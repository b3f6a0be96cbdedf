import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList } from './envelope.ts';
import { calendarDateSchema, dateRangeCheck, idSchema, isoDateTimeSchema, whenMissing } from './fields.ts';
import { moneySchema } from './money-schema.ts';
import { SALES_ROLES } from './payments.ts';

/**
 * Shipments (issue 30, points 2–5; decision 0053): every hand-over of order lines to a client («Выдан») is a
 * shipment document, posted once and never changed, printed as the УПД (PDF) and given as the tax service's XML
 * (format 5.03). A mistake is put right by a correction document (УКД). Staff endpoints `shipment-*`, the client's
 * `client-shipment-*`.
 */

export const SHIPMENT_NOT_FOUND_MESSAGE = 'Документ отгрузки не найден';
export const SHIPMENT_LINES_REQUIRED_MESSAGE = 'Выберите позиции для выдачи';
export const SHIPMENT_QUANTITY_MESSAGE = 'Количество: целое число от 1';
export const SHIPMENT_OVER_READY_MESSAGE = 'Нельзя выдать больше, чем готово к выдаче';
export const SHIPMENT_NOT_READY_MESSAGE = 'Позиция не готова к выдаче';
export const SHIPMENT_CANCELED_MESSAGE = 'Позиция отменена: выдать её нельзя';
export const SHIPMENT_ALREADY_ISSUED_MESSAGE = 'Позиция уже выдана';
export const SHIPMENT_ONE_CLIENT_MESSAGE = 'За одну выдачу — позиции одного клиента';
export const CORRECTION_QUANTITY_MESSAGE = 'Новое количество должно быть меньше отгруженного и не меньше 0';
export const CORRECTION_NOTHING_MESSAGE = 'Укажите хотя бы одну строку с новым количеством';
export const CORRECTION_LINE_MESSAGE = 'В документе нет такой строки';
export const CORRECTION_NOT_FOUND_MESSAGE = 'Корректировочный документ не найден';

/** The file a client or the staff downloads: the printable УПД, or the XML for an electronic document operator. */
export const SHIPMENT_FORMATS = ['pdf', 'xml'] as const;
export type ShipmentFormat = (typeof SHIPMENT_FORMATS)[number];
const formatSchema = z.enum(SHIPMENT_FORMATS, { error: 'Формат: pdf или xml' }).default('pdf');

/** The УПД's status: 1 — счёт-фактура and transfer document (the shop pays VAT), 2 — transfer document only. */
export const UPD_STATUSES = [1, 2] as const;

/** A line of a shipment as lists show it. */
export const shipmentLineSchema = z.object({
  id: idSchema,
  order_item_id: idSchema,
  order_id: idSchema,
  article: z.string(),
  brand: z.string(),
  description: z.string(),
  quantity: z.int().min(0),
  price: moneySchema.meta({
    description: "One piece at the line's selling prices, VAT included: what the client pays",
  }),
  sum: moneySchema.meta({ description: 'The selling prices times the quantity, VAT included' }),
  country: z.string().meta({ description: 'Country of origin as the goods receipt says; empty when unknown' }),
  customs_declaration: z.string().meta({ description: 'Customs declaration (ГТД) number; empty when none' }),
});
export type ShipmentLine = z.infer<typeof shipmentLineSchema>;

export const shipmentCorrectionSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  date: z.string(),
  reason: z.string(),
  total_before: moneySchema,
  total_after: moneySchema,
});
export type ShipmentCorrection = z.infer<typeof shipmentCorrectionSchema>;

export const shipmentSchema = z.object({
  id: idSchema,
  number: z.string(),
  created_at: isoDateTimeSchema,
  /** 'dd.MM.yyyy' in the shop's time zone. */
  date: z.string(),
  status: z.union([z.literal(1), z.literal(2)]),
  client_id: idSchema,
  buyer: z.string().meta({ description: 'The buyer as the document names it: the payer, or the person' }),
  buyer_inn: z.string(),
  total: moneySchema,
  vat: moneySchema.nullable(),
  lines: z.array(shipmentLineSchema),
  corrections: z.array(shipmentCorrectionSchema),
  xml_file_name: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/* The client's documents. */

export const clientShipmentListRequestSchema = z
  .object({
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
  })
  .refine(dateRangeCheck, { path: ['date_to'], message: 'Дата «по» раньше даты «с»' });
export type ClientShipmentListRequest = z.infer<typeof clientShipmentListRequestSchema>;

export const clientShipmentDownloadRequestSchema = z.object({
  shipmentId: idSchema,
  format: formatSchema,
});
export type ClientShipmentDownloadRequest = z.infer<typeof clientShipmentDownloadRequestSchema>;

/** A correction document's УКД (PDF) for the client: another client's answers the same 404 as a missing one. */
export const clientCorrectionDownloadRequestSchema = z.object({ correctionId: idSchema });
export type ClientCorrectionDownloadRequest = z.infer<typeof clientCorrectionDownloadRequestSchema>;

/** File names of a shipment's УПД: the PDF's, and the XML's, which the format fixes (its ИдФайл). */
export const shipmentPdfFileName = (shipmentId: number) => `upd-${shipmentId}.pdf`;

/* The back office. */

export const shipmentListFiltersSchema = z
  .object({
    client_id: idSchema.nullish(),
    order_id: idSchema.nullish(),
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
  })
  .refine(dateRangeCheck, { path: ['date_to'], message: 'Дата «по» раньше даты «с»' });
export type ShipmentListFilters = z.infer<typeof shipmentListFiltersSchema>;

export const shipmentDownloadRequestSchema = z.object({ shipment_id: idSchema, format: formatSchema });

export const shipmentCorrectionDownloadRequestSchema = z.object({ correction_id: idSchema });

export const shipmentReadyLinesRequestSchema = z.object({ client_id: idSchema });

export const COUNTER_SEARCH_MESSAGE = 'Введите имя, телефон, e-mail, ИНН или номер клиента';
export const COUNTER_SEARCH_TOO_LONG_MESSAGE = 'Слишком длинный запрос: не больше 100 знаков';

/** The counter's search: any words of a name, a phone (any spelling, or its last four digits), an e-mail, an INN. */
export const shipmentClientSearchRequestSchema = z.object({
  q: z
    .string({ error: whenMissing(COUNTER_SEARCH_MESSAGE) })
    .trim()
    .min(1, COUNTER_SEARCH_MESSAGE)
    .max(100, COUNTER_SEARCH_TOO_LONG_MESSAGE),
});
export type ShipmentClientSearchRequest = z.infer<typeof shipmentClientSearchRequestSchema>;

/** A client the counter found, with the payers they buy for. */
export const counterClientSchema = z.object({
  id: idSchema,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  company_name: z.string().nullable(),
  inn: z.string().nullable(),
  payers: z.array(z.object({ name: z.string(), inn: z.string() })),
});
export type CounterClient = z.infer<typeof counterClientSchema>;

/** A client's line waiting at the counter: ready to issue (or any open line, for the staff to see). */
export const readyLineSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  ordered_at: isoDateTimeSchema,
  article: z.string(),
  brand: z.string(),
  description: z.string(),
  quantity: z.int().min(1),
  price: moneySchema,
  status: z.string(),
});
export type ReadyLine = z.infer<typeof readyLineSchema>;

export const shipmentReadyLinesSchema = z.object({
  client: z.object({ id: idSchema, name: z.string(), phone: z.string() }),
  lines: z.array(readyLineSchema),
});
export type ShipmentReadyLines = z.infer<typeof shipmentReadyLinesSchema>;

const quantitySchema = z.int({ error: SHIPMENT_QUANTITY_MESSAGE }).min(1, SHIPMENT_QUANTITY_MESSAGE).max(100_000);

export const shipmentIssueRequestSchema = z.object({
  lines: z
    .array(z.object({ line_id: idSchema, quantity: quantitySchema }), { error: SHIPMENT_LINES_REQUIRED_MESSAGE })
    .min(1, SHIPMENT_LINES_REQUIRED_MESSAGE)
    .max(500),
  note: z.string().trim().max(500).nullish(),
});
export type ShipmentIssueRequest = z.infer<typeof shipmentIssueRequestSchema>;

export const shipmentIssueResultSchema = z.object({ shipments: z.array(shipmentSchema) });

export const shipmentCorrectRequestSchema = z.object({
  shipment_id: idSchema,
  reason: z.string().trim().min(1, 'Укажите причину корректировки').max(500),
  lines: z
    .array(
      z.object({
        line_id: idSchema,
        quantity: z.int({ error: CORRECTION_QUANTITY_MESSAGE }).min(0, CORRECTION_QUANTITY_MESSAGE),
      }),
      { error: CORRECTION_NOTHING_MESSAGE },
    )
    .min(1, CORRECTION_NOTHING_MESSAGE)
    .max(500),
});
export type ShipmentCorrectRequest = z.infer<typeof shipmentCorrectRequestSchema>;

export const shipmentAdminEndpoints = defineEndpoints({
  'shipment-list': {
    method: 'POST',
    path: 'shipment-list',
    session: false,
    roles: SALES_ROLES,
    summary: 'Shipments (УПД), newest first, filtered by client, order and date, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: shipmentListFiltersSchema,
    response: dataEnvelope(paginatedList(shipmentSchema)),
  },
  'shipment-ready-lines': {
    method: 'POST',
    path: 'shipment-ready-lines',
    session: false,
    roles: SALES_ROLES,
    summary: "A client's open lines for the counter: those «Готов к выдаче» can be issued",
    tags: ['admin'],
    body: shipmentReadyLinesRequestSchema,
    response: dataEnvelope(shipmentReadyLinesSchema),
  },
  'shipment-client-search': {
    method: 'POST',
    path: 'shipment-client-search',
    session: false,
    roles: SALES_ROLES,
    summary: "The counter's client search: by name, phone, e-mail, INN (the client's or a payer's) or number",
    tags: ['admin'],
    body: shipmentClientSearchRequestSchema,
    response: dataEnvelope(z.object({ clients: z.array(counterClientSchema) })),
  },
  'shipment-issue': {
    method: 'POST',
    path: 'shipment-issue',
    session: false,
    roles: SALES_ROLES,
    summary:
      'Issue ready lines (all or part of a quantity) to their client: the lines become «Выдан» and a shipment is posted',
    tags: ['admin'],
    body: shipmentIssueRequestSchema,
    response: dataEnvelope(shipmentIssueResultSchema),
  },
  'shipment-download': {
    method: 'POST',
    path: 'shipment-download',
    session: false,
    roles: SALES_ROLES,
    summary: "A shipment's УПД: PDF, or the XML of format 5.03 (windows-1251)",
    tags: ['admin'],
    body: shipmentDownloadRequestSchema,
    response: 'document',
  },
  'shipment-correction-download': {
    method: 'POST',
    path: 'shipment-correction-download',
    session: false,
    roles: SALES_ROLES,
    summary: 'A correction document as the printed УКД (PDF)',
    tags: ['admin'],
    body: shipmentCorrectionDownloadRequestSchema,
    response: 'document',
  },
  'shipment-correct': {
    method: 'POST',
    path: 'shipment-correct',
    session: false,
    roles: SALES_ROLES,
    summary: 'A correction document (УКД) lowering quantities of a posted shipment; the shipment itself never changes',
    tags: ['admin'],
    body: shipmentCorrectRequestSchema,
    response: dataEnvelope(shipmentSchema),
  },
});
