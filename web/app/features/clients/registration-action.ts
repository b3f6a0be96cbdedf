import { redirect } from 'react-router';
import { callShop } from '../../lib/api/index.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import { heldBasket } from '../basket/held-basket.ts';
import { CONTACT_FIELDS, contactRules } from './ContactFields.tsx';
import { confirmationRules, emailRules, newPasswordRules, serverFieldErrors } from './forms.ts';
import { nextAfterSignIn } from './sign-in-action.ts';
import { completeSignIn } from './sign-in.ts';
import { checkPayer, payerServerErrors, type PayerErrors } from '../payers/payer-form.ts';

const REGISTRATION_FIELDS = [...CONTACT_FIELDS, 'email', 'password', 'password_confirmation'] as const;
type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** The payer's fields sit under this prefix in the form and in the server's messages (`payer.inn`). */
export const PAYER_PREFIX = 'payer.';
/** The checkbox «Я покупаю для организации»: checked, the payer's fields are sent and required. */
export const FOR_COMPANY_FIELD = 'for_company';

export type RegistrationErrors = Partial<Record<RegistrationField, string>> & { payer?: PayerErrors };

type RegistrationBody = Record<RegistrationField, string> & { payer?: Record<string, string | null> };

/**
 * What client-registration is sent, once the form's fields passed the generic rules (and, for a business, the
 * payer's requisites their check digits); else their messages.
 */
export function checkRegistration(form: FormData): { body: RegistrationBody } | { errors: RegistrationErrors } {
  const values = submittedFields(form, REGISTRATION_FIELDS);
  const errors: RegistrationErrors = fieldErrors(values, {
    ...contactRules,
    email: emailRules,
    password: newPasswordRules,
    password_confirmation: confirmationRules,
  });
  if (form.get(FOR_COMPANY_FIELD) !== 'on') return hasErrors(errors) ? { errors } : { body: values };
  const payer = checkPayer(form, PAYER_PREFIX);
  if ('errors' in payer) return { errors: { ...errors, payer: payer.errors } };
  return hasErrors(errors) ? { errors } : { body: { ...values, payer: payer.payer } };
}

export const registrationRefusal = (error: unknown): RegistrationErrors => {
  const payer = payerServerErrors(error, PAYER_PREFIX);
  return { ...serverFieldErrors(REGISTRATION_FIELDS, error), ...(hasErrors(payer) ? { payer } : {}) };
};

/**
 * The registration form's action in the browser (routes/register.tsx): checks the fields as the server does,
 * registers with the anonymous basket, signs in (a session cookie) and goes on to `next`. A refusal was shown by
 * the error catalogue; its field messages stay under the fields.
 */
export async function registrationAction(request: Request): Promise<{ errors: RegistrationErrors } | Response> {
  const checked = checkRegistration(await request.formData());
  if ('errors' in checked) return checked;
  try {
    const { client } = await callShop('client-registration', { body: { ...checked.body, ...heldBasket() } });
    await completeSignIn(client, false);
  } catch (error) {
    return { errors: registrationRefusal(error) };
  }
  return redirect(nextAfterSignIn(request));
}
