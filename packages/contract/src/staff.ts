import { z } from 'zod';
import { perPageSchema } from './envelope.ts';
import {
  calendarDateSchema,
  currentPasswordSchema,
  dateRangeCheck,
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  newPasswordSchema,
  passwordsMatch,
  requiredText,
  textSchema,
  whenMissing,
  whenPasswordsPresent,
} from './fields.ts';
import { DATE_RANGE_MESSAGE } from './rules.ts';

/** The back office's staff accounts, roles and audit log (issue 14); separate from the shop's clients. */

/**
 * owner: everything, staff and settings included; manager: orders, payments, clients; content editor: pages and
 * news. Each admin endpoint names the roles it allows (admin-endpoints.ts).
 */
export const STAFF_ROLES = ['owner', 'manager', 'content_editor'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: 'Выберите роль: владелец, менеджер или контент-редактор' });
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Владелец',
  manager: 'Менеджер',
  content_editor: 'Контент-редактор',
};

/** The cookie of a staff session: httpOnly, SameSite=Strict, on /; never the clients' `token`. */
export const STAFF_SESSION_COOKIE_NAME = 'staff_session';

const STAFF_NAME_MAX_LENGTH = 100;

export const staffMemberSchema = z.object({
  id: idSchema,
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** Blocked staff cannot sign in; their sessions ended when they were blocked. */
  blocked: z.boolean(),
  /** False for an invitation whose set-password link has not been used yet. */
  has_password: z.boolean(),
  created_at: isoDateTimeSchema,
  last_sign_in_at: isoDateTimeSchema.nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffSignInRequestSchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type StaffSignInRequest = z.infer<typeof staffSignInRequestSchema>;

export const STAFF_LINK_INVALID_MESSAGE = 'Ссылка для установки пароля недействительна или устарела';

/** The new password from an invitation or a `--link` of the CLI: `/admin/set-password?token=...`. */
export const staffSetPasswordRequestSchema = z
  .object({
    token: textSchema({ error: whenMissing(STAFF_LINK_INVALID_MESSAGE) })
      .min(1, STAFF_LINK_INVALID_MESSAGE)
      .max(512, STAFF_LINK_INVALID_MESSAGE),
    password: newPasswordSchema,
    password_confirmation: textSchema({ error: whenMissing('Повторите пароль') }),
  })
  .superRefine(passwordsMatch, whenPasswordsPresent);
export type StaffSetPasswordRequest = z.infer<typeof staffSetPasswordRequestSchema>;

export const STAFF_SETUP_LINK_INVALID_MESSAGE =
  'Ссылка для создания владельца недействительна: она уже использована или владелец магазина уже есть. Войдите в панель управления';

const setupTokenSchema = textSchema({ error: whenMissing(STAFF_SETUP_LINK_INVALID_MESSAGE) })
  .min(1, STAFF_SETUP_LINK_INVALID_MESSAGE)
  .max(512, STAFF_SETUP_LINK_INVALID_MESSAGE);

/** Whether the first owner's setup link (`/admin/setup?token=…`, printed by the shop at start) still works. */
export const staffSetupCheckRequestSchema = z.object({ token: setupTokenSchema });
export type StaffSetupCheckRequest = z.infer<typeof staffSetupCheckRequestSchema>;

/** The shop's first owner, from the setup link: the account is created and signed in at once. */
export const staffSetupRequestSchema = z
  .object({
    token: setupTokenSchema,
    email: emailSchema,
    name: requiredText(STAFF_NAME_MAX_LENGTH, 'Введите ваше имя'),
    password: newPasswordSchema,
    password_confirmation: textSchema({ error: whenMissing('Повторите пароль') }),
  })
  .superRefine(passwordsMatch, whenPasswordsPresent);
export type StaffSetupRequest = z.infer<typeof staffSetupRequestSchema>;

export const staffChangePasswordRequestSchema = z
  .object({
    current_password: currentPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: textSchema({ error: whenMissing('Повторите пароль') }),
  })
  .superRefine(passwordsMatch, whenPasswordsPresent);
export type StaffChangePasswordRequest = z.infer<typeof staffChangePasswordRequestSchema>;

export const staffInviteRequestSchema = z.object({
  email: emailSchema,
  name: requiredText(STAFF_NAME_MAX_LENGTH, 'Введите имя сотрудника'),
  role: staffRoleSchema,
});
export type StaffInviteRequest = z.infer<typeof staffInviteRequestSchema>;

/** Block or unblock one staff member. */
export const staffIdRequestSchema = z.object({ id: idSchema });
export type StaffIdRequest = z.infer<typeof staffIdRequestSchema>;

export const staffListFiltersSchema = z.object({ per_page: perPageSchema });
export type StaffListFilters = z.infer<typeof staffListFiltersSchema>;

/** JSON values of an audit row (before/after): an object of the fields that matter, never a password or hash. */
const auditValuesSchema = z.record(z.string(), z.unknown()).nullable();

/** One recorded staff write. `staff_id` is null for a change made from the command line. */
export const auditEntrySchema = z.object({
  // bigint in the table: a log outgrows int4 ids long before any other table.
  id: z.int().positive(),
  created_at: isoDateTimeSchema,
  staff_id: idSchema.nullable(),
  staff_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The object by name («Иванов Иван», «KNECHT OC 90, заказ № 12», «№ 7, заказ № 12» for a bill); null when it is gone or has no name. */
  object_label: z.string().nullable(),
  /** The order the object belongs to (an order, a line, a bill), for a link to its screen. */
  object_order_id: idSchema.nullable(),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Filters of the audit log; dates are calendar days in the shop's time zone, both ends included. */
export const auditLogFiltersSchema = z
  .object({
    staff_id: idSchema.nullish(),
    entity: textSchema().trim().max(64, 'Слишком длинное название сущности').nullish(),
    date_from: calendarDateSchema.nullish(),
    date_to: calendarDateSchema.nullish(),
    per_page: perPageSchema,
  })
  .refine(dateRangeCheck, { message: DATE_RANGE_MESSAGE, path: ['date_to'] });
export type AuditLogFilters = z.infer<typeof auditLogFiltersSchema>;
