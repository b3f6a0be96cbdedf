import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, perPageSchema } from './envelope.ts';
import { calendarDateSchema, dateRangeCheck, idSchema, textSchema, whenMissing } from './fields.ts';
import { SALES_ROLES } from './payments.ts';
import {
  LEDGER_AMOUNT_DECIMALS_MESSAGE,
  LEDGER_AMOUNT_MESSAGE,
  LEDGER_AMOUNT_NEGATIVE_MESSAGE,
  LEDGER_AMOUNT_POSITIVE_MESSAGE,
  LEDGER_DEBTOR_SORTS,
  LEDGER_DEFERRAL_MESSAGE,
  LEDGER_ENTRY_KINDS,
  LEDGER_LIMIT_NEGATIVE_MESSAGE,
  LEDGER_PAYER_OR_INN_MESSAGE,
  LEDGER_REASON_MESSAGE,
  LEDGER_SIDES,
  LEDGER_TERMS_OWNER_MESSAGE,
} from './ledger-labels.ts';
import { RECONCILIATION_PERIOD_MESSAGE } from './reconciliation.ts';

/**
 * The client ledger (issue 31, decision 0054): one append-only ledger per payer (per client without one), credit
 * terms, the stop-list and the debtors. Money on the wire is a roubles string with two decimals ('1234.50'), never
 * a float; what comes in is checked here (at most two decimals, not negative where that means nothing).
 */

export * from './ledger-labels.ts';

/** (beyond, issue 31) Why an order will be held, in the words the client reads before placing it. */
export const CREDIT_HOLD_REASONS = ['prepay', 'limit', 'stop'] as const;
export const creditHoldSchema = z.object({
  reason: z.enum(CREDIT_HOLD_REASONS),
  message: z.string(),
});
export type CreditHold = z.infer<typeof creditHoldSchema>;
/** A hold's reason as the back office's queues mark a held order's lines. */
export const CREDIT_HOLD_NAMES: Record<CreditHold['reason'], string> = {
  prepay: 'Ждёт оплаты',
  stop: 'Стоп-лист',
  limit: 'Превышен лимит',
};

const MONEY_TEXT = /^-?\d{1,10}(\.\d+)?$/;

/** A roubles string: digits, at most two decimals; `allowZero` for limits, else > 0. */
const moneyText = (options: { allowZero: boolean; negativeMessage: string }) =>
  textSchema({ error: whenMissing(LEDGER_AMOUNT_MESSAGE) })
    .trim()
    .transform((value) => value.replace(',', '.'))
    .refine((value) => MONEY_TEXT.test(value), LEDGER_AMOUNT_MESSAGE)
    .refine((value) => !value.startsWith('-'), options.negativeMessage)
    .refine((value) => (value.split('.')[1] ?? '').length <= 2, LEDGER_AMOUNT_DECIMALS_MESSAGE)
    .refine((value) => options.allowZero || Number(value) > 0, LEDGER_AMOUNT_POSITIVE_MESSAGE)
    .meta({ description: "Roubles as a string, at most two decimals ('1234.50')" });

export const ledgerAmountSchema = moneyText({ allowZero: false, negativeMessage: LEDGER_AMOUNT_NEGATIVE_MESSAGE });
export const creditLimitSchema = moneyText({ allowZero: true, negativeMessage: LEDGER_LIMIT_NEGATIVE_MESSAGE });

const reasonSchema = textSchema({ error: whenMissing(LEDGER_REASON_MESSAGE) })
  .trim()
  .min(1, LEDGER_REASON_MESSAGE)
  .max(500, 'Должно содержать не более 500 символов');

/** Roubles with two decimals, as the answers give them. */
const moneyOut = z.string().meta({ description: "Roubles, two decimals ('1234.50'); negative for a debt" });

export const ledgerAccountSchema = z.object({
  id: idSchema,
  client_id: idSchema,
  payer_id: idSchema.nullable(),
  /** The payer's short name, or the client's name. */
  name: z.string(),
  /** Credits minus debits: negative is the client's debt, positive an advance. */
  balance: moneyOut,
  debt: moneyOut,
  overdue: moneyOut,
  /** The oldest open debit's due day; null when nothing is owed. */
  oldest_due: z.string().nullable(),
  stop: z.object({ kind: z.enum(['manual', 'auto']), reason: z.string(), at: z.string() }).nullable(),
});
export type LedgerAccount = z.infer<typeof ledgerAccountSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  side: z.enum(LEDGER_SIDES),
  amount: moneyOut,
  date: z.string(),
  due_on: z.string().nullable(),
  bill_id: z.number().int().nullable(),
  shipment_id: z.number().int().nullable(),
  reverses_id: z.number().int().nullable(),
  reversed: z.boolean(),
  reason: z.string(),
  /** The balance after this entry (all entries before it, in order). */
  running_balance: moneyOut,
  /** What is still open of a debit; null for a credit. */
  open: moneyOut.nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const creditTermsValuesSchema = z.object({
  credit_limit: creditLimitSchema.nullable(),
  deferral_days: z
    .int({ error: LEDGER_DEFERRAL_MESSAGE })
    .min(0, LEDGER_DEFERRAL_MESSAGE)
    .max(365, LEDGER_DEFERRAL_MESSAGE)
    .nullable(),
  prepay_required: z.boolean().nullable(),
});

