import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList, perPageSchema, successSchema } from './envelope.ts';
import {
  calendarDateSchema,
  countSchema,
  dateRangeCheck,
  idSchema,
  isoDateTimeSchema,
  optionalText,
  requiredText,
  textSchema,
  whenMissing,
} from './fields.ts';
import { moneySchema } from './money-schema.ts';
import { CREDIT_HOLD_REASONS } from './ledger.ts';
import { orderStatusSchema } from './orders.ts';
import { DATE_RANGE_MESSAGE } from './rules.ts';
import type { StaffRole } from './staff.ts';

/**
 * Purchasing (issue 29, decision 0049): the «К заказу» queue of client lines waiting to be bought, supplier orders
 * (one per supplier per batch; lines carry quantities ordered, confirmed, refused, received), the supplier's
 * answers, refusals and re-sourcing, and goods receipts (приход) with country of origin and ГТД. Staff endpoints
 * `supplier-order-*` and `goods-receipt-*`, for managers and the owner.
 */

const PURCHASING: readonly StaffRole[] = ['owner', 'manager'];

/* States of a supplier order. */

export const SUPPLIER_ORDER_STATES = [
  'draft',
  'sent',
  'partly_confirmed',
  'confirmed',
  'partly_received',
  'received',
  'closed',
  'canceled',
] as const;
export type SupplierOrderState = (typeof SUPPLIER_ORDER_STATES)[number];
export const supplierOrderStateSchema = z.enum(SUPPLIER_ORDER_STATES);

export const SUPPLIER_ORDER_STATE_NAMES: Readonly<Record<SupplierOrderState, string>> = {
  draft: 'Черновик',
  sent: 'Отправлен',
  partly_confirmed: 'Подтверждён частично',
  confirmed: 'Подтверждён',
  partly_received: 'Получен частично',
  received: 'Получен',
  closed: 'Закрыт',
  canceled: 'Отменён',
};

/** How a supplier order goes to the supplier: by hand (its site, the phone), a file, an e-mail, the supplier's API. */
export const SUPPLIER_ORDER_CHANNELS = ['manual', 'file', 'email', 'api'] as const;
export type SupplierOrderChannel = (typeof SUPPLIER_ORDER_CHANNELS)[number];
export const supplierOrderChannelSchema = z.enum(SUPPLIER_ORDER_CHANNELS);
export const SUPPLIER_ORDER_CHANNEL_NAMES: Readonly<Record<SupplierOrderChannel, string>> = {
  manual: 'Вручную',
  file: 'Файлом',
  email: 'По e-mail',
  api: 'Через API',
};

/** The number staff see: «ЗП-12». */
export const supplierOrderNumber = (id: number): string => `ЗП-${id}`;

/* Messages (the server's refusals; the web shows the same words). */

export const SUPPLIER_ORDER_NOT_FOUND_MESSAGE = 'Заказ поставщику не найден';
export const GOODS_RECEIPT_NOT_FOUND_MESSAGE = 'Приход не найден';
export const QUEUE_LINES_NOT_WAITING_MESSAGE = 'Позиции уже заказаны или не ждут заказа';
/** (issue 31) Lines of an order the credit check holds are not bought until it is paid or released. */
export const QUEUE_LINES_CREDIT_HELD_MESSAGE =
  'Заказ клиента удержан (ждёт оплаты или превышен лимит), сначала снимите удержание';
export const QUEUE_LINE_NO_SUPPLIER_MESSAGE = 'У позиции не указан поставщик: выберите предложение поставщика';
export const SUPPLIER_ORDER_CLOSED_MESSAGE = 'Заказ поставщику закрыт или отменён: он больше не меняется';
export const SUPPLIER_ORDER_NOT_DRAFT_MESSAGE = 'Заказ поставщику уже отправлен: менять его строки нельзя';
export const SUPPLIER_ORDER_EMPTY_MESSAGE = 'В заказе поставщику нет строк';
export const SUPPLIER_ORDER_NOT_SENT_MESSAGE = 'Заказ поставщику ещё не отправлен: сначала отметьте отправку';
export const SUPPLIER_ORDER_HAS_RECEIPTS_MESSAGE = 'По заказу уже есть приход: отменить его нельзя, закройте его';
export const ANSWER_OVER_ORDERED_MESSAGE = 'Подтверждено и отказано больше, чем заказано';
export const ANSWER_REFUSAL_BACK_MESSAGE =
  'Отказанное количество уже вернулось в очередь «К заказу»: уменьшить его нельзя';
