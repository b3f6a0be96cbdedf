import { z } from 'zod';
import { creditHoldSchema } from './ledger.ts';
import { basketIdSchema, basketItemSchema, basketRefSchema } from './basket.ts';
import { deliveryAddressSchema, russianPhoneSchema } from './clients.ts';
import { perPageSchema } from './envelope.ts';
import {
  calendarDateSchema,
  countSchema,
  dateRangeCheck,
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  optionalText,
  requiredText,
  timeInputSchema,
} from './fields.ts';
import { moneySchema } from './money-schema.ts';
import { ORDER_STATUSES } from './order-status.ts';
import { REPLACEMENT_BOTH_MESSAGE, REPLACEMENT_DAYS_MESSAGE, REPLACEMENT_PERCENT_MESSAGE } from './order-form.ts';
import { payerRequisitesSchema, payerSchema } from './payers.ts';
import { DATE_RANGE_MESSAGE } from './rules.ts';

/** Orders: two-step checkout, list and detail (contract-decisions.md section 6). Session required. */

export const orderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Неизвестный статус заказа' });

export const deliveryMethodSchema = z.object({
  id: idSchema,
  name: z.string(),
  price: moneySchema.meta({
    description:
      "The shop's price of this delivery method in roubles, the same for every client (pricing profiles price parts, not delivery)",
  }),
  description: z.string(),
});
export type DeliveryMethod = z.infer<typeof deliveryMethodSchema>;

/**
 * (beyond) A method offered in step 1, priced for this order: `needs_address` tells the step-2 form whether it
 * must ask for a delivery address (pick-up does not).
 */
export const checkoutDeliveryMethodSchema = deliveryMethodSchema.extend({ needs_address: z.boolean() });
export type CheckoutDeliveryMethod = z.infer<typeof checkoutDeliveryMethodSchema>;

/**
 * (beyond) Optional request header of step 2: submissions carrying the same key are one order. Without it, the
 * same basket lines are one submission.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/** Step 2's own header, for the API docs (the handler checks its length and answers 422 on a bad one). */