const termsOwner = z
  .object({ client_id: idSchema.nullish(), group_id: idSchema.nullish() })
  .refine((value) => (value.client_id == null) !== (value.group_id == null), {
    message: LEDGER_TERMS_OWNER_MESSAGE,
    path: ['client_id'],
  });

export const creditTermsSchema = z.object({
  /** What was set on this client or group (null fields inherit). */
  own: z.object({
    credit_limit: moneyOut.nullable(),
    deferral_days: z.number().int().nullable(),
    prepay_required: z.boolean().nullable(),
  }),
  /** For a client: what applies after inheriting (no limit when null). */
  effective: z.object({
    credit_limit: moneyOut.nullable(),
    deferral_days: z.number().int(),
    prepay_required: z.boolean(),
  }),
});
export type CreditTerms = z.infer<typeof creditTermsSchema>;

/** (decision 0057) A page of a list: a ledger of thousands of entries, thousands of debtors. */
const ledgerPageFields = {
  page: z
    .int('Номер страницы должен быть целым числом')
    .min(1, 'Номер страницы начинается с 1')
    .max(1_000_000, 'Слишком большой номер страницы')
    .default(1),
  per_page: perPageSchema,
};

export const ledgerEntryListRequestSchema = z.object({
  account_id: idSchema,
  kind: z.enum(LEDGER_ENTRY_KINDS).nullish(),
  date_from: calendarDateSchema.nullish(),
  date_to: calendarDateSchema.nullish(),
  /** The newest entries first (the back office's screen); oldest first by default (as an act of reconciliation reads). */
  newest_first: z.boolean().default(false),
  ...ledgerPageFields,
});
export const ledgerEntryListSchema = z.object({
  account: ledgerAccountSchema,
  /** The page asked for, oldest first unless `newest_first`; the running balance counts every entry before, filtered out or not. */
  entries: z.array(ledgerEntrySchema),
  /** Entries passing the filters, on all pages. */
  total: z.int().min(0),
});

export const ledgerAdjustmentRequestSchema = z.object({
  account_id: idSchema,
  side: z.enum(LEDGER_SIDES),
  amount: ledgerAmountSchema,
  reason: reasonSchema,
});
export const ledgerReversalRequestSchema = z.object({
  entry_id: z.int().positive('Некорректный идентификатор'),
  reason: reasonSchema,
});
export const ledgerAdvanceRequestSchema = z
  .object({
    account_id: idSchema.nullish(),
    inn: z
      .string()
      .trim()
      .regex(/^(\d{10}|\d{12})$/, 'ИНН — 10 или 12 цифр')
      .nullish(),
    amount: ledgerAmountSchema,
    date: calendarDateSchema,
    reference: z.string().trim().max(200).nullish(),
  })
  .refine((value) => value.account_id != null || value.inn != null, {
    message: LEDGER_PAYER_OR_INN_MESSAGE,
    path: ['account_id'],
  });
export const ledgerStopRequestSchema = z.object({ account_id: idSchema, reason: reasonSchema });
export const ledgerStopLiftRequestSchema = z.object({ account_id: idSchema });
export const ledgerAccountListRequestSchema = z.object({ client_id: idSchema });

export const ledgerDebtorListRequestSchema = z.object({
  sort: z.enum(LEDGER_DEBTOR_SORTS).default('overdue'),
  /** Only those using more than 80 % of their limit, or overdue. */
  only_attention: z.boolean().default(false),
  ...ledgerPageFields,
});
export const ledgerDebtorSchema = z.object({
  account: ledgerAccountSchema,
  client_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  days_overdue: z.number().int(),
  credit_limit: moneyOut.nullable(),
  /** Debt over the limit in percent (null without a limit). */
  limit_used_percent: z.number().nullable(),
  limit_over_80: z.boolean(),
});
export type LedgerDebtor = z.infer<typeof ledgerDebtorSchema>;

export const ledgerUnmatchedLineSchema = z.object({
  id: idSchema,
  inn: z.string(),
  amount: moneyOut,
  date: z.string(),
  reference: z.string(),
});

/** The client's view: each of its ledgers with the limit, what is left, and what is overdue with due days. */
export const clientLedgerSchema = z.object({
  /** The shop's day ('yyyy-mm-dd', in the shop's time zone): what "overdue" is measured on, the act's default end. */
  today: z.string(),
  accounts: z.array(
    ledgerAccountSchema.extend({
      credit_limit: moneyOut.nullable(),
      /** What is left of the limit (never below zero, zero while the ledger is stopped); null without a limit. */
      available: moneyOut.nullable(),
      open_debits: z.array(
        z.object({ entry_id: z.number().int(), due_on: z.string(), open: moneyOut, overdue: z.boolean() }),
      ),
    }),
  ),
});
export type ClientLedger = z.infer<typeof clientLedgerSchema>;