export const ANSWER_REFUSED_RECEIVED_MESSAGE = 'Отказано больше, чем осталось получить';
export const ANSWER_LINE_TWICE_MESSAGE = 'Строка указана в ответе дважды';
export const ANSWER_BELOW_RECEIVED_MESSAGE = 'Подтверждено меньше, чем уже получено';
export const ANSWER_REFUSAL_REASON_MESSAGE = 'Укажите причину отказа';
export const ANSWER_LINE_UNKNOWN_MESSAGE = 'Строки нет в этом заказе поставщику';
export const RECEIPT_POSTED_MESSAGE = 'Приход проведён: он не меняется; исправление — новый приход';
export const RECEIPT_OVER_MESSAGE =
  'Получено больше, чем заказано: отметьте строку как сверх заказа или исправьте количество';
export const RECEIPT_UNMATCHED_MESSAGE =
  'Сопоставьте строки прихода с заказами поставщику или отметьте их как сверх заказа';
export const RECEIPT_ORDER_CLOSED_MESSAGE = 'Заказ поставщику закрыт или отменён: приход по нему не принимается';
export const RECEIPT_ORDER_NOT_SENT_MESSAGE = 'Заказ поставщику ещё не отправлен: приход по нему не принимается';
export const RECEIPT_OTHER_SUPPLIER_MESSAGE = 'Строка заказа другого поставщика';
export const REORDER_NOT_REFUSED_MESSAGE = 'Перезаказать можно позицию, ждущую заказа (в том числе после отказа)';
export const REORDER_OFFER_GONE_MESSAGE = 'Предложение больше не действует: обновите список';
export const REORDER_BILL_PAID_MESSAGE = 'Счёт оплачен: цену для клиента изменить нельзя';
export const QUANTITY_WHOLE_MESSAGE = 'Количество должно быть целым числом';
export const QUANTITY_NEGATIVE_MESSAGE = 'Количество не может быть отрицательным';
export const QUANTITY_POSITIVE_MESSAGE = 'Количество должно быть больше нуля';
export const CUSTOMS_DECLARATION_FORMAT_MESSAGE =
  'Номер ГТД в формате 10702070/010125/0001234 (можно с /номером товара)';
export const COUNTRY_FOR_CUSTOMS_MESSAGE = 'Укажите страну происхождения товара с ГТД';

/** The most lines one supplier order or one receipt takes at once (a large delivery document). */
export const PURCHASE_LINES_MAX = 2000;

const lineIdSchema = z
  .int('Некорректный номер строки')
  .positive('Некорректный номер строки')
  .max(Number.MAX_SAFE_INTEGER, 'Некорректный номер строки');

/** A quantity typed by staff: whole, not negative; `positive` refuses 0 too. */
const quantitySchema = (positive: boolean) =>
  z
    .number({ error: whenMissing('Укажите количество') })
    .refine(Number.isInteger, QUANTITY_WHOLE_MESSAGE)
    .refine((value) => value >= 0, QUANTITY_NEGATIVE_MESSAGE)
    .refine((value) => !positive || value > 0, QUANTITY_POSITIVE_MESSAGE)
    .refine((value) => value <= 1_000_000, 'Слишком большое количество');

/** ГТД (ДТ): customs post (8 digits) / date ddmmyy / number (7 digits), optionally / the goods' position. */
export const CUSTOMS_DECLARATION_PATTERN = /^\d{8}\/\d{6}\/\d{7}(\/\d{1,3})?$/;

/* The «К заказу» queue. */

