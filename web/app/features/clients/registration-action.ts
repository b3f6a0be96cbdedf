import { redirect } from 'react-router';
import { callShop } from '../../lib/api/index.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import { heldBasket } from '../basket/held-basket.ts';
import { CONTACT_FIELDS, contactRules } from './ContactFields.tsx';
import { afterSignInPath, confirmationRules, emailRules, newPasswordRules, serverFieldErrors } from './forms.ts';
import { completeSignIn } from './sign-in.ts';

const REGISTRATION_FIELDS = [...CONTACT_FIELDS, 'email', 'password', 'password_confirmation'] as const;
type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/**
 * The registration form's action (routes/register.tsx): checks the fields as the server does, registers with the
 * anonymous basket, signs in (a session cookie) and goes on to `next`. A refusal was shown by the error catalogue;
 * its field messages stay under the fields.
 */
export async function registrationAction(
  request: Request,
): Promise<{ errors: Partial<Record<RegistrationField, string>> } | Response> {
  const values = submittedFields(await request.formData(), REGISTRATION_FIELDS);
  const errors = fieldErrors(values, {
    ...contactRules,
    email: emailRules,
    password: newPasswordRules,
    password_confirmation: confirmationRules,
  });
  if (hasErrors(errors)) return { errors };
  try {
    const { client } = await callShop('client-registration', { body: { ...values, ...heldBasket() } });
    await completeSignIn(client, false);
  } catch (error) {
    return { errors: serverFieldErrors(REGISTRATION_FIELDS, error) };
  }
  return redirect(afterSignInPath(new URL(request.url).searchParams.get('next')));
}
