import { z } from 'zod';
import { billRevisionNumberSchema } from './bills.ts';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList, perPageSchema } from './envelope.ts';
import {
  calendarDateSchema,
  dateRangeCheck,
  idSchema,
  isoDateTimeSchema,
  optionalText,
  textSchema,
  whenMissing,
} from './fields.ts';
import { isExactMoney } from './money.ts';
import { moneySchema } from './money-schema.ts';
import type { StaffRole } from './staff.ts';
import { DATE_RANGE_MESSAGE } from './rules.ts';

/**
 * Payments of the back office (issue 14, point 5): money received against a bill, typed in by staff or read from
 * the bank's statement (1C exchange format). A bill is paid when its payments cover its total, partly paid before.
 */

/** Orders, payments and clients: the manager's work, and the owner's. */
export const SALES_ROLES: readonly StaffRole[] = ['owner', 'manager'];

export const PAYMENT_SOURCES = ['manual', 'statement', 'cli'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];
export const PAYMENT_SOURCE_LABELS: Record<PaymentSource, string> = {
  manual: 'вручную',
  statement: 'выписка',
  cli: 'командная строка',
};

export const BILL_STATES = ['unpaid', 'partly_paid', 'paid'] as const;
export type BillState = (typeof BILL_STATES)[number];
/** «Оплачен» only when covered; the client's /bills says «Ждем оплаты» for the other two. */
export const BILL_STATE_LABELS: Record<BillState, string> = {
  unpaid: 'Ждем оплаты',
  partly_paid: 'Оплачен частично',
  paid: 'Оплачен',
};

/** The largest amount NUMERIC(12,2) holds. */
export const PAYMENT_AMOUNT_MAX = 9_999_999_999.99;
export const PAYMENT_AMOUNT_POSITIVE_MESSAGE = 'Сумма платежа должна быть больше нуля';
export const PAYMENT_AMOUNT_DECIMALS_MESSAGE = 'Сумма должна содержать не более двух знаков после запятой';
export const PAYMENT_DATE_FUTURE_MESSAGE = 'Дата платежа не может быть в будущем';
export const PAYMENT_BILL_NOT_FOUND_MESSAGE = 'Счёт не найден';
export const PAYMENT_OVER_REMAINING_MESSAGE = 'Сумма больше остатка по счёту';
export const PAYMENT_BILL_PAID_MESSAGE = 'Счёт уже оплачен полностью';

/** A payment's amount in roubles: > 0, at most two decimals, within NUMERIC(12,2). */
export const paymentAmountSchema = z
  .number({ error: whenMissing('Введите сумму платежа') })
  .refine((value) => value > 0, PAYMENT_AMOUNT_POSITIVE_MESSAGE)
  .refine(isExactMoney, PAYMENT_AMOUNT_DECIMALS_MESSAGE)
  .refine((value) => value <= PAYMENT_AMOUNT_MAX, 'Слишком большая сумма');

export const paymentRecordRequestSchema = z.object({
  bill_id: idSchema,
  amount: paymentAmountSchema,
  /** The day the money arrived, in the shop's time zone; not after today. */
  date: calendarDateSchema,
  /** The payment order's number, the payer: whatever helps find it later. */
  reference: optionalText(200),
});
export type PaymentRecordRequest = z.infer<typeof paymentRecordRequestSchema>;

/** (issue 26) A bill's PDF for the back office: the current revision, or an earlier one. */
export const adminBillDownloadRequestSchema = z.object({
  bill_id: idSchema,
  revision: billRevisionNumberSchema.nullish(),
});
export type AdminBillDownloadRequest = z.infer<typeof adminBillDownloadRequestSchema>;

/** A bill as the back office sees it: who, how much, how much is paid, and its state. */
export const adminBillSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  client_id: idSchema,
  client_name: z.string(),
  date_bill: isoDateTimeSchema,
  price_sum: moneySchema,
  paid_sum: moneySchema,
  /** What is left to pay (0 when covered). */
  remaining: moneySchema,
  state: z.enum(BILL_STATES),
  paid_at: isoDateTimeSchema.nullable(),
});
export type AdminBill = z.infer<typeof adminBillSchema>;

