import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList } from './envelope.ts';
import { calendarDateSchema, dateRangeCheck, idSchema, isoDateTimeSchema, textSchema } from './fields.ts';
import { moneySchema } from './money-schema.ts';
import { SALES_ROLES } from './payments.ts';
import { RETURN_PHOTOS_MAX, RETURN_PHOTOS_MAX_MESSAGE, RETURN_REASONS } from './returns-labels.ts';

export * from './returns-labels.ts';

/**
 * Cancels and returns (issue 32; decision 0055). A client cancels a line of its order (at once while «Новый» or
 * «В работе», else a request a manager decides), asks to return an issued line (a shipment line) with photos,
 * staff decide, receive and credit it (a correction document, УКД, and a credit on the client's ledger), and the
 * goods go back to the supplier in a supplier return. Staff endpoints `return-*`, the client's `client-return-*`
 * and `client-cancel-*`.
 */

/* Messages. */
export const RETURN_NOT_FOUND_MESSAGE = 'Возврат не найден';
export const RETURN_LINE_NOT_FOUND_MESSAGE = 'Позиция отгрузки не найдена';
export const RETURN_QUANTITY_MESSAGE = 'Количество: целое число от 1';
export const RETURN_OVER_ISSUED_MESSAGE = 'Нельзя вернуть больше, чем выдано (с учётом прежних возвратов)';
export const RETURN_WINDOW_PASSED_MESSAGE = 'Срок возврата по этой позиции истёк';
export const RETURN_NOT_RETURNABLE_MESSAGE = 'Эта позиция продана «без возврата»';
export const RETURN_REASON_MESSAGE = 'Выберите причину возврата';
export const RETURN_PHOTO_NOT_FOUND_MESSAGE = 'Фотография не найдена: загрузите её снова';
export const RETURN_ALREADY_DECIDED_MESSAGE = 'Заявка уже рассмотрена другим сотрудником';
export const RETURN_STATE_MESSAGE = 'Это действие невозможно в текущем состоянии возврата';
export const RETURN_REJECT_REASON_MESSAGE = 'Укажите причину отказа';
export const RETURN_RECEIVED_QUANTITY_MESSAGE =
  'Принятое количество (годные и брак) должно быть от 1 и не больше заявленного';
export const RETURN_REFUND_OVER_MESSAGE = 'Сумма выплаты больше суммы возврата, ещё не выплаченной';
export const CANCEL_LINE_NOT_FOUND_MESSAGE = 'Позиция заказа не найдена';
export const CANCEL_NOT_POSSIBLE_MESSAGE = 'Эту позицию уже нельзя отменить';
export const CANCEL_ALREADY_REQUESTED_MESSAGE = 'Запрос на отмену этой позиции уже отправлен';
export const CANCEL_REQUEST_NOT_FOUND_MESSAGE = 'Запрос на отмену не найден';
export const SUPPLIER_RETURN_NOT_FOUND_MESSAGE = 'Возврат поставщику не найден';
export const SUPPLIER_RETURN_STATE_MESSAGE = 'Это действие невозможно в текущем состоянии возврата поставщику';
export const SUPPLIER_RETURN_NOTHING_MESSAGE = 'Нет одобренных возвратов для отправки поставщику';
export const RETURN_POLICY_TARGET_MESSAGE = 'Укажите поставщика или бренд';
export const RETURN_WINDOW_MIN_MESSAGE = 'Срок возврата не может быть меньше 7 дней';

/* Limits. */
/** The law's minimum for a consumer buying at a distance; no supplier's window goes below it. */
export const RETURN_WINDOW_MIN_DAYS = 7;
export const RETURN_WINDOW_DEFAULT_DAYS = 14;

/* Vocabulary. */

