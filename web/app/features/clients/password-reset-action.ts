import { redirect } from 'react-router';
import { notifications } from '../../ui/index.ts';
import { callShop, isApiError } from '../../lib/api/index.ts';
import { readErrorBody } from '../../lib/api/errors.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import { confirmationRules, emailRules, newPasswordRules, serverFieldErrors } from './forms.ts';
import { signOutBrowser } from './sign-in.ts';
import { paths } from '../../paths.ts';

export type PasswordResetResult =
  /** Step 1 answered: the text to show (the same whether or not the e-mail has an account). */
  | { sent: string }
  | {
      errors: Partial<Record<'email' | 'password' | 'password_confirmation', string>>;
      /** Step 2: the link itself was refused (used, expired, unknown). */
      linkError?: string;
    };

/** Step 1: the e-mail to send a reset link to. */
async function requestLink(form: FormData): Promise<PasswordResetResult> {
  const email = submittedFields(form, ['email']).email.trim();
  const errors = fieldErrors({ email }, { email: emailRules });
  if (hasErrors(errors)) return { errors };
  try {
    const { message } = await callShop('client-reset-password', { body: { email } });
    return { sent: message };
  } catch (error) {
    return { errors: serverFieldErrors(['email'], error) };
  }
}

/** Step 2, from the e-mailed link: the new password. Every session of the client ends, this browser's too. */
async function setNewPassword(form: FormData, token: string): Promise<PasswordResetResult | Response> {
  const values = submittedFields(form, ['password', 'password_confirmation']);
  const errors = fieldErrors(values, { password: newPasswordRules, password_confirmation: confirmationRules });
  if (hasErrors(errors)) return { errors };
  try {
    await callShop('client-reset-password-confirm', { body: { token, ...values } });
  } catch (error) {
    const detail = isApiError(error) ? readErrorBody(error.body).error : undefined;
    const linkError = typeof detail === 'object' ? detail.token?.[0] : undefined;
    return { errors: serverFieldErrors(['password', 'password_confirmation'], error), linkError };
  }
  signOutBrowser();
  notifications.show({ color: 'green', message: 'Пароль изменён. Войдите с новым паролем' });
  return redirect(paths.login());
}

/** The action of /reset-password: the link's `token` in the address says which step was submitted. */
export async function passwordResetAction(request: Request): Promise<PasswordResetResult | Response> {
  const form = await request.formData();
  const token = new URL(request.url).searchParams.get('token');
  return token ? setNewPassword(form, token) : requestLink(form);
}
