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

/** Clients: registration, sign-in, sessions, password reset, account (contract-decisions.md section 5). */

const NAME_MAX_LENGTH = 100;
const COMPANY_MAX_LENGTH = 200;
const ADDRESS_MAX_LENGTH = 500;

export const INVALID_PHONE_MESSAGE = 'Введите российский номер телефона, например +7 999 123-45-67';

/**
 * A Russian phone number as people type it ('+7 999 123-45-67', '8 (999) 123 45 67', '7 999 1234567',
 * '999 123-45-67') as +7XXXXXXXXXX; null when it is not one (letters, another country code, a wrong length).
 */
export function normalizeRussianPhone(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (text.startsWith('+')) return digits.length === 11 && digits.startsWith('7') ? `+${digits}` : null;
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) return `+7${digits.slice(1)}`;
  return digits.length === 10 ? `+7${digits}` : null;
}

/** The client's phone, stored and answered as +7XXXXXXXXXX. */
export const russianPhoneSchema = phoneSchema.transform((value, context) => {
  const phone = normalizeRussianPhone(value);
  if (phone === null) {
    context.issues.push({ code: 'custom', message: INVALID_PHONE_MESSAGE, input: value });
    return z.NEVER;
  }
  return phone;
});

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
    ...optionalBasketRefShape,
  })
  .superRefine(passwordsMatch, whenPasswordsPresent)
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

/** (beyond) Profile fields the client may change; the e-mail is the login and stays. */
export const updateAccountRequestSchema = z.object(profileFields);
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