export const RETURN_STATES = ['requested', 'approved', 'rejected', 'received', 'credited', 'closed'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export const RETURN_STATE_NAMES: Record<ReturnState, string> = {
  requested: 'Заявка',
  approved: 'Одобрен',
  rejected: 'Отклонён',
  received: 'Принят',
  credited: 'Зачтён',
  closed: 'Закрыт',
};

export const CANCEL_REQUEST_STATES = ['requested', 'approved', 'rejected'] as const;
export type CancelRequestState = (typeof CANCEL_REQUEST_STATES)[number];
export const CANCEL_REQUEST_STATE_NAMES: Record<CancelRequestState, string> = {
  requested: 'На рассмотрении',
  approved: 'Отменена',
  rejected: 'Отказано',
};

export const SUPPLIER_RETURN_STATES = ['to_send', 'sent', 'accepted', 'refused', 'credited'] as const;
export type SupplierReturnState = (typeof SUPPLIER_RETURN_STATES)[number];
export const SUPPLIER_RETURN_STATE_NAMES: Record<SupplierReturnState, string> = {
  to_send: 'К отправке',
  sent: 'Отправлен',
  accepted: 'Принят поставщиком',
  refused: 'Отклонён поставщиком',
  credited: 'Зачтён поставщиком',
};

/* Shapes. */

const quantitySchema = z.int({ error: RETURN_QUANTITY_MESSAGE }).min(1, RETURN_QUANTITY_MESSAGE).max(100_000);
export const returnPhotoSchema = z.object({ id: idSchema, content_type: z.string(), size: z.int().min(1) });
export type ReturnPhoto = z.infer<typeof returnPhotoSchema>;

export const returnSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  client_id: idSchema,
  shipment_id: idSchema,
  shipment_line_id: idSchema,
  order_id: idSchema,
  order_item_id: idSchema,
  /** The line's real supplier, whom the goods go back to (none: bought nowhere the shop knows). */
  supplier_id: idSchema.nullable(),
  article: z.string(),
  brand: z.string(),
  description: z.string(),
  quantity: z.int().min(1),
  price: moneySchema,
  reason: z.enum(RETURN_REASONS),
  reason_name: z.string(),
  comment: z.string(),
  state: z.enum(RETURN_STATES),
  state_name: z.string(),
  decision_reason: z.string().nullable(),
  good_quantity: z.int().min(0).nullable(),
  defective_quantity: z.int().min(0).nullable(),
  credit_amount: moneySchema.nullable().meta({ description: 'What was credited to the client (УКД), roubles' }),
  refunded_amount: moneySchema.meta({ description: 'What of the credit was paid out' }),
  correction_id: idSchema.nullable(),
  supplier_return_id: idSchema.nullable(),
  photos: z.array(returnPhotoSchema),
});
export type Return = z.infer<typeof returnSchema>;

/** The client as staff lists name it: «Фамилия Имя Отчество, компания» (its id links to its screen). */
const clientNameField = z.string().meta({ description: "The client's name as its card shows it, with its company" });

/** A return in the staff queue: who asked, by name (issue 32: the queue shows who asked). */
export const returnListItemSchema = returnSchema.extend({ client_name: clientNameField });
export type ReturnListItem = z.infer<typeof returnListItemSchema>;

export const cancelRequestSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  client_id: idSchema,
  order_id: idSchema,
  order_item_id: idSchema,
  article: z.string(),
  brand: z.string(),
  quantity: z.int().min(1),
  comment: z.string(),
  state: z.enum(CANCEL_REQUEST_STATES),
  state_name: z.string(),
  decision_reason: z.string().nullable(),
  /** Approved: whether the line was taken out of a supplier order still in draft. */
  withdrawn_from_supplier_order: z.boolean(),
});
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

/** A cancel request in the staff list: who asked, by name. */
export const cancelRequestListItemSchema = cancelRequestSchema.extend({ client_name: clientNameField });
export type CancelRequestListItem = z.infer<typeof cancelRequestListItemSchema>;

export const supplierReturnSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  supplier_id: idSchema,
  supplier_name: z.string(),
  state: z.enum(SUPPLIER_RETURN_STATES),
  state_name: z.string(),
  refusal_reason: z.string().nullable(),
  credit_amount: moneySchema.nullable().meta({ description: "The supplier's credit, roubles" }),
  credit_reference: z.string().nullable(),
  total: moneySchema.meta({ description: 'The purchase prices of the lines' }),
  lines: z.array(
    z.object({
      return_id: idSchema,
      goods_receipt_line_id: idSchema.nullable(),
      article: z.string(),
      brand: z.string(),
      quantity: z.int().min(1),
      price: moneySchema,
    }),
  ),
});
export type SupplierReturn = z.infer<typeof supplierReturnSchema>;

/* Client requests. */

export const clientCancelLineRequestSchema = z.object({
  order_item_id: idSchema,
  comment: textSchema().trim().max(500, 'Не длиннее 500 символов').default(''),
});
export type ClientCancelLineRequest = z.infer<typeof clientCancelLineRequestSchema>;

