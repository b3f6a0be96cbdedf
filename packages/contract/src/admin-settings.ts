import { z } from 'zod';
import { shopRequisitesSchema } from './bills.ts';
import { innSchema } from './clients.ts';
import { templateSchema } from './content.ts';
import { workingCalendarSchema } from './delivery-calendar-schemas.ts';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope } from './envelope.ts';
import { countSchema, emailSchema, idSchema, requiredText, textSchema } from './fields.ts';
import {
  ACCOUNT_FORMAT_MESSAGE,
  BIK_MESSAGE,
  CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE,
  CORRESPONDENT_ACCOUNT_PREFIX_MESSAGE,
  KPP_MESSAGE,
  KPP_PATTERN,
  SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
  isValidBik,
  isValidCorrespondentAccount,
  isValidSettlementAccount,
} from './requisites.ts';
import type { StaffRole } from './staff.ts';

/**
 * The shop's settings in the back office (issue 15, point 7): name, contacts and hours; the seller's requisites
 * printed on bills, checked by their check digits; VAT; delivery methods; where staff e-mail goes. The web form
 * validates as the owner types with these same schemas, and the server refuses what they refuse (422), changing
 * nothing. Owner only. (Issue 17, point 6) the working calendar that turns delivery days into dates.
 */

export const SETTINGS_ROLES: readonly StaffRole[] = ['owner'];

/* Check digits of bank requisites (the Central Bank of Russia's algorithm): requisites.ts, shared with payers. */
export {
  ACCOUNT_FORMAT_MESSAGE,
  BIK_MESSAGE,
  CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE,
  CORRESPONDENT_ACCOUNT_PREFIX_MESSAGE,
  KPP_MESSAGE,
  SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE,
  isValidBik,
  isValidCorrespondentAccount,
  isValidSettlementAccount,
} from './requisites.ts';

const digitsOnly = (message: string, pattern: RegExp) =>
  textSchema()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(pattern, message));

/** The seller as bills print it. The accounts are checked against the BIK, so a typo in either shows. */
export const requisitesSchema = z
  .object({
    name: requiredText(300, 'Укажите название продавца'),
    inn: innSchema,
    kpp: digitsOnly(KPP_MESSAGE, KPP_PATTERN),
    address: requiredText(500, 'Укажите юридический адрес'),
    bank_name: requiredText(300, 'Укажите банк'),
    bik: digitsOnly(BIK_MESSAGE, /^04\d{7}$/),
    settlement_account: digitsOnly(ACCOUNT_FORMAT_MESSAGE, /^\d{20}$/),
    correspondent_account: digitsOnly(ACCOUNT_FORMAT_MESSAGE, /^\d{20}$/),
  })
  .superRefine((value, context) => {
    if (!isValidBik(value.bik)) return;
    if (!isValidSettlementAccount(value.settlement_account, value.bik)) {
      context.addIssue({ code: 'custom', path: ['settlement_account'], message: SETTLEMENT_ACCOUNT_CHECKSUM_MESSAGE });
    }
    if (!value.correspondent_account.startsWith('30101')) {
      context.addIssue({
        code: 'custom',
        path: ['correspondent_account'],
        message: CORRESPONDENT_ACCOUNT_PREFIX_MESSAGE,
      });
    } else if (!isValidCorrespondentAccount(value.correspondent_account, value.bik)) {
      context.addIssue({
        code: 'custom',
        path: ['correspondent_account'],
        message: CORRESPONDENT_ACCOUNT_CHECKSUM_MESSAGE,
      });
    }
  });
export type Requisites = z.infer<typeof requisitesSchema>;

export const shopContactsSchema = z.object({
  name: requiredText(100, 'Укажите название магазина'),
  phone: requiredText(50, 'Укажите телефон'),
  email: emailSchema,
  address: requiredText(500, 'Укажите адрес'),
  work_hours: requiredText(200, 'Укажите часы работы'),
});
export type ShopContacts = z.infer<typeof shopContactsSchema>;

