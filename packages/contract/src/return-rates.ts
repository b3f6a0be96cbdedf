import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList } from './envelope.ts';
import { countSchema, idSchema } from './fields.ts';
import { SALES_ROLES } from './payments.ts';

/**
 * Returns teach the catalogue (issue 32, point 6; decision 0065). A «не подошла» return of a line bought as an
 * analog counts against its pair (the part searched and the analog bought); a «брак» return against the line's
 * brand and supplier. The back office lists pairs, brands and suppliers by return rate and withdraws a pair; search
 * lists a withdrawn pair's analog, or one over the threshold, below the other analogs.
 */

export const RETURN_RATE_PAIR_NOT_FOUND_MESSAGE = 'Пара аналогов не найдена';
export const RETURN_RATE_PERCENT_MESSAGE = 'Порог возвратов: от 1 до 100 %';
export const RETURN_RATE_MIN_PURCHASES_MESSAGE = 'Минимум покупок: целое число от 1';

/** The threshold when the shop sets none: over 20 % of at least 10 purchases. */
export const RETURN_RATE_DEFAULT_MAX_PERCENT = 20;
export const RETURN_RATE_DEFAULT_MIN_PURCHASES = 10;

export const RETURN_RATE_KINDS = ['pair', 'brand', 'supplier'] as const;
export type ReturnRateKind = (typeof RETURN_RATE_KINDS)[number];
export const RETURN_RATE_KIND_NAMES: Record<ReturnRateKind, string> = {
  pair: 'Пары аналогов',
  brand: 'Бренды',
  supplier: 'Поставщики',
};

export const RETURN_RATE_SORTS = ['rate', 'returns', 'purchases'] as const;
export type ReturnRateSort = (typeof RETURN_RATE_SORTS)[number];

export const returnRateThresholdSchema = z.object({
  max_percent: z
    .number({ error: RETURN_RATE_PERCENT_MESSAGE })
    .min(1, RETURN_RATE_PERCENT_MESSAGE)
    .max(100, RETURN_RATE_PERCENT_MESSAGE)
    .meta({ description: 'A pair whose «не подошла» returns exceed this percent of its purchases is listed lower' }),
  min_purchases: z
    .int32({ error: RETURN_RATE_MIN_PURCHASES_MESSAGE })
    .min(1, RETURN_RATE_MIN_PURCHASES_MESSAGE)
    .max(1_000_000, RETURN_RATE_MIN_PURCHASES_MESSAGE)
    .meta({ description: 'Purchases a pair needs before its rate counts' }),
});
export type ReturnRateThreshold = z.infer<typeof returnRateThresholdSchema>;

export const returnRateListRequestSchema = z.object({
  kind: z.enum(RETURN_RATE_KINDS, { error: 'Что показать: pair, brand или supplier' }).default('pair'),
  sort: z.enum(RETURN_RATE_SORTS, { error: 'Сортировка: rate, returns или purchases' }).default('rate'),
});
export type ReturnRateListRequest = z.infer<typeof returnRateListRequestSchema>;

export const returnRateRowSchema = z.object({
  kind: z.enum(RETURN_RATE_KINDS),
  /** The pair's id (withdraw it by this), the supplier's id; null for a brand. */
  id: idSchema.nullable(),
  /** «MANN W 712/75 ↔ BOSCH 0451103316», a brand's name, a supplier's name. */
  name: z.string(),
  purchases: countSchema.meta({ description: 'Order lines bought (pairs: bought as this analog)' }),
  returns: countSchema.meta({
    description: 'Returns received: «не подошла» for pairs, «брак» for brands and suppliers',
  }),
  /** returns / purchases in percent, one decimal; null with no purchase counted. */
  return_percent: z.number().nullable(),
  /** Pairs: withdrawn by staff; false for brands and suppliers. */
  withdrawn: z.boolean(),
  /** Pairs: over the threshold (or withdrawn), so listed below the other analogs in search. */
  demoted: z.boolean(),
});
export type ReturnRateRow = z.infer<typeof returnRateRowSchema>;

export const returnRatePairWithdrawRequestSchema = z.object({
  pair_id: idSchema,
  withdrawn: z.boolean({ error: 'Укажите, снять пару или вернуть' }),
});
export type ReturnRatePairWithdrawRequest = z.infer<typeof returnRatePairWithdrawRequestSchema>;

const staffRates = <T extends z.ZodType, R extends z.ZodType>(summary: string, body: T, response: R) => ({
  method: 'POST' as const,
  session: false,
  roles: SALES_ROLES,
  summary,
  tags: ['admin'] as const,
  body,
  response: dataEnvelope(response),
});

export const returnRateAdminEndpoints = defineEndpoints({
  'return-rate-list': {
    ...staffRates(
      'Analog pairs, brands or suppliers by return rate (or returns, or purchases), highest first, paginated',
      returnRateListRequestSchema,
      paginatedList(returnRateRowSchema),
    ),
    path: 'return-rate-list',
    query: pageQuerySchema,
  },
  'return-rate-pair-withdraw': {
    ...staffRates(
      'Withdraw an analog pair (search lists it below the other analogs) or restore it; audited',
      returnRatePairWithdrawRequestSchema,
      returnRateRowSchema,
    ),
    path: 'return-rate-pair-withdraw',
  },
  'return-rate-threshold': {
    ...staffRates(
      'The return-rate threshold over which a pair is listed lower',
      z.object({}),
      returnRateThresholdSchema,
    ),
    path: 'return-rate-threshold',
  },
  'return-rate-threshold-save': {
    ...staffRates(
      'Set the return-rate threshold (percent and minimum purchases); audited',
      returnRateThresholdSchema,
      returnRateThresholdSchema,
    ),
    path: 'return-rate-threshold-save',
  },
});
