import { z } from 'zod';
import { billRevisionSchema } from './bills.ts';
import { perPageSchema } from './envelope.ts';
import {
  calendarDateSchema,
  countSchema,
  dateRangeCheck,
  idSchema,
  isoDateTimeSchema,
  optionalText,
  textSchema,
} from './fields.ts';
import { moneySchema } from './money-schema.ts';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import { orderStatusSchema } from './orders.ts';
import { DATE_RANGE_MESSAGE } from './rules.ts';

/**
 * The back office's orders, line by line (issue 14, point 4): the work queue of order lines, an order's screen
 * with prices, margin and each line's status history, and the status changes (decision 0021).
 */

/**
 * Statuses a line never leaves: «Выдан» (the part is in the client's hands; a return is a new document, not a
 * status) and «Отменён» (its stock went back and it left the bill). Every other move is allowed, backwards too,
 * so that a mistake can be put right.
 */
export const FINAL_LINE_STATUSES: readonly OrderStatus[] = ['issued', 'canceled'];

/** Whether a line in `from` may be set to `to`; setting the status it already has is no change, not a refusal. */
export const canChangeLineStatus = (from: OrderStatus, to: OrderStatus): boolean =>
  from === to || !FINAL_LINE_STATUSES.includes(from);

export const LINE_STATUS_FINAL_MESSAGE = 'Статус выданной или отменённой позиции не меняется';
export const EMPTY_LINE_SELECTION_MESSAGE = 'Выберите позиции';
export const LINES_NOT_FOUND_MESSAGE = 'Позиции не найдены';
export const ADMIN_ORDER_NOT_FOUND_MESSAGE = 'Заказ не найден';
/** The most lines one bulk change takes: a few pages of the queue. */
export const LINE_SELECTION_MAX = 500;
export const LINE_NOTE_MAX_LENGTH = 500;

/** One entry of a line's status history; `staff_id` null is the command line (or the system). */
export const lineStatusHistoryEntrySchema = z.object({
  id: z.int().positive(),
  created_at: isoDateTimeSchema,
  from_status: orderStatusSchema,
  to_status: orderStatusSchema,
  staff_id: idSchema.nullable(),
  /** The staff member's name, or null for the command line. */
  staff_name: z.string().nullable(),
  note: z.string().nullable(),
});
export type LineStatusHistoryEntry = z.infer<typeof lineStatusHistoryEntrySchema>;

