import { redirect } from 'react-router';
import { callShop } from '../../lib/api/index.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import { heldBasket } from '../basket/held-basket.ts';
import { afterSignInPath, currentPasswordRules, emailRules, serverFieldErrors } from './forms.ts';
import { completeSignIn } from './sign-in.ts';

export type SignInFieldErrors = Partial<Record<'email' | 'password', string>>;

/**
 * The sign-in form's action (routes/login.tsx). Checks the fields as the server does, signs in with the anonymous
 * basket, and goes on to `next`; a refusal was shown by the error catalogue and its field messages stay under the
 * fields.
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
    return { errors: serverFieldErrors(['email', 'password'], error) };
  }
  return redirect(afterSignInPath(new URL(request.url).searchParams.get('next')));
}
