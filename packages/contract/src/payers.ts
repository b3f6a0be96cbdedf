import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, successSchema } from './envelope.ts';
import { idSchema, isoDateTimeSchema, textSchema } from './fields.ts';
import {
  PAYER_KINDS,
  type PayerField,
  type PayerKind,
  type PayerRequisites,
  compactKpp,
  compactNumber,
  payerRequisitesErrors,
} from './requisites.ts';
import type { StaffRole } from './staff.ts';

/**
 * Payers (issue 30, decision 0052): the companies and sole traders a client buys for. A client account holds any
 * number of them; one is the default that checkout preselects; an order records the payer chosen (its id and its
 * requisites as they were), and the bill names it. The requisites are checked by requisites.ts, the same code as
 * the shop's own. A payer on an order is never rewritten: an edit of its requisites makes a new version (a new
 * id; the old one is archived and points at it), so every issued document keeps naming what it named.
 */

export const PAYER_NOT_FOUND_MESSAGE = 'Плательщик не найден';
export const PAYER_ARCHIVED_MESSAGE = 'Плательщик в архиве: выберите другого';
export const PAYER_LIMIT_MESSAGE = 'Не более 20 плательщиков у одного клиента';
/** How many active payers one account may hold. */
export const PAYER_MAX_ACTIVE = 20;

export const payerKindSchema = z.enum(PAYER_KINDS);

/** The fields as a form sends them: text, numbers with spaces allowed; checked all at once (one message a field). */
const payerFieldsShape = {
  kind: textSchema().max(20).nullish(),
  full_name: textSchema().max(2000).nullish(),
  short_name: textSchema().max(2000).nullish(),
  inn: textSchema().max(100).nullish(),
  kpp: textSchema().max(100).nullish(),
  ogrn: textSchema().max(100).nullish(),
  legal_address: textSchema().max(2000).nullish(),
  bank_name: textSchema().max(2000).nullish(),
  bik: textSchema().max(100).nullish(),
  correspondent_account: textSchema().max(100).nullish(),
  settlement_account: textSchema().max(100).nullish(),
};

type PayerFieldsInput = { [K in keyof typeof payerFieldsShape]?: string | null | undefined };

function checkPayer(value: PayerFieldsInput, context: z.RefinementCtx, prefix: (string | number)[] = []) {
  const errors = payerRequisitesErrors({
    ...value,
    kind: value.kind ?? '',
  } as Parameters<typeof payerRequisitesErrors>[0]);
  for (const [field, message] of Object.entries(errors) as [PayerField, string][]) {
    context.addIssue({ code: 'custom', path: [...prefix, field], message });
  }
}

/** The requisites as stored: trimmed names, numbers without spaces, KPP in capitals, null for an ИП's KPP. */
export function normalizePayer(value: PayerFieldsInput): PayerRequisites {
  const kind = value.kind as PayerKind;
  return {
    kind,
    full_name: (value.full_name ?? '').trim(),
    short_name: (value.short_name ?? '').trim(),
    inn: compactNumber(value.inn),
    kpp: kind === 'legal_entity' ? compactKpp(value.kpp) : null,
    ogrn: compactNumber(value.ogrn),
    legal_address: (value.legal_address ?? '').trim(),
    bank_name: (value.bank_name ?? '').trim(),
    bik: compactNumber(value.bik),
    correspondent_account: compactNumber(value.correspondent_account),
    settlement_account: compactNumber(value.settlement_account),
  };
}

/** A payer's requisites in a request, checked and normalized. */
export const payerInputSchema = z
  .object(payerFieldsShape)
  .superRefine((value, context) => checkPayer(value, context))
  .transform(normalizePayer);
export type PayerInput = z.input<typeof payerInputSchema>;

/** The requisites as an order and its documents keep them (`orders.payer`): a copy made when ordered. */
export const payerRequisitesSchema = z.object({
  kind: payerKindSchema,
  full_name: z.string(),
  short_name: z.string(),
  inn: z.string(),
  kpp: z.string().nullable(),
  ogrn: z.string(),
  legal_address: z.string(),
  bank_name: z.string(),
  bik: z.string(),
  correspondent_account: z.string(),
  settlement_account: z.string(),
}) satisfies z.ZodType<PayerRequisites>;