export const clientCancelLineResultSchema = z.object({
  /** True: canceled at once; false: a request waits for a manager. */
  canceled: z.boolean(),
  request: cancelRequestSchema.nullable(),
});
export type ClientCancelLineResult = z.infer<typeof clientCancelLineResultSchema>;

export const clientReturnCreateRequestSchema = z.object({
  shipment_line_id: idSchema,
  quantity: quantitySchema,
  reason: z.enum(RETURN_REASONS, { error: RETURN_REASON_MESSAGE }),
  comment: textSchema().trim().max(2000, 'Не длиннее 2000 символов').default(''),
  photo_ids: z.array(idSchema).max(RETURN_PHOTOS_MAX, RETURN_PHOTOS_MAX_MESSAGE).default([]),
});
export type ClientReturnCreateRequest = z.infer<typeof clientReturnCreateRequestSchema>;

export const clientReturnListRequestSchema = z.object({ state: z.enum(RETURN_STATES).nullish() });

/* Staff requests. */

export const returnListFiltersSchema = z
  .object({
    state: z.enum(RETURN_STATES).nullish(),
    client_id: idSchema.nullish(),
    supplier_id: idSchema.nullish(),
    reason: z.enum(RETURN_REASONS).nullish(),
    /** The returns of one order's lines (the order's screen). */
    order_id: idSchema.nullish(),
    /** Asked on or after / on or before, calendar days of the shop's time zone. */
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
  })
  .refine(dateRangeCheck, { path: ['date_to'], message: 'Дата «по» раньше даты «с»' });
export type ReturnListFilters = z.infer<typeof returnListFiltersSchema>;

export const returnGetRequestSchema = z.object({ return_id: idSchema });

/** A return's photo for staff: the image's bytes, opened by an `<img>` with the staff cookie (a GET). */
export const returnPhotoRequestSchema = z.object({ photo_id: z.coerce.number().pipe(idSchema) });

/**
 * A photo of the client's own return, shown back on «Возвраты» (a POST with the bearer, like the documents'
 * downloads; the storefront serves it to an `<img>` from its own route, /returns/photo/:id).
 */
export const clientReturnPhotoRequestSchema = z.object({ photo_id: idSchema });

export const returnDecideRequestSchema = z
  .object({
    return_ids: z.array(idSchema).min(1, 'Выберите возвраты').max(200),
    decision: z.enum(['approve', 'reject'], { error: 'Решение: approve или reject' }),
    reason: z.string().trim().max(500).nullish(),
  })
  .refine((value) => value.decision === 'approve' || (value.reason ?? '').length > 0, {
    path: ['reason'],
    message: RETURN_REJECT_REASON_MESSAGE,
  });
export type ReturnDecideRequest = z.infer<typeof returnDecideRequestSchema>;

export const returnReceiveRequestSchema = z.object({
  return_id: idSchema,
  good_quantity: z.int({ error: RETURN_RECEIVED_QUANTITY_MESSAGE }).min(0, RETURN_RECEIVED_QUANTITY_MESSAGE),
  defective_quantity: z.int({ error: RETURN_RECEIVED_QUANTITY_MESSAGE }).min(0, RETURN_RECEIVED_QUANTITY_MESSAGE),
});
export type ReturnReceiveRequest = z.infer<typeof returnReceiveRequestSchema>;

export const returnCreditRequestSchema = z.object({ return_id: idSchema });

export const returnRefundRequestSchema = z.object({
  return_id: idSchema,
  amount: moneySchema.refine((value) => value > 0, 'Сумма должна быть больше нуля'),
  reference: z.string().trim().max(200).default(''),
});
export type ReturnRefundRequest = z.infer<typeof returnRefundRequestSchema>;

export const returnCloseRequestSchema = z.object({ return_id: idSchema });

export const cancelRequestListFiltersSchema = z.object({ state: z.enum(CANCEL_REQUEST_STATES).nullish() });

export const cancelRequestDecideRequestSchema = z
  .object({
    request_id: idSchema,
    decision: z.enum(['approve', 'reject'], { error: 'Решение: approve или reject' }),
    reason: z.string().trim().max(500).nullish(),
  })
  .refine((value) => value.decision === 'approve' || (value.reason ?? '').length > 0, {
    path: ['reason'],
    message: RETURN_REJECT_REASON_MESSAGE,
  });
