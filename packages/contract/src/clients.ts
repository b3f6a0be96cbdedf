import { z } from 'zod';
import { basketIdSchema, basketKeySchema, basketPairCheck, optionalBasketRefShape } from './basket.ts';
import {
  currentPasswordSchema,
  emailSchema,
  idSchema,
  newPasswordSchema,
  optionalText,
  passwordsMatch,
  phoneSchema,
  requiredText,
  textSchema,
  whenMissing,
  whenPasswordsPresent,
} from './fields.ts';
import { INVALID_PHONE_MESSAGE, normalizeRussianPhone } from './phone.ts';
import { payerInputSchema } from './payers.ts';
import { INN_CHECKSUM_MESSAGE, INN_FORMAT_MESSAGE, isValidInn } from './requisites.ts';

/** Clients: registration, sign-in, sessions, password reset, account (contract-decisions.md section 5). */

const NAME_MAX_LENGTH = 100;
const COMPANY_MAX_LENGTH = 200;
const ADDRESS_MAX_LENGTH = 500;

/** The client's phone, stored and answered as +7XXXXXXXXXX. */
export const russianPhoneSchema = phoneSchema.transform((value, context) => {
  const phone = normalizeRussianPhone(value);
  if (phone === null) {
    context.issues.push({ code: 'custom', message: INVALID_PHONE_MESSAGE, input: value });
    return z.NEVER;
  }
  return phone;
});

export { INN_CHECKSUM_MESSAGE, INN_FORMAT_MESSAGE, isValidInn } from './requisites.ts';

export const BUSINESS_COMPANY_REQUIRED_MESSAGE = 'Укажите название организации';
export const BUSINESS_INN_REQUIRED_MESSAGE = 'Укажите ИНН организации';

/** An INN as typed (spaces allowed), checked by length and check digits. */
export const innSchema = textSchema()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(\d{10}|\d{12})$/, { error: INN_FORMAT_MESSAGE, abort: true })
      .refine(isValidInn, INN_CHECKSUM_MESSAGE),
  );

const profileFields = {
  first_name: requiredText(NAME_MAX_LENGTH, 'Введите имя'),
  last_name: requiredText(NAME_MAX_LENGTH, 'Введите фамилию'),
  middle_name: optionalText(NAME_MAX_LENGTH),
  company_name: optionalText(COMPANY_MAX_LENGTH),
  phone_number: russianPhoneSchema,
};

export const registrationRequestSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    password_confirmation: textSchema({ error: whenMissing('Повторите пароль') }),
    ...profileFields,
    /**
     * (beyond) "I am a business": then company_name and a valid INN are required. The shop decides the client's
     * group (and so its prices) afterwards; the flag alone changes no price.
     */
    is_business: z.boolean().default(false),
    inn: innSchema.nullish().transform((value) => value || null),
    /**
     * (beyond, issue 30) «Я покупаю для организации»: the payer's full requisites. Given, the client is a business,
     * the payer becomes the account's default, and `company_name` / `inn` default to its short name and INN.
     */
    payer: payerInputSchema.nullish().transform((value) => value ?? null),
    ...optionalBasketRefShape,
  })
  .superRefine(passwordsMatch, whenPasswordsPresent)
  .superRefine((value, context) => {
    if (!value.is_business || value.payer) return;
    if (!value.company_name) {
      context.issues.push({
        code: 'custom',
        path: ['company_name'],
        message: BUSINESS_COMPANY_REQUIRED_MESSAGE,
        input: value,
      });
    }
    if (!value.inn) {
      context.issues.push({ code: 'custom', path: ['inn'], message: BUSINESS_INN_REQUIRED_MESSAGE, input: value });
    }
  })
  .superRefine(basketPairCheck);
export type RegistrationRequest = z.infer<typeof registrationRequestSchema>;

export const loginRequestSchema = z
  .object({
    email: emailSchema,
    password: currentPasswordSchema,
    /** Keep the session cookie for 24 h instead of the browser session. */
    remember: z.boolean().default(false),
    ...optionalBasketRefShape,
  })
  .superRefine(basketPairCheck);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** `data.client` after login or registration: the token and the client's own basket. */
export const clientTokenSchema = z.object({
  access_token: z.string(),
  basket_id: basketIdSchema,
  basket_key: basketKeySchema,
});
export type ClientToken = z.infer<typeof clientTokenSchema>;

/** The signed-in client (`client-me`, account). */
export const clientProfileSchema = z.object({
  id: idSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string().nullable(),
  company_name: z.string().nullable(),
  phone_number: z.string(),
});
export type ClientProfile = z.infer<typeof clientProfileSchema>;

export const deliveryAddressSchema = z.object({
  id: idSchema,
  address: z.string(),
});
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const accountSchema = z.object({
  client: clientProfileSchema,
  delivery_addresses: z.array(deliveryAddressSchema),
  /** (beyond) E-mails when order lines change status; order and payment e-mails always go. */
  notify_status_emails: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

export const resetPasswordRequestSchema = z.object({ email: emailSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** (beyond) The new password from the e-mailed link `/reset-password?token=...`. */
export const resetPasswordConfirmRequestSchema = z
  .object({
    token: textSchema({ error: whenMissing('Ссылка для сброса пароля недействительна') })
      .min(1, 'Ссылка для сброса пароля недействительна')
      .max(512, 'Ссылка для сброса пароля недействительна'),
    password: newPasswordSchema,
    password_confirmation: textSchema({ error: whenMissing('Повторите пароль') }),
  })
  .superRefine(passwordsMatch, whenPasswordsPresent);
export type ResetPasswordConfirmRequest = z.infer<typeof resetPasswordConfirmRequestSchema>;

/**
 * (beyond) Profile fields the client may change; the e-mail is the login and stays. `notify_status_emails`, when
 * sent, turns the e-mails about line status changes on or off (absent: unchanged).
 */
export const updateAccountRequestSchema = z.object({
  ...profileFields,
  notify_status_emails: z.boolean().optional(),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequestSchema>;

/** (beyond) */
export const changePasswordRequestSchema = z
  .object({
    current_password: currentPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: textSchema({ error: whenMissing('Повторите пароль') }),
  })
  .superRefine(passwordsMatch, whenPasswordsPresent);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** (beyond) Without `id` a new address is added; with it that address is changed. */
export const deliveryAddressSaveRequestSchema = z.object({
  id: idSchema.nullish(),
  address: requiredText(ADDRESS_MAX_LENGTH, 'Введите адрес доставки'),
});
export type DeliveryAddressSaveRequest = z.infer<typeof deliveryAddressSaveRequestSchema>;

/** (beyond) */
export const deliveryAddressDeleteRequestSchema = z.object({ id: idSchema });
export type DeliveryAddressDeleteRequest = z.infer<typeof deliveryAddressDeleteRequestSchema>;