/** A client line waiting to be ordered from a supplier: new, in work, or refused by a supplier. */
export const purchaseQueueLineSchema = z.object({
  order_item_id: z.int().positive(),
  order_id: idSchema,
  /** When the client ordered. */
  created_at: isoDateTimeSchema,
  client_id: idSchema,
  client_name: z.string(),
  /** The real supplier of the line's offer; null on lines without one (they cannot be ordered until re-sourced). */
  supplier_id: idSchema.nullable(),
  supplier_name: z.string().nullable(),
  article: z.string(),
  brand_name: z.string(),
  description: z.string(),
  quantity: countSchema,
  purchase_price: moneySchema.nullable(),
  /** The client's price of one piece. */
  price: moneySchema,
  /** The day promised to the client ('yyyy-mm-dd'), null when the delivery days are unknown. */
  expected_day: calendarDateSchema.nullable(),
  status: orderStatusSchema,
  status_name: z.string(),
  /** The last refusal of this line (or the part split off for it), when a supplier refused it. */
  refusal: z
    .object({
      reason: z.string(),
      supplier_id: idSchema,
      supplier_name: z.string(),
      supplier_order_id: idSchema,
      supplier_order_number: z.string(),
      at: isoDateTimeSchema,
    })
    .nullable(),
  /**
   * (issue 31) The client's order is held by the credit check: the line cannot be ordered until the bill is paid
   * or staff release the hold (`ledger-hold-release`); `name` is what the queue shows («Ждёт оплаты», …).
   */
  credit_hold: z.object({ reason: z.enum(CREDIT_HOLD_REASONS), name: z.string() }).nullable(),
});
export type PurchaseQueueLine = z.infer<typeof purchaseQueueLineSchema>;

