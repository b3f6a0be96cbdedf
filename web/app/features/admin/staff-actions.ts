import { redirect } from 'react-router';
import { STAFF_ROLES, type StaffRole } from '@detal/contract';
import { callAdmin, isApiError } from '../../lib/api/index.ts';
import { paths } from '../../paths.ts';

/**
 * The back office's writes run in the browser (route clientActions): the browser calls /api/v1/admin/ itself,
 * so the staff cookie is set and sent by the browser alone (httpOnly), and the server's same-origin check sees
 * the browser's own Origin and Sec-Fetch-Site. A refusal (422) was shown by the error catalogue; a 401 sends the
 * visitor to the sign-in page.
 */

const text = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

async function signedIn<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(paths.adminLogin());
    if (isApiError(error)) return null;
    throw error;
  }
}

/** /admin/login: sign in (then to the orders), or sign out (the layout's button). */
export async function signInAction(request: Request): Promise<Response | { failed: true }> {
  const form = await request.formData();
  if (text(form, 'intent') === 'sign-out') {
    await signedIn(callAdmin('staff-sign-out', { body: {}, handles: [401] }));
    return redirect(paths.adminLogin());
  }
  const done = await signedIn(
    callAdmin('staff-sign-in', { body: { email: text(form, 'email').trim(), password: text(form, 'password') } }),
  );
  return done ? redirect(paths.adminOrders()) : { failed: true };
}

/** /admin/staff: invite, block, unblock. */
export async function staffAction(request: Request): Promise<{ done: boolean }> {
  const form = await request.formData();
  const intent = text(form, 'intent');
  if (intent === 'invite') {
    const role = text(form, 'role') as StaffRole;
    const body = {
      email: text(form, 'email').trim(),
      name: text(form, 'name').trim(),
      role: STAFF_ROLES.includes(role) ? role : 'manager',
    };
    return { done: (await signedIn(callAdmin('staff-invite', { body, handles: [401] }))) !== null };
  }
  const id = Number(text(form, 'id'));
  const path = intent === 'unblock' ? 'staff-unblock' : 'staff-block';
  return { done: (await signedIn(callAdmin(path, { body: { id }, handles: [401] }))) !== null };
}

/** /admin/set-password: the password from an invitation link, then to the sign-in page. */
export async function setPasswordAction(request: Request): Promise<Response | { failed: true }> {
  const form = await request.formData();
  const body = {
    token: text(form, 'token'),
    password: text(form, 'password'),
    password_confirmation: text(form, 'password_confirmation'),
  };
  try {
    await callAdmin('staff-set-password', { body });
  } catch (error) {
    if (isApiError(error)) return { failed: true };
    throw error;
  }
  return redirect(`${paths.adminLogin()}?password=set`);
}