export type CancelRequestDecideRequest = z.infer<typeof cancelRequestDecideRequestSchema>;

export const returnPolicySaveRequestSchema = z
  .object({
    supplier_id: idSchema.nullish(),
    brand_name: z.string().trim().max(200).nullish(),
    no_return: z.boolean(),
    window_days: z
      .int({ error: RETURN_WINDOW_MIN_MESSAGE })
      .min(RETURN_WINDOW_MIN_DAYS, RETURN_WINDOW_MIN_MESSAGE)
      .max(365)
      .nullish(),
  })
  .refine((value) => (value.supplier_id ? 1 : 0) + (value.brand_name ? 1 : 0) === 1, {
    path: ['supplier_id'],
    message: RETURN_POLICY_TARGET_MESSAGE,
  });
export type ReturnPolicySaveRequest = z.infer<typeof returnPolicySaveRequestSchema>;

export const returnPolicySchema = z.object({
  id: idSchema,
  supplier_id: idSchema.nullable(),
  brand_name: z.string().nullable(),
  no_return: z.boolean(),
  window_days: z.int().nullable(),
});
export type ReturnPolicy = z.infer<typeof returnPolicySchema>;

export const supplierReturnCollectRequestSchema = z.object({ supplier_id: idSchema.nullish() });

export const supplierReturnMoveRequestSchema = z
  .object({
    supplier_return_id: idSchema,
    to: z.enum(['sent', 'accepted', 'refused', 'credited'], { error: 'Неизвестное состояние' }),
    reason: z.string().trim().max(500).nullish(),
    credit_amount: moneySchema.nullish(),
    credit_reference: z.string().trim().max(200).nullish(),
  })
  .refine((value) => value.to !== 'refused' || (value.reason ?? '').length > 0, {
    path: ['reason'],
    message: RETURN_REJECT_REASON_MESSAGE,
  })
  .refine((value) => value.to !== 'credited' || (value.credit_amount ?? 0) > 0, {
    path: ['credit_amount'],
    message: 'Укажите сумму, зачтённую поставщиком',
  });
export type SupplierReturnMoveRequest = z.infer<typeof supplierReturnMoveRequestSchema>;

export const supplierReturnListFiltersSchema = z.object({
  state: z.enum(SUPPLIER_RETURN_STATES).nullish(),
  supplier_id: idSchema.nullish(),
});

export const returnDecideResultSchema = z.object({ returns: z.array(returnSchema) });

/* Endpoints. */

export const returnClientEndpoints = defineEndpoints({
  'client-cancel-line-post': {
    method: 'POST',
    path: 'client-cancel-line-post',
    session: true,
    summary:
      '(beyond) Cancel a line of an order: at once while «Новый» or «В работе», else a request a manager decides',
    tags: ['orders'],
    body: clientCancelLineRequestSchema,
    response: dataEnvelope(clientCancelLineResultSchema),
  },
  'client-cancel-request-all-post': {
    method: 'POST',
    path: 'client-cancel-request-all-post',
    session: true,
    summary: "(beyond) The client's cancel requests and their outcome, newest first, paginated",
    tags: ['orders'],
    query: pageQuerySchema,
    body: cancelRequestListFiltersSchema,
    response: dataEnvelope(paginatedList(cancelRequestSchema)),
  },
  'client-return-photo-upload-post': {
    method: 'POST',
    path: 'client-return-photo-upload-post',
    session: true,
    summary: '(beyond) Upload one photo for a return request (raw bytes; JPEG, PNG, WebP or HEIC by content)',
    tags: ['orders'],
    upload: true,
    response: dataEnvelope(z.object({ photo: returnPhotoSchema })),
  },
  'client-return-create-post': {
    method: 'POST',
    path: 'client-return-create-post',
    session: true,
    summary: '(beyond) Ask to return an issued line: quantity, reason, comment, up to 5 photos uploaded before',
    tags: ['orders'],
    body: clientReturnCreateRequestSchema,
    response: dataEnvelope(returnSchema),
  },
  'client-return-all-post': {
    method: 'POST',
    path: 'client-return-all-post',
    session: true,
    summary: "(beyond) The client's returns, newest first, paginated",
    tags: ['orders'],
    query: pageQuerySchema,
    body: clientReturnListRequestSchema,
    response: dataEnvelope(paginatedList(returnSchema)),
  },
  'client-return-photo-post': {
    method: 'POST',
    path: 'client-return-photo-post',
    session: true,
    summary: "(beyond) A photo of the client's own return, as uploaded (another client's or an unsent one: 404)",
    tags: ['orders'],
    body: clientReturnPhotoRequestSchema,
    response: 'image',
  },
});

