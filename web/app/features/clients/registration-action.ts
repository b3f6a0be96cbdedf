import { redirect } from 'react-router';
import { callShop } from '../../lib/api/index.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import { heldBasket } from '../basket/held-basket.ts';
import { CONTACT_FIELDS, contactRules } from './ContactFields.tsx';
import { confirmationRules, emailRules, newPasswordRules, serverFieldErrors } from './forms.ts';
import { nextAfterSignIn } from './sign-in-action.ts';
import { completeSignIn } from './sign-in.ts';

const REGISTRATION_FIELDS = [...CONTACT_FIELDS, 'email', 'password', 'password_confirmation'] as const;
type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

/** What client-registration is sent, once the form's fields passed the generic rules; else their messages. */
export function checkRegistration(
  form: FormData,
): { body: Record<RegistrationField, string> } | { errors: RegistrationErrors } {
  const values = submittedFields(form, REGISTRATION_FIELDS);
  const errors = fieldErrors(values, {
    ...contactRules,
    email: emailRules,
    password: newPasswordRules,
    password_confirmation: confirmationRules,
  });
  return hasErrors(errors) ? { errors } : { body: values };
}

export const registrationRefusal = (error: unknown): RegistrationErrors =>
  serverFieldErrors(REGISTRATION_FIELDS, error);

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
