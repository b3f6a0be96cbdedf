import { redirect, type AppLoadContext } from 'react-router';
import { TOKEN_COOKIE_MAX_AGE_SECONDS } from '@detal/contract/browser';
import { createServerApi } from '../../lib/api/ssr-client.server.ts';
import { tokenCookie } from '../../lib/api/token.ts';
import { publicOrigin } from '../../lib/public-url.server.ts';
import { CONTACT_FIELDS } from './ContactFields.tsx';
import { checkRegistration, registrationRefusal } from './registration-action.ts';
import { checkSignIn, nextAfterSignIn, signInRefusal } from './sign-in-action.ts';

/*
 * Sign-in and registration sent before the page's scripts ran, or without them: the same checks and the same API
 * call, made by the server, which then sets the `token` cookie itself. With scripts the browser's actions
 * (sign-in-action.ts, registration-action.ts) run instead and also bring the anonymous basket along; without them
 * there is no basket in the browser to bring.
 */

function signedInRedirect(request: Request, token: string, remember: boolean): Response {
  const cookie = tokenCookie(
    token,
    remember ? TOKEN_COOKIE_MAX_AGE_SECONDS : undefined,
    publicOrigin(request).startsWith('https:'),
  );
  return redirect(nextAfterSignIn(request), { headers: { 'Set-Cookie': cookie } });
}

/** A refused form comes back as a new page: what was typed (never a password) goes back into its fields. */
const typed = (form: FormData, fields: readonly string[]): Record<string, string> =>
  Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? '')]));

export async function signInOnServer(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const checked = checkSignIn(form);
  const values = typed(form, ['email']);
  if ('errors' in checked) return { ...checked, values };
  try {
    const { client } = await createServerApi(request, context).callShop('client-login', { body: checked.body });
    return signedInRedirect(request, client.access_token, checked.body.remember);
  } catch (error) {
    return { errors: signInRefusal(error), values };
  }
}

export async function registerOnServer(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const checked = checkRegistration(form);
  const values = typed(form, [...CONTACT_FIELDS, 'email']);
  if ('errors' in checked) return { ...checked, values };
  try {
    const { client } = await createServerApi(request, context).callShop('client-registration', { body: checked.body });
    return signedInRedirect(request, client.access_token, false);
  } catch (error) {
    return { errors: registrationRefusal(error), values };
  }
}