/** A payer as the account and the back office show it. */
export const payerSchema = payerRequisitesSchema.extend({
  id: idSchema,
  /** «Юридическое лицо» / «Индивидуальный предприниматель». */
  kind_name: z.string(),
  /** Checkout preselects it; at most one active payer of a client is the default. */
  is_default: z.boolean(),
  /** Archived payers are kept for the documents that name them and are not offered at checkout. */
  archived: z.boolean(),
  /** Named by an order: an edit of its requisites makes a new version instead of rewriting it. */
  used: z.boolean(),
  /** The version this one replaced (its edit), or null. */
  replaces_id: idSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type Payer = z.infer<typeof payerSchema>;

/** `client-payer-all-post`: the client's payers, the active ones first; archived ones only when asked. */
export const payerListRequestSchema = z.object({ archived: z.boolean().default(false) });
export type PayerListRequest = z.infer<typeof payerListRequestSchema>;

const withPayerFields = <T extends z.ZodRawShape>(extra: T) =>
  z
    .object({ ...payerFieldsShape, ...extra })
    .superRefine((value, context) => checkPayer(value as PayerFieldsInput, context))
    .transform((value) => {
      const rest = Object.fromEntries(Object.entries(value).filter(([key]) => !(key in payerFieldsShape)));
      return { ...(rest as z.output<z.ZodObject<T>>), ...normalizePayer(value as PayerFieldsInput) };
    });

/** `client-payer-create-post`: a new payer; `is_default` makes it the default (the first payer always is). */
export const payerCreateRequestSchema = withPayerFields({ is_default: z.boolean().default(false) });
export type PayerCreateRequest = z.output<typeof payerCreateRequestSchema>;

/**
 * `client-payer-update-post`: the payer's requisites as corrected. A payer no order names is changed in place; one
 * an order names is archived and a new version is created (the answer's `id` is then new, `replaces_id` the old).
 */
export const payerUpdateRequestSchema = withPayerFields({ id: idSchema, is_default: z.boolean().default(false) });
export type PayerUpdateRequest = z.output<typeof payerUpdateRequestSchema>;

export const payerIdRequestSchema = z.object({ id: idSchema });
export type PayerIdRequest = z.infer<typeof payerIdRequestSchema>;

const payerEnvelope = dataEnvelope(z.object({ payer: payerSchema }));
const payersEnvelope = dataEnvelope(z.object({ payers: z.array(payerSchema) }));

/** Client endpoints under /api/v1/shop/, in the spec's `client-…-post` style. Another client's payer: 404. */
export const payerClientEndpoints = defineEndpoints({
  'client-payer-all-post': {
    method: 'POST',
    path: 'client-payer-all-post',
    session: true,
    summary: "(beyond) The client's payers (companies and sole traders), default first; archived ones on request",
    tags: ['auth'],
    body: payerListRequestSchema,
    response: payersEnvelope,
  },
  'client-payer-create-post': {
    method: 'POST',
    path: 'client-payer-create-post',
    session: true,
    summary: '(beyond) Add a payer; INN, KPP, OGRN/OGRNIP and the accounts against the BIK are checked',
    tags: ['auth'],
    body: payerCreateRequestSchema,
    response: payerEnvelope,
  },
  'client-payer-update-post': {
    method: 'POST',
    path: 'client-payer-update-post',
    session: true,
    summary: '(beyond) Correct a payer; one named by an order gets a new version (new id), the old one is archived',
    tags: ['auth'],
    body: payerUpdateRequestSchema,
    response: payerEnvelope,
  },
  'client-payer-default-post': {
    method: 'POST',
    path: 'client-payer-default-post',
    session: true,
    summary: '(beyond) Make a payer the default one checkout preselects',
    tags: ['auth'],
    body: payerIdRequestSchema,
    response: payerEnvelope,
  },
  'client-payer-archive-post': {
    method: 'POST',
    path: 'client-payer-archive-post',
    session: true,
    summary: '(beyond) Archive a payer: kept for its documents, no longer offered at checkout',
    tags: ['auth'],
    body: payerIdRequestSchema,
    response: dataEnvelope(successSchema),
  },
});

/* Staff: the client card's payers (managers and the owner). */

const SALES: readonly StaffRole[] = ['owner', 'manager'];

export const adminPayerListRequestSchema = z.object({ client_id: idSchema });
export type AdminPayerListRequest = z.infer<typeof adminPayerListRequestSchema>;

export const adminPayerCreateRequestSchema = withPayerFields({
  client_id: idSchema,
  is_default: z.boolean().default(false),
});
export type AdminPayerCreateRequest = z.output<typeof adminPayerCreateRequestSchema>;

export const payerAdminEndpoints = defineEndpoints({
  'payer-list': {
    method: 'POST',
    path: 'payer-list',
    session: false,
    roles: SALES,
    summary: "A client's payers, archived ones included (the client card)",
    tags: ['admin'],
    body: adminPayerListRequestSchema,
    response: payersEnvelope,
  },
  'payer-create': {
    method: 'POST',
    path: 'payer-create',
    session: false,
    roles: SALES,
    summary: 'Add a payer to a client; requisites checked as the shop’s own',
    tags: ['admin'],
    body: adminPayerCreateRequestSchema,
    response: payerEnvelope,
  },
  'payer-update': {
    method: 'POST',
    path: 'payer-update',
    session: false,
    roles: SALES,
    summary: 'Correct a payer; one named by an order gets a new version (new id), the old one is archived',
    tags: ['admin'],
    body: payerUpdateRequestSchema,
    response: payerEnvelope,
  },
  'payer-archive': {
    method: 'POST',
    path: 'payer-archive',
    session: false,
    roles: SALES,
    summary: 'Archive a payer: kept for its documents, no longer offered at checkout',
    tags: ['admin'],
    body: payerIdRequestSchema,
    response: dataEnvelope(successSchema),
  },
});
