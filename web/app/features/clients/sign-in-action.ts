import { redirect } from 'react-router';
import { notifications } from '../../ui/index.ts';
import { callShop, isApiError } from '../../lib/api/index.ts';
import { readErrorBody } from '../../lib/api/errors.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import { heldBasket } from '../basket/held-basket.ts';
import { afterSignInPath, currentPasswordRules, emailRules, serverFieldErrors } from './forms.ts';
import { completeSignIn } from './sign-in.ts';

/** Field messages, and `form` for a refusal that names no field (wrong e-mail or password, a blocked client). */
export type SignInFieldErrors = Partial<Record<'email' | 'password' | 'form', string>>;

/** What client-login is sent, once the form's fields passed the generic rules; else their messages. */
export function checkSignIn(
  form: FormData,
): { body: { email: string; password: string; remember: boolean } } | { errors: SignInFieldErrors } {
  const { email, password } = submittedFields(form, ['email', 'password']);
  const errors = fieldErrors({ email: email.trim(), password }, { email: emailRules, password: currentPasswordRules });
  if (hasErrors(errors)) return { errors };
  return { body: { email: email.trim(), password, remember: form.get('remember') === 'on' } };
}

/** A refused sign-in in the form: under its field, or above the button when it names none. */
export function signInRefusal(error: unknown): SignInFieldErrors {
  const onFields = serverFieldErrors(['email', 'password'], error);
  if (hasErrors(onFields) || !isApiError(error) || error.status === 0) return onFields;
  return { form: readErrorBody(error.body).message || error.message };
}

/** Where a sign-in or a registration goes on to: the `next` of the form's URL, when it is this shop's. */
export const nextAfterSignIn = (request: Request): string =>
  afterSignInPath(new URL(request.url).searchParams.get('next'));

/**
 * The sign-in form's action in the browser (routes/login.tsx). Checks the fields as the server does, signs in with
 * the anonymous basket, and goes on to `next`; a refusal was shown by the error catalogue (a notice) and also stays
 * in the form.
 */
export async function signInAction(request: Request): Promise<{ errors: SignInFieldErrors } | Response> {
  const checked = checkSignIn(await request.formData());
  if ('errors' in checked) return checked;
  try {
    const { client } = await callShop('client-login', { body: { ...checked.body, ...heldBasket() } });
    await completeSignIn(client, checked.body.remember);
  } catch (error) {
    return { errors: signInRefusal(error) };
  }
  // The refusals of earlier tries were notices too (spec section 8): they must not stay over the next page.
  notifications.clean();
  return redirect(nextAfterSignIn(request));
}
