import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope } from './envelope.ts';
import { idSchema, INT4_MAX, isoDateTimeSchema, optionalText, textSchema } from './fields.ts';
import type { StaffRole } from './staff.ts';

/**
 * Endpoints (keys are their paths, as every admin endpoint's): `GET suppliers/:id/source`, `POST …/source/save`,
 * `POST …/source/delete`, `POST …/source/fetch-now`, `GET …/source/fetches`.
 *
 * Automatic price-list updates (issue 15 point 3): a supplier's source (an HTTP or HTTPS address, optional basic
 * authentication), its schedule, what happens to its offers when its list grows stale, and the fetch history.
 * Back office, owner and managers. Decision: docs/decisions/0025.
 */

export const SOURCE_URL_MAX_LENGTH = 2000;
export const SOURCE_TIMES_MAX = 24;
export const SOURCE_EVERY_HOURS_MAX = 720;
export const SOURCE_MAX_AGE_DAYS_MAX = 365;
export const STALE_POLICY_VALUES = ['hide', 'warn'] as const;
export type StalePolicy = (typeof STALE_POLICY_VALUES)[number];
export const STALE_POLICY_NAMES: Record<StalePolicy, string> = {
  hide: 'Скрывать предложения из поиска',
  warn: 'Показывать с предупреждением',
};
export const FETCH_OUTCOMES = ['imported', 'not_modified', 'failed'] as const;
export type FetchOutcome = (typeof FETCH_OUTCOMES)[number];
export const FETCH_OUTCOME_NAMES: Record<FetchOutcome, string> = {
  imported: 'Загружен',
  not_modified: 'Не изменился',
  failed: 'Ошибка',
};
export const FETCH_TRIGGER_NAMES = { schedule: 'По расписанию', manual: 'Вручную' } as const;

/**
 * What is wrong with a source address, in the staff's words, or null when it will do: HTTP or HTTPS, a host, no
 * user or password inside it (those go to their own fields, so that the address can be shown). The web checks
 * the field with it as the owner types; the server with the same function.
 */
export function sourceUrlProblem(value: string): string | null {
  const text = value.trim();
  if (text === '') return 'Введите адрес прайс-листа';
  if (text.length > SOURCE_URL_MAX_LENGTH) return `Адрес длиннее ${SOURCE_URL_MAX_LENGTH} символов`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Это не адрес: нужен полный адрес вида https://example.ru/price.csv';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Адрес должен начинаться с http:// или https://';
  if (url.hostname === '') return 'В адресе нет имени сервера';
  if (url.username !== '' || url.password !== '') {
    return 'Логин и пароль укажите в полях «Логин» и «Пароль», а не в адресе';
  }
  return null;
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM' (24-hour, the shop's time zone); '6:00' is read as '06:00'. */
export function normalizeTimeOfDay(value: string): string | null {
  const text = value.trim();
  const padded = /^\d:\d\d$/.test(text) ? `0${text}` : text;
  return TIME_OF_DAY.test(padded) ? padded : null;
}