/** A row of the work queue: one order line with its order, client and real supplier. */
export const adminOrderLineSchema = z.object({
  id: z.int().positive(),
  order_id: idSchema,
  /** When the order was placed. */
  created_at: isoDateTimeSchema,
  client_id: idSchema,
  /** «Фамилия Имя Отчество» as given in the order, with the company when there is one. */
  client_name: z.string(),
  client_email: z.string(),
  client_phone: z.string(),
  article: z.string(),
  brand_name: z.string(),
  description: z.string(),
  /** The real supplier (staff only; clients see a display name); null on lines ordered before suppliers were kept. */
  supplier_id: idSchema.nullable(),
  supplier_name: z.string().nullable(),
  delivery: countSchema.nullable(),
  quantity: countSchema,
  /** What the shop pays for one piece; null on lines ordered before selling prices. */
  purchase_price: moneySchema.nullable(),
  /** What the client pays for one piece. */
  price: moneySchema,
  status: orderStatusSchema,
  status_name: z.string(),
  /** The day the line is expected ready ('yyyy-mm-dd'): the order's day plus its delivery days on the shop's working calendar; null when the days are unknown. */
  expected_day: calendarDateSchema.nullable(),
  /** Past its expected day and not yet ready, issued or canceled. */
  late: z.boolean(),
  /** The client's comment to the order, or null. */
  order_comment: z.string().nullable(),
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

/** Statuses as the queue's filter takes them: one, or several (any of them). */
const statusFilterSchema = z.array(orderStatusSchema).max(ORDER_STATUSES.length);

/** Filters of the work queue; null or absent means "any". Days are calendar days in the shop's time zone. */
export const adminOrderLineFiltersSchema = z
  .object({
    /**
     * What a client on the phone says: an article in any spelling («OC 90», «ос-90»: compared by
     * `normalizeArticle`), a brand, an order number («123», «№ 123») or the client's name, e-mail or phone.
     */
    q: textSchema().trim().max(200, 'Слишком длинный текст для поиска').nullish(),
    status: statusFilterSchema.nullish(),
    /** Only lines past their expected day and not ready, issued or canceled. */
    late: z.boolean().nullish(),
    client_id: idSchema.nullish(),
    supplier_id: idSchema.nullish(),
    /** Part of the client's name, company, e-mail or phone (digits are matched whatever the phone's spelling). */
    client: textSchema().trim().max(200, 'Слишком длинный текст для поиска клиента').nullish(),
    order_id: idSchema.nullish(),
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type AdminOrderLineFilters = z.infer<typeof adminOrderLineFiltersSchema>;

/** A line on the order's screen: the queue's row plus sums, margin and history. */
export const adminOrderScreenLineSchema = adminOrderLineSchema
  .omit({
    created_at: true,
    client_id: true,
    client_name: true,
    client_email: true,
    client_phone: true,
    order_comment: true,
  })
  .extend({
    /** price × quantity. */
    total: moneySchema,
    /** purchase_price × quantity; null when the purchase price is unknown. */
    purchase_total: moneySchema.nullable(),
    /** total − purchase_total, in roubles (negative when sold at a loss); null when unknown. */
    margin: z.number().nullable(),
    /** margin / total × 100, one decimal; null when unknown or the total is 0. */
    margin_percent: z.number().nullable(),
    /** Whether the line is on the order's bill: false once canceled while the bill was unpaid. */
    billed: z.boolean(),
    history: z.array(lineStatusHistoryEntrySchema),
  });
export type AdminOrderScreenLine = z.infer<typeof adminOrderScreenLineSchema>;

export const adminOrderSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  status: orderStatusSchema,
  status_name: z.string(),
  client: z.object({
    id: idSchema,
    /** The account's e-mail (the order's contact e-mail may differ). */
    account_email: z.string(),
    last_name: z.string(),
    first_name: z.string(),
    middle_name: z.string().nullable(),
    company_name: z.string().nullable(),
    email: z.string(),
    phone_number: z.string(),
  }),
  delivery_method: z.object({ name: z.string(), price: moneySchema, description: z.string() }),
  delivery_address: z.string().nullable(),
  desired_date: z.string().nullable(),
  desired_time: z.string().nullable(),
  comment: z.string().nullable(),
  lines: z.array(adminOrderScreenLineSchema),
  totals: z.object({
    /** Selling prices of the lines not canceled. */
    items: moneySchema,
    /** Purchase prices of the lines not canceled (lines without one count 0, see `purchase_unknown`). */
    purchase: moneySchema,
    margin: z.number(),
    margin_percent: z.number().nullable(),
    /** Some line not canceled has no purchase price: the margin is then not the whole truth. */
    purchase_unknown: z.boolean(),
    /** Selling prices of the canceled lines. */
    canceled: moneySchema,
    /** What the client owes now: the lines not canceled, plus delivery while any line remains. */
    due: moneySchema,
  }),
  /** The order's bill; null only for an order that has none. */
  bill: z
    .object({
      id: idSchema,
      price_sum: moneySchema,
      paid: z.boolean(),
      /** (issue 26) Its issued documents, oldest first; the last is the one the client has now. */
      revisions: z.array(billRevisionSchema),
    })
    .nullable(),
  /** A paid bill is never rewritten: what was paid above what is due now is owed back («К возврату клиенту»). */
  refund_due: moneySchema,
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderShowRequestSchema = z.object({ id: idSchema });

const lineIdSchema = z
  .int('Некорректный номер позиции')
  .positive('Некорректный номер позиции')
  .max(Number.MAX_SAFE_INTEGER, 'Некорректный номер позиции');

/** Many lines to one status, all or nothing, with an optional note that goes into each line's history. */
export const adminLineStatusRequestSchema = z.object({
  line_ids: z
    .array(lineIdSchema, { error: EMPTY_LINE_SELECTION_MESSAGE })
    .min(1, EMPTY_LINE_SELECTION_MESSAGE)
    .max(LINE_SELECTION_MAX, `Не больше ${LINE_SELECTION_MAX} позиций за раз`),
  status: orderStatusSchema,
  note: optionalText(LINE_NOTE_MAX_LENGTH),
});
export type AdminLineStatusRequest = z.infer<typeof adminLineStatusRequestSchema>;

/** One line canceled: its stock goes back, and it leaves an unpaid bill. */
export const adminLineCancelRequestSchema = z.object({
  line_id: lineIdSchema,
  note: optionalText(LINE_NOTE_MAX_LENGTH),
});
export type AdminLineCancelRequest = z.infer<typeof adminLineCancelRequestSchema>;

export const lineStatusChangeResultSchema = z.object({
  /** Lines whose status changed (a line already in the status is left as it is). */
  changed: z.array(
    z.object({ id: z.int().positive(), order_id: idSchema, from: orderStatusSchema, to: orderStatusSchema }),
  ),
  unchanged: z.array(z.int().positive()),
});
export type LineStatusChangeResult = z.infer<typeof lineStatusChangeResultSchema>;

/** What the back office's navigation counts (refreshed as the staff navigate). */
export const adminOrderCountsSchema = z.object({
  /** Lines in «Новый»: no one has taken them up yet. */
  new_lines: countSchema,
  /** Lines past their expected day and not yet ready, issued or canceled. */
  late_lines: countSchema,
});
export type AdminOrderCounts = z.infer<typeof adminOrderCountsSchema>;

/** A supplier by its real name, for the queue's filter. */
export const adminSupplierSchema = z.object({ id: idSchema, name: z.string() });
export type AdminSupplier = z.infer<typeof adminSupplierSchema>;