export const paymentSchema = z.object({
  id: idSchema,
  bill_id: idSchema,
  order_id: idSchema,
  client_id: idSchema,
  client_name: z.string(),
  amount: moneySchema,
  date: calendarDateSchema,
  reference: z.string(),
  source: z.enum(PAYMENT_SOURCES),
  staff_email: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentRecordedSchema = z.object({ payment: paymentSchema, bill: adminBillSchema });
export type PaymentRecorded = z.infer<typeof paymentRecordedSchema>;

/** Filters of the payments list; dates are the payments' days, both ends included. */
export const paymentListFiltersSchema = z
  .object({
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    bill_id: idSchema.nullish(),
    client_id: idSchema.nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type PaymentListFilters = z.infer<typeof paymentListFiltersSchema>;

/** Filters of the back office's bill list; dates are the bills' days in the shop's time zone. */
export const adminBillListFiltersSchema = z
  .object({
    state: z.enum(BILL_STATES, { error: 'Неизвестное состояние оплаты' }).nullish(),
    bill_id: idSchema.nullish(),
    client_id: idSchema.nullish(),
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type AdminBillListFilters = z.infer<typeof adminBillListFiltersSchema>;

/*
 * Bank statements in the 1C exchange format. The file travels base64 in a JSON field (the API is JSON only; the
 * request stays under BODY_LIMIT, 1 MiB by default: a statement of about 700 KB, thousands of payments).
 */

export const STATEMENT_FILE_REQUIRED_MESSAGE = 'Выберите файл выписки';
/** 1 MiB of base64 text before the server's body limit: about 768 KB of file. */
export const STATEMENT_BASE64_MAX_LENGTH = 8 * 1024 * 1024;

export const statementImportRequestSchema = z.object({
  file_name: optionalText(255),
  content_base64: textSchema({ error: whenMissing(STATEMENT_FILE_REQUIRED_MESSAGE) })
    .min(1, STATEMENT_FILE_REQUIRED_MESSAGE)
    .max(STATEMENT_BASE64_MAX_LENGTH, 'Файл выписки слишком большой')
    .regex(/^[A-Za-z0-9+/=\s]*$/, 'Файл выписки передан в неверном виде'),
});
export type StatementImportRequest = z.infer<typeof statementImportRequestSchema>;

/** One incoming payment of a statement, as read from its document section. */
export const statementLineSchema = z.object({
  number: textSchema().trim().min(1).max(64),
  /** The payment order's date (yyyy-mm-dd). */
  date: calendarDateSchema,
  /** The day the money reached the shop's account (ДатаПоступило, or the document's date). */
  received_on: calendarDateSchema,
  amount: paymentAmountSchema,
  payer: textSchema().max(500),
  payer_inn: textSchema().max(12),
  payer_account: textSchema().max(34),
  /** The shop's account the money arrived on. */
  account: textSchema().max(34),
  purpose: textSchema().max(1000),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const STATEMENT_UNMATCHED_REASONS = [
  'no_bill_number',
  'bill_not_found',
  'partial_amount',
  'amount_mismatch',
  'bill_paid',
] as const;
export type StatementUnmatchedReason = (typeof STATEMENT_UNMATCHED_REASONS)[number];
export const STATEMENT_UNMATCHED_REASON_LABELS: Record<StatementUnmatchedReason, string> = {
  no_bill_number: 'В назначении платежа нет номера счёта',
  bill_not_found: 'Счёта с таким номером нет',
  partial_amount: 'Сумма меньше остатка по счёту: частичная оплата подтверждается вручную',
  amount_mismatch: 'Сумма больше остатка по счёту',
  bill_paid: 'Счёт уже оплачен',
};

export const statementImportResultSchema = z.object({
  /** Every document section of the file. */
  documents: z.int().min(0),
  /** Money the shop paid out (or moved between its own accounts): not payments to record. */
  ignored_outgoing: z.int().min(0),
  recorded: z.array(z.object({ line: statementLineSchema, payment: paymentSchema })),
  /** Recorded by an earlier import (or by hand from an earlier import): nothing written again. */
  already_recorded: z.array(z.object({ line: statementLineSchema, bill_id: idSchema })),
  unmatched: z.array(
    z.object({
      line: statementLineSchema,
      reason: z.enum(STATEMENT_UNMATCHED_REASONS),
      /** The bill the purpose names, when there is one. */
      bill_id: idSchema.nullable(),
      /**
       * A match found by the payer: exactly one client has the payer's INN and exactly one of its open bills has
       * the amount left to pay. Proposed, not recorded: staff confirm it (statement-line-record).
       */
      proposal: z
        .object({ bill_id: idSchema, client_id: idSchema, client_name: z.string(), inn: z.string() })
        .nullable(),
    }),
  ),
  /**
   * (issue 31) Lines naming no bill that the client ledger took as an advance on the payer (or client) their INN
   * names: no longer unmatched; a later import of the same document lists them here again, written once.
   */
  advances: z.array(
    z.object({
      line: statementLineSchema,
      account_id: idSchema,
      client_id: idSchema,
      /** The payer's short name, or the client's name. */
      name: z.string(),
    }),
  ),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

/** An unmatched statement line recorded by hand against the bill staff chose. */
export const statementLineRecordRequestSchema = z.object({
  bill_id: idSchema,
  line: statementLineSchema,
});
export type StatementLineRecordRequest = z.infer<typeof statementLineRecordRequestSchema>;

export const paymentAdminEndpoints = defineEndpoints({
  'payment-record': {
    method: 'POST',
    path: 'payment-record',
    session: false,
    roles: SALES_ROLES,
    summary: 'Record a payment against a bill (amount, date, reference); the bill is paid once covered',
    tags: ['admin'],
    body: paymentRecordRequestSchema,
    response: dataEnvelope(paymentRecordedSchema),
  },
  'payment-list': {
    method: 'POST',
    path: 'payment-list',
    session: false,
    roles: SALES_ROLES,
    summary: 'Payments, newest first, filtered by date, bill and client, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: paymentListFiltersSchema,
    response: dataEnvelope(paginatedList(paymentSchema)),
  },
  'bill-download': {
    method: 'POST',
    path: 'bill-download',
    session: false,
    roles: SALES_ROLES,
    summary: "A bill's PDF as the client has it: the current revision, or an earlier one by its number",
    tags: ['admin'],
    body: adminBillDownloadRequestSchema,
    response: 'pdf',
  },
  'bill-list': {
    method: 'POST',
    path: 'bill-list',
    session: false,
    roles: SALES_ROLES,
    summary: 'Bills with their paid sum and state (paid, partly paid, unpaid), newest first, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: adminBillListFiltersSchema,
    response: dataEnvelope(paginatedList(adminBillSchema)),
  },
  'statement-import': {
    method: 'POST',
    path: 'statement-import',
    session: false,
    roles: SALES_ROLES,
    summary:
      'Import a bank statement (1C exchange format, base64): incoming payments matched to bills by number and ' +
      'amount are recorded, once; the rest come back unmatched',
    tags: ['admin'],
    body: statementImportRequestSchema,
    response: dataEnvelope(statementImportResultSchema),
  },
  'statement-line-record': {
    method: 'POST',
    path: 'statement-line-record',
    session: false,
    roles: SALES_ROLES,
    summary: 'Record an unmatched statement line against the bill staff chose (once per statement document)',
    tags: ['admin'],
    body: statementLineRecordRequestSchema,
    response: dataEnvelope(paymentRecordedSchema),
  },
});
