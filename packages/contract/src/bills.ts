import { z } from 'zod';
import { perPageSchema } from './envelope.ts';
import { calendarDateSchema, dateRangeCheck, idSchema, isoDateTimeSchema } from './fields.ts';
import { moneySchema } from './money-schema.ts';
import { DATE_RANGE_MESSAGE } from './rules.ts';

/** Bills (contract-decisions.md section 7). Session required. */

/**
 * (beyond) One issued document of a bill (issue 26): revision 0 as first issued, then one per change of a bill
 * not wholly paid (a line canceled), each kept unchanged and downloadable.
 */
export const billRevisionSchema = z.object({
  revision: z.int().min(0),
  issued_at: isoDateTimeSchema,
  price_sum: moneySchema.meta({ description: "The revision's total at selling prices, as its PDF prints it" }),
});
export type BillRevision = z.infer<typeof billRevisionSchema>;

export const billSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  date_bill: isoDateTimeSchema,
  clients_shops_orders_id: idSchema,
  price_sum: moneySchema.meta({
    description:
      "The sum to pay: the order's `total_price` (the lines' selling prices times their quantities, plus delivery)",
  }),
  paid: z.boolean(),
  revision: z.int().min(0).meta({
    description: '(beyond) The revision the bill stands at: 0 as first issued, n once changed n times («изм. n»)',
  }),
  revisions: z.array(billRevisionSchema).meta({
    description:
      '(beyond) Every issued revision, oldest first; the last is the current one (empty before the first print of a bill issued before revisions existed)',
  }),
});
export type Bill = z.infer<typeof billSchema>;

/** Body of `client-bill-all-post`; the page is in the query. Null filter values mean "any". */
export const billListFiltersSchema = z
  .object({
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    paid: z.boolean().nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type BillListFilters = z.infer<typeof billListFiltersSchema>;

/** A revision's number in a request: a whole number, 0 or more (a bill is revised a few times at most). */
export const billRevisionNumberSchema = z.int({ error: 'Номер изменения счёта — целое число' }).min(0).max(1000);

export const billDownloadRequestSchema = z.object({
  billId: idSchema,
  /** (beyond) An earlier revision; without it, the bill as it stands. */
  revision: billRevisionNumberSchema.nullish(),
});
export type BillDownloadRequest = z.infer<typeof billDownloadRequestSchema>;

/** `Content-Disposition` file name of a bill's PDF. */

/** (beyond) `client-bill-summary-post` body: nothing to choose (the client is the session's); `{}`. */
export const billSummaryRequestSchema = z.object({});

/** (beyond) `client-bill-summary-post`: how many bills and for how much, all / paid / awaiting payment. */
const billTotalSchema = z.object({
  count: z.int().min(0),
  sum: moneySchema.meta({ description: "The sum of these bills' `price_sum` (selling prices plus delivery)" }),
});
export const billSummarySchema = z.object({
  total: billTotalSchema,
  paid: billTotalSchema,
  awaiting: billTotalSchema,
});
export type BillSummary = z.infer<typeof billSummarySchema>;

/** The seller's requisites printed on every bill (shop settings). */
export const shopRequisitesSchema = z.object({
  name: z.string(),
  inn: z.string(),
  kpp: z.string(),
  address: z.string(),
  bank_name: z.string(),
  bik: z.string(),
  settlement_account: z.string(),
  correspondent_account: z.string(),
});
export type ShopRequisites = z.infer<typeof shopRequisitesSchema>;

/** (beyond) `client-bill-payment-post` body: the bill to pay, or none for the requisites alone. */
export const billPaymentRequestSchema = z.object({ billId: idSchema.nullish() });
export type BillPaymentRequest = z.infer<typeof billPaymentRequestSchema>;

/**
 * (beyond) `client-bill-payment-post` answer: how to pay. With a bill: its payment purpose, the last day to pay
 * ('yyyy-mm-dd') and its payment QR code (ГОСТ Р 56042-2014) as text and as an SVG image.
 */
export const billPaymentSchema = z.object({
  requisites: shopRequisitesSchema,
  /** Percent, or null: the shop's prices carry no VAT. */
  vat_rate: z.number().nullable(),
  payment_term_days: z.int().min(0),
  bill: billSchema
    .extend({
      purpose: z.string(),
      pay_until: calendarDateSchema,
      qr_payload: z.string(),
      qr_svg: z.string(),
    })
    .nullable(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;