/** The VAT rates Russian bills use; null: «Без налога (НДС)». */
export const VAT_RATES = [0, 5, 7, 10, 20, 22] as const;
export const vatSchema = z.object({
  rate: z
    .union(
      VAT_RATES.map((rate) => z.literal(rate)),
      { error: `Ставка НДС: ${VAT_RATES.join(', ')} % или «без НДС»` },
    )
    .nullable(),
});
export type VatSetting = z.infer<typeof vatSchema>;

export const DELIVERY_PRICE_MESSAGE = 'Цена доставки в копейках: целое число от 0';

/** A delivery method; the price in kopecks (an integer: money never travels as a float here). */
export const deliveryMethodEditSchema = z.object({
  id: idSchema,
  name: requiredText(100, 'Укажите название способа доставки'),
  price_kopecks: countSchema.max(100_000_000, DELIVERY_PRICE_MESSAGE),
  description: textSchema().trim().max(500, 'Не более 500 символов'),
  needs_address: z.boolean(),
});
export type DeliveryMethodEdit = z.infer<typeof deliveryMethodEditSchema>;

export const deliveryMethodsSchema = z
  .array(deliveryMethodEditSchema)
  .min(1, 'Нужен хотя бы один способ доставки')
  .max(20, 'Не более 20 способов доставки')
  .superRefine((methods, context) => {
    const seen = new Set<number>();
    methods.forEach((method, index) => {
      if (seen.has(method.id)) {
        context.addIssue({ code: 'custom', path: [index, 'id'], message: 'Номер способа доставки повторяется' });
      }
      seen.add(method.id);
    });
  });

/** Where the e-mail about each new order goes; null falls back to STAFF_NOTIFICATION_EMAIL. */
export const staffNotificationSchema = z.object({ email: emailSchema.nullable() });

/** Every setting the screen edits. */
export const adminSettingsSchema = z.object({
  shop: shopContactsSchema,
  requisites: requisitesSchema,
  vat: vatSchema,
  delivery_methods: deliveryMethodsSchema,
  staff_notification: staffNotificationSchema,
  delivery_calendar: workingCalendarSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;

/** The settings as stored may predate these checks (the demo's invented requisites): shown as they are. */
export const adminSettingsViewSchema = z.object({
  shop: templateSchema.shape.shop,
  requisites: shopRequisitesSchema,
  vat: z.object({ rate: z.number().nullable() }),
  delivery_methods: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      price_kopecks: z.int(),
      description: z.string(),
      needs_address: z.boolean(),
    }),
  ),
  staff_notification: z.object({
    email: z.string().nullable(),
    /**
     * Where mail goes while the setting is empty, so that the owner knows: STAFF_NOTIFICATION_EMAIL, else the
     * shop's first owner (`fallback_source` says which); null only while the shop has no owner.
     */
    fallback_email: z.string().nullable(),
    fallback_source: z.enum(['env', 'owner']).nullable(),
  }),
  delivery_calendar: z.object({
    working_weekdays: z.array(z.int()),
    holidays: z.array(z.string()),
    orders_until: z.string().nullable(),
  }),
});
export type AdminSettingsView = z.infer<typeof adminSettingsViewSchema>;

/** A save: any of the sections, each checked whole; nothing is written unless every section given is right. */
export const adminSettingsSaveSchema = adminSettingsSchema.partial();
export type AdminSettingsSave = z.infer<typeof adminSettingsSaveSchema>;

const settingsEnvelope = dataEnvelope(z.object({ settings: adminSettingsViewSchema }));

export const settingsAdminEndpoints = defineEndpoints({
  'settings-show': {
    method: 'GET',
    path: 'settings-show',
    session: false,
    roles: SETTINGS_ROLES,
    summary:
      'Shop settings: contacts, requisites for bills, VAT, delivery methods, staff notification address, working calendar',
    tags: ['admin'],
    response: settingsEnvelope,
  },
  'settings-save': {
    method: 'POST',
    path: 'settings-save',
    session: false,
    roles: SETTINGS_ROLES,
    summary:
      'Save sections of the shop settings (all or nothing, each change audited); requisites checked by their check digits',
    tags: ['admin'],
    body: adminSettingsSaveSchema,
    response: settingsEnvelope,
  },
});