export const step2HeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: z
    .string()
    .optional()
    .describe(
      `The same key on a repeated submission (a double click, a retry) answers the order it created; ` +
        `1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
    ),
});

/** Contact data of the client prefilled into the step-2 form. */
export const preorderContactSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string().nullable(),
  company_name: z.string().nullable(),
  phone_number: z.string(),
});
export type PreorderContact = z.infer<typeof preorderContactSchema>;

/** Step 1's answer: what the order will be, and what the step-2 form needs. */
export const preorderSchema = z.object({
  shop_id: idSchema,
  client_shops_id: idSchema,
  /** Lines. */
  count_position_item: countSchema,
  count_total_price_item: moneySchema.meta({
    description:
      "The chosen lines' selling prices for this client times their quantities, summed (goods only, without delivery); never purchase prices",
  }),
  basket_id: basketIdSchema,
  items: z.array(basketItemSchema),
  delivery_method: z.array(checkoutDeliveryMethodSchema),
  client_shops: preorderContactSchema,
  client_shops_delivery_address: z.array(deliveryAddressSchema),
  /** (beyond, issue 30) The client's active payers, the default first (step 2 preselects it); empty for a person. */
  payers: z.array(payerSchema),
  /**
   * (beyond, issue 31) The credit check: null, or why the order will be accepted and held until its bill is paid
   * (the debt, on the stop-list) or staff release it («Заказ будет передан в работу после оплаты счёта» / «…после
   * оплаты долга» / «Превышен кредитный лимит»).
   */
  credit_hold: creditHoldSchema.nullable(),
});
export type Preorder = z.infer<typeof preorderSchema>;

const itemsForOrderSchema = z
  .array(idSchema, { error: 'Выберите позиции для заказа' })
  .min(1, 'Выберите позиции для заказа')
  .max(1000, 'Слишком много позиций в одном заказе');

export const step1RequestSchema = basketRefSchema.extend({
  /** Basket item ids. */
  itemsForOrder: itemsForOrderSchema,
});
export type Step1Request = z.infer<typeof step1RequestSchema>;

/** The note of a line re-sourced by itself within the client's tolerance (the audit log, the client's e-mail). */
export const AUTO_REPLACEMENT_NOTE = 'автозамена в пределах допуска';

export const step2RequestSchema = basketRefSchema
  .extend({
    itemsForOrder: itemsForOrderSchema,
    client_shops_email: emailSchema,
    first_name: requiredText(100, 'Введите имя'),
    last_name: requiredText(100, 'Введите фамилию'),
    middle_name: optionalText(100),
    company_name: optionalText(200),
    /** Normalized to +7XXXXXXXXXX like the account's phone. */
    phone_number: russianPhoneSchema,
    delivery_method_id: idSchema,
    /** A saved address; or a new one in `delivery_address`. Whether one is needed depends on the method. */
    delivery_address_id: idSchema.nullish(),
    delivery_address: optionalText(500),
    /** 'yyyy-mm-dd'; that it is not in the past is checked by the server in the shop's time zone. */
    desired_date: calendarDateSchema.nullish(),
    /** Any form of the spec's time input, delivered as 24-hour 'HH:mm[:ss]'. */
    desired_time: timeInputSchema.nullish(),
    comment: optionalText(1000),
    /**
     * (beyond, issue 30) The payer the order is billed to: one of the client's active payers (404 otherwise);
     * absent, the client buys as a person, as before.
     */
    payer_id: idSchema.nullish().transform((value) => value ?? null),
    /**
     * (beyond, issue 29) The replacement the client accepts should the supplier refuse a line: a price up to this
     * many percent above the line's, 0–20. With `replacement_max_extra_days`, both or neither; absent, no
     * replacement happens by itself (a refused line waits for the manager, as before).
     */
    replacement_max_price_percent: z
      .number({ error: REPLACEMENT_PERCENT_MESSAGE })
      .int(REPLACEMENT_PERCENT_MESSAGE)
      .min(0, REPLACEMENT_PERCENT_MESSAGE)
      .max(20, REPLACEMENT_PERCENT_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
    /** (beyond, issue 29) …and ready up to this many days later than the line's delivery, 0–14. */
    replacement_max_extra_days: z
      .number({ error: REPLACEMENT_DAYS_MESSAGE })
      .int(REPLACEMENT_DAYS_MESSAGE)
      .min(0, REPLACEMENT_DAYS_MESSAGE)
      .max(14, REPLACEMENT_DAYS_MESSAGE)
      .nullish()
      .transform((value) => value ?? null),
  })
  .refine((value) => (value.replacement_max_price_percent === null) === (value.replacement_max_extra_days === null), {
    message: REPLACEMENT_BOTH_MESSAGE,
    path: ['replacement_max_extra_days'],
  })
  .refine((value) => value.delivery_address_id == null || value.delivery_address === null, {
    message: 'Выберите сохранённый адрес или введите новый, но не оба',
    path: ['delivery_address'],
  });
export type Step2Request = z.infer<typeof step2RequestSchema>;

/** Step 2's answer: `data.orderForClient`. */
export const orderForClientSchema = z.object({ id: idSchema });
export type OrderForClient = z.infer<typeof orderForClientSchema>;

export const orderLineSchema = z.object({
  id: idSchema,
  article: z.string(),
  brand_name: z.string(),
  description: z.string(),
  supplier_name: z.string().nullable().meta({
    description: "The supplier's display name as the client saw it when ordering, never the supplier's real name",
  }),
  delivery: countSchema.nullable(),
  /** Price per piece when ordered. */
  price: moneySchema.meta({
    description:
      "Selling price of one piece when the order was placed, for this client (their group's profile and personal discount then); fixed with the order whatever the rules become. Never the purchase price",
  }),
  /** Pieces ordered. */
  quantity: countSchema,
  status: orderStatusSchema,
  status_name: z.string(),
  /**
   * (beyond, issue 29) The day the line is expected ready, 'yyyy-mm-dd': the order's day plus the line's delivery
   * days on the shop's working calendar (as the back office's queue counts it); null when the days are unknown.
   */
  expected_day: calendarDateSchema.nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  status: orderStatusSchema,
  status_name: z.string(),
  /** The method chosen, with its price at the time of the order. */
  delivery_method: deliveryMethodSchema,
  delivery_address: z.string().nullable(),
  /** 'yyyy-mm-dd' */
  desired_date: z.string().nullable(),
  /** 24-hour 'HH:mm' or 'HH:mm:ss' */
  desired_time: z.string().nullable(),
  comment: z.string().nullable(),
  /** What the order's bill asks for. */
  total_price: moneySchema.meta({
    description:
      "What the order's bill asks for: the lines' selling prices times their quantities, plus the delivery method's price",
  }),
  /** Lines. */
  count_position: countSchema,
  items: z.array(orderLineSchema),
  /** (beyond) The order's bill (for its link and download); null only for an order that has none. */
  bill_id: idSchema.nullable(),
  /** (beyond, issue 30) The payer's requisites as recorded when ordered; null for a person's order. */
  payer: payerRequisitesSchema.nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** Body of `show-client-all-orders-post`; the page is in the query. Null filter values mean "any". */
export const orderListFiltersSchema = z
  .object({
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    status: orderStatusSchema.nullish(),
    id: idSchema.nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type OrderListFilters = z.infer<typeof orderListFiltersSchema>;

export const orderShowRequestSchema = z.object({ id: idSchema });
export type OrderShowRequest = z.infer<typeof orderShowRequestSchema>;