const staffEndpoint = <B extends z.ZodType, R extends z.ZodType>(path: string, summary: string, body: B, response: R) =>
  ({
    method: 'POST',
    path,
    session: false,
    roles: SALES_ROLES,
    summary,
    tags: ['admin'],
    body,
    response: dataEnvelope(response),
  }) as const;

export const ledgerHoldSchema = z.object({
  order_id: idSchema,
  client_id: idSchema,
  reason: z.enum(CREDIT_HOLD_REASONS),
  message: z.string(),
  created_at: z.string(),
  total_price: moneyOut,
});

/** The reconciliation act (акт сверки) of one ledger for a period: both days included. */
export const reconciliationRequestSchema = z
  .object({
    /** The ledger: a payer's, or the client's own (`client-ledger-post` lists them with their ids). */
    account_id: idSchema,
    date_from: calendarDateSchema,
    date_to: calendarDateSchema,
  })
  .refine(dateRangeCheck, { message: RECONCILIATION_PERIOD_MESSAGE, path: ['date_to'] });
export type ReconciliationRequest = z.infer<typeof reconciliationRequestSchema>;

export const ledgerAdminEndpoints = defineEndpoints({
  'ledger-reconciliation-download': {
    method: 'POST',
    path: 'ledger-reconciliation-download',
    session: false,
    roles: SALES_ROLES,
    summary: "A ledger's reconciliation act (акт сверки) for a period as a PDF",
    tags: ['admin'],
    body: reconciliationRequestSchema,
    response: 'pdf',
  },
  'ledger-hold-list': staffEndpoint(
    'ledger-hold-list',
    'Orders held by the credit check, waiting for payment or release',
    z.object({}),
    z.object({ holds: z.array(ledgerHoldSchema) }),
  ),
  'ledger-hold-release': staffEndpoint(
    'ledger-hold-release',
    'Release a held order: its lines go to work',
    z.object({ order_id: idSchema }),
    z.object({ order_id: idSchema }),
  ),
  'ledger-account-list': staffEndpoint(
    'ledger-account-list',
    "A client's ledgers (one per payer, and its own) with balance, debt, overdue and stop-list",
    ledgerAccountListRequestSchema,
    z.object({ accounts: z.array(ledgerAccountSchema) }),
  ),
  'ledger-entry-list': staffEndpoint(
    'ledger-entry-list',
    "A ledger's entries, oldest first, with the running balance; filtered by kind and dates",
    ledgerEntryListRequestSchema,
    ledgerEntryListSchema,
  ),
  'ledger-adjustment-create': staffEndpoint(
    'ledger-adjustment-create',
    'A staff adjustment (debit or credit) with a reason, audited',
    ledgerAdjustmentRequestSchema,
    ledgerEntrySchema,
  ),
  'ledger-reversal-create': staffEndpoint(
    'ledger-reversal-create',
    'Reverse an entry (once) with a reason: the mistake stays, cancelled by its mirror',
    ledgerReversalRequestSchema,
    ledgerEntrySchema,
  ),
  'ledger-advance-create': staffEndpoint(
    'ledger-advance-create',
    'Money that names no bill: an advance on the payer chosen or found by INN',
    ledgerAdvanceRequestSchema,
    ledgerEntrySchema,
  ),
  'ledger-terms-get': staffEndpoint(
    'ledger-terms-get',
    "A client's or a group's credit terms (limit, deferral, prepayment), own and effective",
    termsOwner,
    creditTermsSchema,
  ),
  'ledger-terms-set': staffEndpoint(
    'ledger-terms-set',
    "Set a client's override or a group's default credit terms (null inherits)",
    z.intersection(termsOwner, creditTermsValuesSchema),
    creditTermsSchema,
  ),
  'ledger-stop-set': staffEndpoint(
    'ledger-stop-set',
    'Put a ledger on the stop-list with a reason: its new orders are held',
    ledgerStopRequestSchema,
    ledgerAccountSchema,
  ),
  'ledger-stop-lift': staffEndpoint(
    'ledger-stop-lift',
    'Lift the stop-list',
    ledgerStopLiftRequestSchema,
    ledgerAccountSchema,
  ),
  'ledger-debtor-list': staffEndpoint(
    'ledger-debtor-list',
    'Debtors: overdue debt, days overdue, limit used over 80 %, with contacts; sortable',
    ledgerDebtorListRequestSchema,
    // total: debtors on all pages (decision 0057)
    z.object({ debtors: z.array(ledgerDebtorSchema), total: z.int().min(0) }),
  ),
  'ledger-unmatched-list': staffEndpoint(
    'ledger-unmatched-list',
    'Statement lines naming no bill whose INN no payer has, waiting for staff',
    z.object({}),
    z.object({ lines: z.array(ledgerUnmatchedLineSchema) }),
  ),
  'ledger-unmatched-match': staffEndpoint(
    'ledger-unmatched-match',
    'Put a listed statement line on the ledger staff chose, as an advance (once)',
    z.object({ line_id: idSchema, account_id: idSchema }),
    ledgerEntrySchema,
  ),
});