const sourceUrlSchema = textSchema({ error: () => 'Введите адрес прайс-листа' })
  .trim()
  .superRefine((value, context) => {
    const problem = sourceUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

/** The import options of today's `npm run import -- prices` flags, kept with the source. */
export const sourceImportOptionsSchema = z.object({
  delimiter: z.enum([';', ',', 'tab'], { error: 'Разделитель: «;», «,» или табуляция' }).optional(),
  encoding: z.enum(['utf8', 'cp1251'], { error: 'Кодировка: utf8 или cp1251' }).optional(),
  /** 'article,brand,description,price,quantity,delivery,weight' (an empty name skips a cell). */
  columns: textSchema().trim().max(500, 'Не более 500 символов').optional(),
  default_delivery: z.int32().min(0, 'Срок не может быть отрицательным').max(3650).optional(),
  /**
   * A fetched list that would remove most of the supplier's offers (`isMassRemoval`) is loaded all the same; unset,
   * such a list is refused and the staff are told.
   */
  allow_mass_removal: z.boolean().optional(),
});
export type SourceImportOptions = z.infer<typeof sourceImportOptionsSchema>;

export const supplierSourceSaveRequestSchema = z
  .object({
    url: sourceUrlSchema,
    auth_user: optionalText(200),
    /** Absent: the stored password stays; null or '': none; text: the new password. */
    auth_password: textSchema().max(200, 'Не более 200 символов').nullable().optional(),
    /** Every N hours; or `times`, the times of day. Exactly one of the two. */
    every_hours: z
      .int32({ error: 'Введите целое число часов' })
      .min(1, 'Не реже раза в час: от 1 часа')
      .max(SOURCE_EVERY_HOURS_MAX, `Не больше ${SOURCE_EVERY_HOURS_MAX} часов`)
      .nullable()
      .optional(),
    times: z
      .array(textSchema())
      .max(SOURCE_TIMES_MAX, `Не больше ${SOURCE_TIMES_MAX} времён в сутки`)
      .nullable()
      .optional(),
    stale_policy: z.enum(STALE_POLICY_VALUES, { error: 'Выберите, что делать с устаревшим прайсом' }).default('warn'),
    /** Days a list stays fresh after its last successful import; null: never stale. */
    max_age_days: z
      .int32({ error: 'Введите целое число дней' })
      .min(1, 'Не меньше 1 дня')
      .max(SOURCE_MAX_AGE_DAYS_MAX, `Не больше ${SOURCE_MAX_AGE_DAYS_MAX} дней`)
      .nullable()
      .optional(),
    import_options: sourceImportOptionsSchema.default({}),
  })
  .transform((value, context) => {
    const times = value.times ?? null;
    const everyHours = value.every_hours ?? null;
    if ((times === null || times.length === 0) === (everyHours === null)) {
      context.issues.push({
        code: 'custom',
        path: ['every_hours'],
        message: 'Укажите расписание: каждые N часов или время загрузки',
        input: value,
      });
      return z.NEVER;
    }
    let normalized: string[] | null = null;
    if (times !== null && times.length > 0) {
      normalized = [];
      for (const time of times) {
        const parsed = normalizeTimeOfDay(time);
        if (parsed === null) {
          context.issues.push({
            code: 'custom',
            path: ['times'],
            message: `Время «${time}» не в формате ЧЧ:ММ`,
            input: time,
          });
          return z.NEVER;
        }
        normalized.push(parsed);
      }
      normalized = [...new Set(normalized)].sort();
    }
    return { ...value, every_hours: normalized ? null : everyHours, times: normalized };
  });
export type SupplierSourceSaveRequest = z.infer<typeof supplierSourceSaveRequestSchema>;
export type SupplierSourceSaveInput = z.input<typeof supplierSourceSaveRequestSchema>;

export const supplierSourceSchema = z.object({
  supplier_id: idSchema,
  url: z.string(),
  auth_user: z.string().nullable(),
  /** True when a password is stored; the password itself never leaves the server (the web shows «задан»). */
  auth_password_set: z.boolean(),
  every_hours: z.number().int().nullable(),
  times: z.array(z.string()).nullable(),
  stale_policy: z.enum(STALE_POLICY_VALUES),
  max_age_days: z.number().int().nullable(),
  import_options: sourceImportOptionsSchema,
  last_checked_at: isoDateTimeSchema.nullable(),
  last_changed_at: isoDateTimeSchema.nullable(),
  last_successful_import_at: isoDateTimeSchema.nullable(),
  consecutive_failures: z.number().int(),
  next_fetch_at: isoDateTimeSchema,
  /** A fetch is running now. */
  fetching: z.boolean(),
  /** Since when the list is older than `max_age_days`; null while fresh. */
  stale_since: isoDateTimeSchema.nullable(),
});
export type SupplierSource = z.infer<typeof supplierSourceSchema>;

export const supplierFetchSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  started_at: isoDateTimeSchema,
  finished_at: isoDateTimeSchema,
  outcome: z.enum(FETCH_OUTCOMES),
  http_status: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  rows_loaded: z.number().int().nullable(),
  rows_refused: z.number().int().nullable(),
  /** Why it failed, in Russian. */
  error: z.string().nullable(),
});
export type SupplierFetch = z.infer<typeof supplierFetchSchema>;

export const supplierIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'Некорректный идентификатор' })
    .int('Некорректный идентификатор')
    .positive('Некорректный идентификатор')
    .max(INT4_MAX, 'Некорректный идентификатор'),
});

const SOURCE_ROLES: readonly StaffRole[] = ['owner', 'manager'];
/** The body of a POST that needs nothing but its path: `{}`. */
const emptyBodySchema = z.object({});
const supplierRef = z.object({ id: idSchema, name: z.string() });

export const supplierSourceAdminEndpoints = defineEndpoints({
  'suppliers/:id/source': {
    method: 'GET',
    path: 'suppliers/:id/source',
    session: false,
    roles: SOURCE_ROLES,
    summary: "A supplier's price-list source (the password only as `auth_password_set`); `source` null when none",
    tags: ['admin'],
    params: supplierIdParamsSchema,
    response: dataEnvelope(z.object({ supplier: supplierRef, source: supplierSourceSchema.nullable() })),
  },
  'suppliers/:id/source/save': {
    method: 'POST',
    path: 'suppliers/:id/source/save',
    session: false,
    roles: SOURCE_ROLES,
    summary: "Sets a supplier's source, schedule and stale policy (audited; the first fetch is due at once)",
    tags: ['admin'],
    params: supplierIdParamsSchema,
    body: supplierSourceSaveRequestSchema,
    response: dataEnvelope(z.object({ source: supplierSourceSchema })),
  },
  'suppliers/:id/source/delete': {
    method: 'POST',
    path: 'suppliers/:id/source/delete',
    session: false,
    roles: SOURCE_ROLES,
    summary: "Removes a supplier's source (audited): no more automatic fetches; its offers and history stay",
    tags: ['admin'],
    params: supplierIdParamsSchema,
    body: emptyBodySchema,
    response: dataEnvelope(z.object({ success: z.literal(true) })),
  },
  'suppliers/:id/source/fetch-now': {
    method: 'POST',
    path: 'suppliers/:id/source/fetch-now',
    session: false,
    roles: SOURCE_ROLES,
    summary: 'Fetches the source now, in the background (audited); 409 while a fetch of it is running',
    tags: ['admin'],
    params: supplierIdParamsSchema,
    body: emptyBodySchema,
    response: dataEnvelope(z.object({ message: z.string() })),
  },
  'suppliers/:id/source/fetches': {
    method: 'GET',
    path: 'suppliers/:id/source/fetches',
    session: false,
    roles: SOURCE_ROLES,
    summary: "The supplier's last 50 fetches, newest first",
    tags: ['admin'],
    params: supplierIdParamsSchema,
    response: dataEnvelope(z.object({ fetches: z.array(supplierFetchSchema) })),
  },
});
