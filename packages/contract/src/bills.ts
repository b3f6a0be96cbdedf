import { z } from 'zod';
import { perPageSchema } from './envelope.ts';
import { calendarDateSchema, DATE_RANGE_MESSAGE, dateRangeCheck, idSchema, isoDateTimeSchema } from './fields.ts';
import { moneySchema } from './money.ts';

/** Bills (contract-decisions.md section 7). Session required. */

export const billSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  date_bill: isoDateTimeSchema,
  clients_shops_orders_id: idSchema,
  price_sum: moneySchema,
  paid: z.boolean(),
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

export const billDownloadRequestSchema = z.object({ billId: idSchema });
export type BillDownloadRequest = z.infer<typeof billDownloadRequestSchema>;

/** `Content-Disposition` file name of a bill's PDF. */
export const billFileName = (id: number): string => `schet-${id}.pdf`;