const staffReturn = <T extends z.ZodType, R extends z.ZodType>(summary: string, body: T, response: R) => ({
  method: 'POST' as const,
  session: false,
  roles: SALES_ROLES,
  summary,
  tags: ['admin'] as const,
  body,
  response: dataEnvelope(response),
});

export const returnAdminEndpoints = defineEndpoints({
  'return-list': {
    ...staffReturn(
      'Returns, newest first, filtered by state, client, supplier, reason; each names its client',
      returnListFiltersSchema,
      paginatedList(returnListItemSchema),
    ),
    path: 'return-list',
    query: pageQuerySchema,
  },
  'return-get': { ...staffReturn('One return', returnGetRequestSchema, returnSchema), path: 'return-get' },
  'return-photo': {
    method: 'GET',
    path: 'return-photo',
    session: false,
    roles: SALES_ROLES,
    summary: "A return's photo as the client uploaded it (JPEG, PNG, WebP, HEIC or AVIF)",
    tags: ['admin'],
    query: returnPhotoRequestSchema,
    response: 'image',
  },
  'return-decide': {
    ...staffReturn(
      'Approve or reject (with a reason) requested returns, all or nothing',
      returnDecideRequestSchema,
      returnDecideResultSchema,
    ),
    path: 'return-decide',
  },
  'return-receive': {
    ...staffReturn(
      'Receive an approved return: good and defective quantities',
      returnReceiveRequestSchema,
      returnSchema,
    ),
    path: 'return-receive',
  },
  'return-credit': {
    ...staffReturn(
      "Credit a received return: a correction document (УКД) of the shipment and a credit on the client's ledger",
      returnCreditRequestSchema,
      returnSchema,
    ),
    path: 'return-credit',
  },
  'return-refund': {
    ...staffReturn(
      'Record money paid out to the client for a credited return (a ledger entry of its own)',
      returnRefundRequestSchema,
      returnSchema,
    ),
    path: 'return-refund',
  },
  'return-close': {
    ...staffReturn('Close a credited return', returnCloseRequestSchema, returnSchema),
    path: 'return-close',
  },
  'return-cancel-request-list': {
    ...staffReturn(
      'Cancel requests of ordered lines, newest first; each names its client',
      cancelRequestListFiltersSchema,
      paginatedList(cancelRequestListItemSchema),
    ),
    path: 'return-cancel-request-list',
    query: pageQuerySchema,
  },
  'return-cancel-request-decide': {
    ...staffReturn(
      'Approve (the line is canceled, taken out of a draft supplier order) or reject (with a reason) a cancel request',
      cancelRequestDecideRequestSchema,
      cancelRequestSchema,
    ),
    path: 'return-cancel-request-decide',
  },
  'return-policy-list': {
    ...staffReturn(
      'Return windows and «без возврата» flags per supplier and brand',
      z.object({}),
      z.array(returnPolicySchema),
    ),
    path: 'return-policy-list',
  },
  'return-policy-save': {
    ...staffReturn(
      'Set a supplier’s return window and «без возврата», or a brand’s «без возврата»',
      returnPolicySaveRequestSchema,
      returnPolicySchema,
    ),
    path: 'return-policy-save',
  },
  'supplier-return-list': {
    ...staffReturn(
      'Supplier returns, newest first',
      supplierReturnListFiltersSchema,
      paginatedList(supplierReturnSchema),
    ),
    path: 'supplier-return-list',
    query: pageQuerySchema,
  },
  'supplier-return-collect': {
    ...staffReturn(
      'Collect approved returns not yet sent back into one supplier return per supplier («К отправке»)',
      supplierReturnCollectRequestSchema,
      z.object({ supplier_returns: z.array(supplierReturnSchema) }),
    ),
    path: 'supplier-return-collect',
  },
  'supplier-return-move': {
    ...staffReturn(
      "Move a supplier return: sent, accepted, refused (reason), credited (the supplier's credit)",
      supplierReturnMoveRequestSchema,
      supplierReturnSchema,
    ),
    path: 'supplier-return-move',
  },
});