export const purchaseQueueFiltersSchema = z
  .object({
    supplier_id: idSchema.nullish(),
    /** An article in any spelling, a brand, an order number or the client's name, e-mail or phone. */
    q: textSchema().trim().max(200, 'Слишком длинный текст для поиска').nullish(),
    /** Only lines refused by a supplier. */
    refused: z.boolean().nullish(),
    /** The client's order placed within these days (shop's time zone). */
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type PurchaseQueueFilters = z.infer<typeof purchaseQueueFiltersSchema>;

/** The queue by supplier: how many lines and what they cost, for the same filters. */
export const purchaseQueueGroupSchema = z.object({
  supplier_id: idSchema.nullable(),
  supplier_name: z.string().nullable(),
  lines: countSchema,
  quantity: countSchema,
  /** Purchase prices × quantities (lines without a purchase price count 0). */
  purchase_total: moneySchema,
});
export type PurchaseQueueGroup = z.infer<typeof purchaseQueueGroupSchema>;

/* Supplier orders. */

export const supplierOrderLineSchema = z.object({
  id: z.int().positive(),
  /** The client line this line serves (the part still expected from it). */
  order_item_id: z.int().positive(),
  order_id: idSchema,
  client_name: z.string(),
  /** The client line's status now. */
  item_status: orderStatusSchema,
  item_status_name: z.string(),
  article: z.string(),
  brand_name: z.string(),
  description: z.string(),
  quantity: countSchema,
  confirmed_quantity: countSchema,
  refused_quantity: countSchema,
  refused_reason: z.string().nullable(),
  received_quantity: countSchema,
  /** Pieces still expected: ordered − refused − received (never below 0). */
  outstanding_quantity: countSchema,
  purchase_price: moneySchema.nullable(),
  confirmed_price: moneySchema.nullable(),
  /** The client's price of one piece. */
  client_price: moneySchema,
  supplier_line_ref: z.string().nullable(),
});
export type SupplierOrderLine = z.infer<typeof supplierOrderLineSchema>;

export const supplierOrderSummarySchema = z.object({
  id: idSchema,
  number: z.string(),
  supplier_id: idSchema,
  supplier_name: z.string(),
  channel: supplierOrderChannelSchema,
  supplier_number: z.string().nullable(),
  state: supplierOrderStateSchema,
  state_name: z.string(),
  comment: z.string().nullable(),
  created_by: idSchema.nullable(),
  created_by_name: z.string().nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  sent_at: isoDateTimeSchema.nullable(),
  lines_count: countSchema,
  quantity: countSchema,
  confirmed_quantity: countSchema,
  refused_quantity: countSchema,
  received_quantity: countSchema,
  /** What the shop pays: (confirmed price, else purchase price) × (ordered − refused). */
  total: moneySchema,
});
export type SupplierOrderSummary = z.infer<typeof supplierOrderSummarySchema>;

export const supplierOrderSchema = supplierOrderSummarySchema.extend({
  /** What makes sending it one act however often retried (the channels' idempotency key). */
  send_key: z.uuid(),
  lines: z.array(supplierOrderLineSchema),
});
export type SupplierOrder = z.infer<typeof supplierOrderSchema>;

export const supplierOrderIdRequestSchema = z.object({ id: idSchema });

export const supplierOrderCreateRequestSchema = z.object({
  /** Client lines from the «К заказу» queue; one draft per supplier (added to the supplier's open draft if any). */
  order_item_ids: z
    .array(lineIdSchema, { error: 'Выберите позиции' })
    .min(1, 'Выберите позиции')
    .max(PURCHASE_LINES_MAX, `Не больше ${PURCHASE_LINES_MAX} позиций за раз`),
  comment: optionalText(1000),
});
export type SupplierOrderCreateRequest = z.infer<typeof supplierOrderCreateRequestSchema>;

export const supplierOrderListFiltersSchema = z
  .object({
    supplier_id: idSchema.nullish(),
    state: z.array(supplierOrderStateSchema).max(SUPPLIER_ORDER_STATES.length).nullish(),
    /** Our number («ЗП-12», «12»), the supplier's number, or an article or brand on a line. */
    q: textSchema().trim().max(200, 'Слишком длинный текст для поиска').nullish(),
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type SupplierOrderListFilters = z.infer<typeof supplierOrderListFiltersSchema>;

export const supplierOrderLinesRemoveRequestSchema = z.object({
  id: idSchema,
  line_ids: z.array(lineIdSchema).min(1, 'Выберите строки').max(PURCHASE_LINES_MAX),
});

export const supplierNumberSchema = optionalText(100);

export const supplierOrderMarkSentRequestSchema = z.object({
  id: idSchema,
  /** The supplier's own order number, when known already. */
  supplier_number: supplierNumberSchema,
});

/** One line of a supplier's answer: the quantities as they stand now (not increments), and the confirmed price. */
export const supplierAnswerLineSchema = z
  .object({
    line_id: lineIdSchema,
    confirmed_quantity: quantitySchema(false),
    refused_quantity: quantitySchema(false),
    refused_reason: optionalText(500),
    /** The price of one piece the supplier confirmed; absent or null keeps what is there. */
    confirmed_price: moneySchema.nullish(),
  })
  .refine((line) => line.refused_quantity === 0 || line.refused_reason !== null, {
    message: ANSWER_REFUSAL_REASON_MESSAGE,
    path: ['refused_reason'],
  });
export type SupplierAnswerLine = z.infer<typeof supplierAnswerLineSchema>;

export const supplierOrderAnswerRequestSchema = z.object({
  id: idSchema,
  supplier_number: supplierNumberSchema,
  lines: z.array(supplierAnswerLineSchema).max(PURCHASE_LINES_MAX),
});
export type SupplierOrderAnswerRequest = z.infer<typeof supplierOrderAnswerRequestSchema>;

export const supplierOrderCancelRequestSchema = z.object({ id: idSchema, reason: optionalText(500) });

/* Refusals and re-sourcing. */

/** Another current offer of the refused part or of an analog, with what the shop would earn at the client's price. */
export const purchaseAlternativeSchema = z.object({
  offer_id: z.int().positive(),
  supplier_id: idSchema,
  supplier_name: z.string(),
  article: z.string(),
  brand_name: z.string(),
  description: z.string(),
  /** The same part (brand and article) or an analog (a cross-reference). */
  analog: z.boolean(),
  purchase_price: moneySchema,
  /** Pieces the supplier has. */
  available: countSchema,
  delivery_days: countSchema.nullable(),
  /** The supplier's stated chance (%) of delivering within its days; null when unstated. */
  probability: z.int().min(0).max(100).nullable(),
  /** Client's price − purchase price, per piece, roubles (negative at a loss). */
  margin: z.number(),
  margin_percent: z.number().nullable(),
});
export type PurchaseAlternative = z.infer<typeof purchaseAlternativeSchema>;

export const purchaseAlternativesRequestSchema = z.object({ order_item_id: lineIdSchema });

export const purchaseAlternativesSchema = z.object({
  line: purchaseQueueLineSchema,
  offers: z.array(purchaseAlternativeSchema),
});

export const supplierOrderReorderRequestSchema = z.object({
  order_item_id: lineIdSchema,
  offer_id: lineIdSchema,
  /** A new price for the client; absent or null keeps the client's price. */
  price: moneySchema.nullish(),
  note: optionalText(500),
});
export type SupplierOrderReorderRequest = z.infer<typeof supplierOrderReorderRequestSchema>;

/** Open lines of a supplier's orders (sent, not wholly received or refused): what a receipt's leftovers are matched to. */
export const supplierOrderOpenLinesRequestSchema = z.object({
  supplier_id: idSchema,
  q: textSchema().trim().max(200, 'Слишком длинный текст для поиска').nullish(),
});

export const openSupplierOrderLineSchema = supplierOrderLineSchema.extend({
  supplier_order_id: idSchema,
  supplier_order_number: z.string(),
  supplier_number: z.string().nullable(),
});
export type OpenSupplierOrderLine = z.infer<typeof openSupplierOrderLineSchema>;

/* Goods receipts. */

export const goodsReceiptLineInputSchema = z
  .object({
    article: requiredText(100, 'Укажите артикул'),
    brand: requiredText(100, 'Укажите бренд'),
    description: optionalText(500),
    quantity: quantitySchema(true),
    price: moneySchema,
    country: optionalText(100),
    customs_declaration: optionalText(64).refine(
      (value) => value === null || CUSTOMS_DECLARATION_PATTERN.test(value),
      CUSTOMS_DECLARATION_FORMAT_MESSAGE,
    ),
    /** Matched by hand; absent: matched by brand and article to the supplier's open order lines. */
    supplier_order_line_id: lineIdSchema.nullish(),
    /** Pieces beyond what was ordered, accepted knowingly. */
    over_delivery: z.boolean().default(false),
  })
  .refine((line) => line.customs_declaration === null || line.country !== null, {
    message: COUNTRY_FOR_CUSTOMS_MESSAGE,
    path: ['country'],
  });
export type GoodsReceiptLineInput = z.infer<typeof goodsReceiptLineInputSchema>;

export const goodsReceiptCreateRequestSchema = z.object({
  supplier_id: idSchema,
  /** The supplier's УПД or waybill number, and its date. */
  document_number: requiredText(100, 'Укажите номер документа поставщика'),
  document_date: calendarDateSchema,
  comment: optionalText(1000),
  lines: z
    .array(goodsReceiptLineInputSchema, { error: 'Добавьте строки прихода' })
    .min(1, 'Добавьте строки прихода')
    .max(PURCHASE_LINES_MAX, `Не больше ${PURCHASE_LINES_MAX} строк в приходе`),
});
export type GoodsReceiptCreateRequest = z.infer<typeof goodsReceiptCreateRequestSchema>;

export const goodsReceiptMatchRequestSchema = z.object({
  id: idSchema,
  line_id: lineIdSchema,
  /** The supplier order line it fills; null leaves it unmatched. */
  supplier_order_line_id: lineIdSchema.nullable(),
  over_delivery: z.boolean().default(false),
});

export const goodsReceiptIdRequestSchema = z.object({ id: idSchema });

export const goodsReceiptLineSchema = z.object({
  id: z.int().positive(),
  supplier_order_line_id: z.int().positive().nullable(),
  supplier_order_id: idSchema.nullable(),
  supplier_order_number: z.string().nullable(),
  article: z.string(),
  brand_name: z.string(),
  description: z.string(),
  quantity: countSchema,
  price: moneySchema,
  country: z.string().nullable(),
  customs_declaration: z.string().nullable(),
  over_delivery: z.boolean(),
  /** Pieces the matched supplier order line still expects now (before posting: what this line may fill). */
  outstanding_quantity: countSchema.nullable(),
  /** Once posted: the client line that took the pieces, and its order. */
  order_item_id: z.int().positive().nullable(),
  order_id: idSchema.nullable(),
});
export type GoodsReceiptLine = z.infer<typeof goodsReceiptLineSchema>;

export const goodsReceiptSummarySchema = z.object({
  id: idSchema,
  supplier_id: idSchema,
  supplier_name: z.string(),
  document_number: z.string(),
  document_date: calendarDateSchema,
  comment: z.string().nullable(),
  created_at: isoDateTimeSchema,
  created_by_name: z.string().nullable(),
  posted: z.boolean(),
  posted_at: isoDateTimeSchema.nullable(),
  posted_by_name: z.string().nullable(),
  lines_count: countSchema,
  quantity: countSchema,
  total: moneySchema,
  /** Lines not matched to a supplier order line nor marked as over-delivery: posting waits for them. */
  unmatched_count: countSchema,
});
export type GoodsReceiptSummary = z.infer<typeof goodsReceiptSummarySchema>;

export const goodsReceiptSchema = goodsReceiptSummarySchema.extend({ lines: z.array(goodsReceiptLineSchema) });
export type GoodsReceipt = z.infer<typeof goodsReceiptSchema>;

export const goodsReceiptListFiltersSchema = z
  .object({
    supplier_id: idSchema.nullish(),
    posted: z.boolean().nullish(),
    /** The document's number, or an article, brand or ГТД on a line. */
    q: textSchema().trim().max(200, 'Слишком длинный текст для поиска').nullish(),
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type GoodsReceiptListFilters = z.infer<typeof goodsReceiptListFiltersSchema>;

const orderEnvelope = dataEnvelope(z.object({ order: supplierOrderSchema }));
const receiptEnvelope = dataEnvelope(z.object({ receipt: goodsReceiptSchema }));

export const purchasingAdminEndpoints = defineEndpoints({
  'supplier-order-queue': {
    method: 'POST',
    path: 'supplier-order-queue',
    session: false,
    roles: PURCHASING,
    summary:
      '«К заказу»: client lines waiting to be bought (new, in work, refused by a supplier), by supplier, filtered, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: purchaseQueueFiltersSchema,
    response: dataEnvelope(paginatedList(purchaseQueueLineSchema)),
  },
  'supplier-order-queue-suppliers': {
    method: 'POST',
    path: 'supplier-order-queue-suppliers',
    session: false,
    roles: PURCHASING,
    summary: '«К заказу» by supplier: lines, pieces and purchase total per supplier, for the same filters',
    tags: ['admin'],
    body: purchaseQueueFiltersSchema,
    response: dataEnvelope(z.object({ groups: z.array(purchaseQueueGroupSchema) })),
  },
  'supplier-order-create': {
    method: 'POST',
    path: 'supplier-order-create',
    session: false,
    roles: PURCHASING,
    summary:
      "Orders the chosen waiting lines: one draft per supplier (the supplier's open draft if it has one); a line already ordered is refused",
    tags: ['admin'],
    body: supplierOrderCreateRequestSchema,
    response: dataEnvelope(z.object({ orders: z.array(supplierOrderSummarySchema) })),
  },
  'supplier-order-all': {
    method: 'POST',
    path: 'supplier-order-all',
    session: false,
    roles: PURCHASING,
    summary: 'Supplier orders, newest first, filtered by supplier, state, number or article and date, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: supplierOrderListFiltersSchema,
    response: dataEnvelope(paginatedList(supplierOrderSummarySchema)),
  },
  'supplier-order-get': {
    method: 'POST',
    path: 'supplier-order-get',
    session: false,
    roles: PURCHASING,
    summary: 'A supplier order with its lines, their quantities and the client lines they serve',
    tags: ['admin'],
    body: supplierOrderIdRequestSchema,
    response: orderEnvelope,
  },
  'supplier-order-lines-remove': {
    method: 'POST',
    path: 'supplier-order-lines-remove',
    session: false,
    roles: PURCHASING,
    summary: 'Takes lines out of a draft: their client lines wait in «К заказу» again',
    tags: ['admin'],
    body: supplierOrderLinesRemoveRequestSchema,
    response: orderEnvelope,
  },
  'supplier-order-mark-sent': {
    method: 'POST',
    path: 'supplier-order-mark-sent',
    session: false,
    roles: PURCHASING,
    summary:
      "Marks a draft sent by hand (with the supplier's number when known): its client lines become «Заказан у поставщика»",
    tags: ['admin'],
    body: supplierOrderMarkSentRequestSchema,
    response: orderEnvelope,
  },
  'supplier-order-answer': {
    method: 'POST',
    path: 'supplier-order-answer',
    session: false,
    roles: PURCHASING,
    summary:
      "The supplier's answer typed by staff: its number, per line the quantities confirmed and refused (with a reason) and the confirmed price",
    tags: ['admin'],
    body: supplierOrderAnswerRequestSchema,
    response: orderEnvelope,
  },
  'supplier-order-cancel': {
    method: 'POST',
    path: 'supplier-order-cancel',
    session: false,
    roles: PURCHASING,
    summary: 'Cancels a supplier order with nothing received: its client lines wait in «К заказу» again',
    tags: ['admin'],
    body: supplierOrderCancelRequestSchema,
    response: orderEnvelope,
  },
  'supplier-order-close': {
    method: 'POST',
    path: 'supplier-order-close',
    session: false,
    roles: PURCHASING,
    summary:
      'Closes a sent supplier order: what was not received is refused («Заказ закрыт без поставки») and waits in «К заказу»',
    tags: ['admin'],
    body: supplierOrderCancelRequestSchema,
    response: orderEnvelope,
  },
  'supplier-order-alternatives': {
    method: 'POST',
    path: 'supplier-order-alternatives',
    session: false,
    roles: PURCHASING,
    summary:
      "Other current offers of a waiting line's part and its analogs: purchase price, delivery, supplier, probability, margin at the client's price",
    tags: ['admin'],
    body: purchaseAlternativesRequestSchema,
    response: dataEnvelope(purchaseAlternativesSchema),
  },
  'supplier-order-reorder': {
    method: 'POST',
    path: 'supplier-order-reorder',
    session: false,
    roles: PURCHASING,
    summary:
      "Re-sources a waiting line from another offer in one action: into that supplier's draft, the client's price kept unless given",
    tags: ['admin'],
    body: supplierOrderReorderRequestSchema,
    response: orderEnvelope,
  },
  'supplier-order-open-lines': {
    method: 'POST',
    path: 'supplier-order-open-lines',
    session: false,
    roles: PURCHASING,
    summary: "A supplier's order lines still expecting goods: what a receipt's leftovers are matched to by hand",
    tags: ['admin'],
    body: supplierOrderOpenLinesRequestSchema,
    response: dataEnvelope(z.object({ lines: z.array(openSupplierOrderLineSchema) })),
  },
  'goods-receipt-create': {
    method: 'POST',
    path: 'goods-receipt-create',
    session: false,
    roles: PURCHASING,
    summary:
      "A draft receipt from the supplier's document: lines matched by brand and article to open supplier order lines, the rest left for hand matching",
    tags: ['admin'],
    body: goodsReceiptCreateRequestSchema,
    response: receiptEnvelope,
  },
  'goods-receipt-match': {
    method: 'POST',
    path: 'goods-receipt-match',
    session: false,
    roles: PURCHASING,
    summary: "Matches a draft receipt's line by hand to a supplier order line, or marks it as over-delivery",
    tags: ['admin'],
    body: goodsReceiptMatchRequestSchema,
    response: receiptEnvelope,
  },
  'goods-receipt-post': {
    method: 'POST',
    path: 'goods-receipt-post',
    session: false,
    roles: PURCHASING,
    summary:
      'Posts a receipt once, in one transaction: quantities received, client lines «Готов к выдаче» (split when received in part); then read-only',
    tags: ['admin'],
    body: goodsReceiptIdRequestSchema,
    response: receiptEnvelope,
  },
  'goods-receipt-delete': {
    method: 'POST',
    path: 'goods-receipt-delete',
    session: false,
    roles: PURCHASING,
    summary: 'Deletes a draft receipt (a posted one is never deleted)',
    tags: ['admin'],
    body: goodsReceiptIdRequestSchema,
    response: dataEnvelope(successSchema),
  },
  'goods-receipt-get': {
    method: 'POST',
    path: 'goods-receipt-get',
    session: false,
    roles: PURCHASING,
    summary: 'A goods receipt with its lines, their matches, country of origin and ГТД',
    tags: ['admin'],
    body: goodsReceiptIdRequestSchema,
    response: receiptEnvelope,
  },
  'goods-receipt-all': {
    method: 'POST',
    path: 'goods-receipt-all',
    session: false,
    roles: PURCHASING,
    summary: 'Goods receipts, newest first, filtered by supplier, posted, document or article and date, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: goodsReceiptListFiltersSchema,
    response: dataEnvelope(paginatedList(goodsReceiptSummarySchema)),
  },
});
