import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList, perPageSchema } from './envelope.ts';
import { idSchema, isoDateTimeSchema, requiredText, textSchema, whenMissing } from './fields.ts';
import { isExactMoney } from './money.ts';
import { moneySchema } from './money-schema.ts';
import { orderStatusSchema } from './orders.ts';
import { adminBillSchema, paymentSchema, SALES_ROLES } from './payments.ts';

/**
 * The shop's clients as the back office sees them (issue 14, point 6): a searchable list, a client's screen
 * (orders, bills, payments, balance, group and personal discount) and block / unblock.
 */

/** A blocked client's sign-in answer: the account exists, and the shop stopped it. */
export const CLIENT_BLOCKED_MESSAGE = 'Учётная запись заблокирована магазином. Позвоните или напишите нам';
export const CLIENT_NOT_FOUND_MESSAGE = 'Клиент не найден';
export const CLIENT_GROUP_NOT_FOUND_MESSAGE = 'Такой группы нет';

/** A row of the clients' list. */
export const adminClientRowSchema = z.object({
  id: idSchema,
  /** Last, first and middle name. */
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  company_name: z.string().nullable(),
  inn: z.string().nullable(),
  group_name: z.string(),
  blocked: z.boolean(),
  created_at: isoDateTimeSchema,
});
export type AdminClientRow = z.infer<typeof adminClientRowSchema>;

/** Search by name, e-mail, phone, company or INN (any part of them, any case); empty lists everyone. */
export const adminClientListFiltersSchema = z.object({
  q: textSchema().trim().max(100, 'Слишком длинный запрос').nullish(),
  per_page: perPageSchema,
});
export type AdminClientListFilters = z.infer<typeof adminClientListFiltersSchema>;

export const adminClientIdRequestSchema = z.object({ id: idSchema });
export type AdminClientIdRequest = z.infer<typeof adminClientIdRequestSchema>;

/** One of the client's orders, briefly. */
export const adminClientOrderSchema = z.object({
  id: idSchema,
  created_at: isoDateTimeSchema,
  /** Derived from the order's lines (decision 0040). */
  status: orderStatusSchema,
  status_name: z.string(),
  total_price: moneySchema,
  count_position: z.int().min(0),
});
export type AdminClientOrder = z.infer<typeof adminClientOrderSchema>;

/** Money: billed minus paid. A negative balance is money the shop owes the client. */
export const clientBalanceSchema = z.object({
  billed: moneySchema,
  paid: moneySchema,
  balance: z.number().refine(isExactMoney),
});
export type ClientBalance = z.infer<typeof clientBalanceSchema>;

/** The client's screen: the account, group, discount, balance and the latest orders, bills and payments. */
export const adminClientSchema = adminClientRowSchema.extend({
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string().nullable(),
  is_business: z.boolean(),
  group_id: idSchema,
  /** Percent, at most two decimals. */
  personal_discount: z.number(),
  blocked_at: isoDateTimeSchema.nullable(),
  balance: clientBalanceSchema,
  /** The latest 50 of each (the lists, filtered by client, hold them all). */
  orders: z.array(adminClientOrderSchema),
  orders_total: z.int().min(0),
  bills: z.array(adminBillSchema),
  bills_total: z.int().min(0),
  payments: z.array(paymentSchema),
  payments_total: z.int().min(0),
  groups: z.array(z.object({ id: idSchema, name: z.string(), is_default: z.boolean() })),
});
export type AdminClient = z.infer<typeof adminClientSchema>;

export const adminClientGroupRequestSchema = z.object({
  id: idSchema,
  group: requiredText(100, 'Выберите группу'),
});
export type AdminClientGroupRequest = z.infer<typeof adminClientGroupRequestSchema>;

export const DISCOUNT_RANGE_MESSAGE = 'Скидка от 0 до 100 %, не более двух знаков после запятой';
export const adminClientDiscountRequestSchema = z.object({
  id: idSchema,
  percent: z
    .number({ error: whenMissing('Введите скидку в процентах') })
    .min(0, DISCOUNT_RANGE_MESSAGE)
    .max(100, DISCOUNT_RANGE_MESSAGE)
    .refine(isExactMoney, DISCOUNT_RANGE_MESSAGE),
});
export type AdminClientDiscountRequest = z.infer<typeof adminClientDiscountRequestSchema>;

const clientEnvelope = dataEnvelope(z.object({ client: adminClientSchema }));

export const clientAdminEndpoints = defineEndpoints({
  'client-list': {
    method: 'POST',
    path: 'client-list',
    session: false,
    roles: SALES_ROLES,
    summary: 'Clients, newest first, searched by name, e-mail, phone, company or INN, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: adminClientListFiltersSchema,
    response: dataEnvelope(paginatedList(adminClientRowSchema)),
  },
  'client-show': {
    method: 'POST',
    path: 'client-show',
    session: false,
    roles: SALES_ROLES,
    summary: "A client's screen: account, group, discount, balance, latest orders, bills and payments",
    tags: ['admin'],
    body: adminClientIdRequestSchema,
    response: clientEnvelope,
  },
  'client-set-group': {
    method: 'POST',
    path: 'client-set-group',
    session: false,
    roles: SALES_ROLES,
    summary: "Move a client into a pricing group (by the group's name); prices change at the next request",
    tags: ['admin'],
    body: adminClientGroupRequestSchema,
    response: clientEnvelope,
  },
  'client-set-discount': {
    method: 'POST',
    path: 'client-set-discount',
    session: false,
    roles: SALES_ROLES,
    summary: "Set a client's personal discount in percent (never below the profile's minimum margin)",
    tags: ['admin'],
    body: adminClientDiscountRequestSchema,
    response: clientEnvelope,
  },
  'client-block': {
    method: 'POST',
    path: 'client-block',
    session: false,
    roles: SALES_ROLES,
    summary: 'Block a client: their sessions end at once and sign-in is refused',
    tags: ['admin'],
    body: adminClientIdRequestSchema,
    response: clientEnvelope,
  },
  'client-unblock': {
    method: 'POST',
    path: 'client-unblock',
    session: false,
    roles: SALES_ROLES,
    summary: 'Unblock a client',
    tags: ['admin'],
    body: adminClientIdRequestSchema,
    response: clientEnvelope,
  },
});
