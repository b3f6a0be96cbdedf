import { redirect } from 'react-router';
import { notifications } from '@mantine/notifications';
import { callShop, isApiError } from '../../lib/api/index.ts';
import { readErrorBody } from '../../lib/api/errors.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import { heldBasket } from '../basket/held-basket.ts';
import { afterSignInPath, currentPasswordRules, emailRules, serverFieldErrors } from './forms.ts';
import { completeSignIn } from './sign-in.ts';

/** Field messages, and `form` for a refusal that names no field (wrong e-mail or password, a blocked client). */
export type SignInFieldErrors = Partial<Record<'email' | 'password' | 'form', string>>;

/**
 * The sign-in form's action (routes/login.tsx). Checks the fields as the server does, signs in with the anonymous
 * basket, and goes on to `next`; a refusal was shown by the error catalogue (a notice) and also stays in the form:
 * under its field, or above the button when it names none.
 */
export async function signInAction(request: Request): Promise<{ errors: SignInFieldErrors } | Response> {
  const form = await request.formData();
  const { email, password } = submittedFields(form, ['email', 'password']);
  const remember = form.get('remember') === 'on';
  const errors = fieldErrors({ email: email.trim(), password }, { email: emailRules, password: currentPasswordRules });
  if (hasErrors(errors)) return { errors };
  try {
    const { client } = await callShop('client-login', {
      body: { email: email.trim(), password, remember, ...heldBasket() },
    });
    await completeSignIn(client, remember);
  } catch (error) {
    const onFields = serverFieldErrors(['email', 'password'], error);
    if (hasErrors(onFields) || !isApiError(error) || error.status === 0) return { errors: onFields };
    return { errors: { form: readErrorBody(error.body).message || error.message } };
  }
  // The refusals of earlier tries were notices too (spec section 8): they must not stay over the next page.
  notifications.clean();
  return redirect(afterSignInPath(new URL(request.url).searchParams.get('next')));
}
