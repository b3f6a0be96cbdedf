import { z } from 'zod';
import { toKopecks } from '@detal/contract';

/**
 * The parts of ABCP's answers the adapter relies on (decision 0047 lists them with their sources). Only those
 * fields are read; anything else in an answer is ignored. Numbers arrive as JSON numbers or as text (`"2"`,
 * `"2 040,74"` in order lists), ids as numbers or text; money is read exactly into kopecks, never as a float.
 */

const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : String(value)));

/** A decimal as JSON number or text with a comma or grouping spaces. */
function decimalText(value: string | number): string {
  return typeof value === 'number' ? String(value) : value.replace(/[\s\u00A0\u202F]/g, '').replace(',', '.');
}

const wholeNumber = z.union([z.number(), z.string()]).transform((value, context) => {
  const number = Number(decimalText(value));
  if (!Number.isInteger(number)) {
    context.addIssue({ code: 'custom', message: `not a whole number: ${String(value)}` });
    return z.NEVER;
  }
  return number;
});

const optionalNumber = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) => {
    if (value === null || value === undefined || value === '') return null;
    const number = Number(decimalText(value));
    return Number.isFinite(number) ? number : null;
  });

const kopecks = z.union([z.number(), z.string()]).transform((value, context) => {
  try {
    return toKopecks(value);
  } catch {
    context.addIssue({ code: 'custom', message: `not an amount: ${String(value)}` });
    return z.NEVER;
  }
});

/** One offer of `search/articles`. */
export const abcpArticleSchema = z.object({
  brand: text,
  number: text,
  description: optionalText,
  price: kopecks,
  /** Pieces; -1/-2/-3 mean "+", "++", "+++" (some, not counted), -10 "to order". */
  availability: optionalNumber,
  packing: optionalNumber,
  /** Hours. */
  deliveryPeriod: optionalNumber,
  deliveryPeriodMax: optionalNumber,
  distributorCode: optionalText,
  supplierDescription: optionalText,
  supplierCode: text,
  itemKey: z.string().min(1),
});
export type AbcpArticle = z.infer<typeof abcpArticleSchema>;

export const abcpSearchAnswerSchema = z.array(abcpArticleSchema);

/** `basket/add`: one result per position sent, in the order sent. */
export const abcpBasketAddAnswerSchema = z.object({
  status: wholeNumber,
  positions: z.array(
    z.object({
      brand: text,
      number: text,
      status: wholeNumber,
      errorMessage: optionalText,
    }),
  ),
});

/** `basket/content`: what the basket holds (only whether it is empty matters here). */
export const abcpBasketContentAnswerSchema = z.array(z.object({ brand: optionalText, number: optionalText }));

/** A list that PHP may send as an array or as an object keyed by number. */
function listOf<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item), z.record(z.string(), item)])
    .transform((value) => (Array.isArray(value) ? value : Object.values(value)) as z.output<T>[]);
}

/** A position of an order (`basket/order`, `orders/list`). */
export const abcpOrderPositionSchema = z
  .object({
    positionId: text.optional(),
    id: text.optional(),
    brand: text,
    number: text,
    itemKey: optionalText,
    supplierCode: optionalText,
    quantityOrdered: optionalNumber,
    quantity: wholeNumber,
    price: kopecks,
    status: optionalText,
    statusCode: optionalText,
    statusId: optionalText,
  })
  .transform((position, context) => {
    const positionId = position.positionId ?? position.id;
    if (positionId === undefined) {
      context.addIssue({ code: 'custom', message: 'a position without positionId' });
      return z.NEVER;
    }
    return { ...position, positionId };
  });
export type AbcpOrderPosition = z.infer<typeof abcpOrderPositionSchema>;

export const abcpOrderSchema = z.object({
  number: text,
  positions: listOf(abcpOrderPositionSchema).optional().default([]),
});

/** `basket/order`: status 0 may still come with orders made (some positions went). */
export const abcpBasketOrderAnswerSchema = z.object({
  status: wholeNumber,
  errorMessage: optionalText,
  orders: listOf(abcpOrderSchema).optional().default([]),
});

/**
 * `orders` (the account's orders, newest first, `skip`/`limit`, `format=p` with positions): `{ count, items }`;
 * only `clientOrderNumber` and the positions are read, to find an order placed before a crash.
 */
export const abcpOrdersPageAnswerSchema = z.object({
  count: optionalNumber,
  items: listOf(abcpOrderSchema.extend({ clientOrderNumber: optionalText })),
});

/** `orders/list`. */
export const abcpOrdersListAnswerSchema = listOf(abcpOrderSchema);

/** `basket/paymentMethods`, `basket/shipmentMethods`, `basket/shipmentAddresses`, `basket/shipmentOffices`. */
export const abcpIdNameListSchema = z.array(z.object({ id: text, name: optionalText }));

/** `orders/statuses`: the site's own position statuses (their ids are the status codes). */
export const abcpStatusesAnswerSchema = z.array(
  z.object({ id: text, name: optionalText, isFinalStatus: z.union([z.boolean(), z.number()]).optional() }),
);
