import { redirect } from 'react-router';
import { STAFF_ROLES, type StaffRole } from '@detal/contract';
import { callAdmin, isApiError } from '../../lib/api/index.ts';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import { paths } from '../../paths.ts';
import {
  confirmationRules,
  currentPasswordRules,
  emailRules,
  nameRules,
  newPasswordRules,
  serverFieldErrors,
} from '../clients/forms.ts';

/**
 * The back office's writes run in the browser (route clientActions): the browser calls /api/v1/admin/ itself,
 * so the staff cookie is set and sent by the browser alone (httpOnly), and the server's same-origin check sees
 * the browser's own Origin and Sec-Fetch-Site. The fields are checked first as the server checks them; a refusal
 * (422) was shown by the error catalogue as a notification, and its messages stay beside the fields (`form` holds
 * the one that belongs to no field, "Неверный e-mail или пароль"). Inside the session a 401 is the admin caller's (admin-shell/admin-caller.ts): the way to the sign-in page.
 */

export type FormErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** The server's 422 messages for `fields`, its message for no field (`_`) as `form`. */
function refusal<F extends string>(fields: readonly F[], error: unknown): FormErrors<F> {
  const found = serverFieldErrors([...fields, '_'], error);
  const { _: general, ...byField } = found;
  const errors: FormErrors<F> = byField as FormErrors<F>;
  if (general) errors.form = general;
  else if (!hasErrors(errors) && isApiError(error)) errors.form = error.message;
  return errors;
}

/** Runs an admin write; a refusal comes back as the error (a 401 inside the session never does: adminCall). */
async function adminWrite<T>(call: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await call };
  } catch (error) {
    if (isApiError(error)) return { ok: false, error };
    throw error;
  }
}

export type SignInErrors = FormErrors<'email' | 'password'>;

/** /admin/login: sign in (then to the orders), or sign out (the layout's button). */
export async function signInAction(request: Request): Promise<Response | { errors: SignInErrors }> {
  const form = await request.formData();
  if (form.get('intent') === 'sign-out') {
    await adminWrite(adminCall('staff-sign-out', { body: {} }));
    return redirect(paths.adminLogin());
  }
  const { email, password } = submittedFields(form, ['email', 'password']);
  const values = { email: email.trim(), password };
  const errors = fieldErrors(values, { email: emailRules, password: currentPasswordRules });
  if (hasErrors(errors)) return { errors };
  const done = await adminWrite(callAdmin('staff-sign-in', { body: values }));
  return done.ok ? redirect(paths.adminOrders()) : { errors: refusal(['email', 'password'], done.error) };
}

export type InviteErrors = FormErrors<'email' | 'name' | 'role'>;

export type StaffActionResult =
  { intent: 'invite'; invited: string | null; errors: InviteErrors } | { intent: 'block' | 'unblock'; done: boolean };

/** /admin/staff: invite, block, unblock. */
export async function staffAction(request: Request): Promise<StaffActionResult> {
  const form = await request.formData();
  const intent = form.get('intent');
  if (intent === 'invite') {
    const { email, name, role } = submittedFields(form, ['email', 'name', 'role']);
    const values = { email: email.trim(), name: name.trim(), role };
    const errors: InviteErrors = fieldErrors(values, {
      email: emailRules,
      name: nameRules('Введите имя сотрудника'),
      role: (value) => (STAFF_ROLES.includes(value as StaffRole) ? null : 'Выберите роль'),
    });
    if (hasErrors(errors)) return { intent, invited: null, errors };
    const body = { ...values, role: values.role as StaffRole };
    const done = await adminWrite(adminCall('staff-invite', { body }));
    return done.ok
      ? { intent, invited: done.value.staff.email, errors: {} }
      : { intent, invited: null, errors: refusal(['email', 'name', 'role'], done.error) };
  }
  const id = Number(form.get('id'));
  const blockIntent = intent === 'unblock' ? 'unblock' : 'block';
  const done = await adminWrite(
    adminCall(blockIntent === 'unblock' ? 'staff-unblock' : 'staff-block', { body: { id } }),
  );
  return { intent: blockIntent, done: done.ok };
}

export type SetPasswordErrors = FormErrors<'password' | 'password_confirmation' | 'token'>;

/** /admin/set-password: the password from an invitation link, then to the sign-in page. */
export async function setPasswordAction(request: Request): Promise<Response | { errors: SetPasswordErrors }> {
  const form = await request.formData();
  const values = submittedFields(form, ['token', 'password', 'password_confirmation']);
  const errors: SetPasswordErrors = fieldErrors(values, {
    password: newPasswordRules,
    password_confirmation: confirmationRules,
  });
  if (hasErrors(errors)) return { errors };
  const done = await adminWrite(callAdmin('staff-set-password', { body: values }));
  if (!done.ok) {
    const refused = refusal(['password', 'password_confirmation', 'token'], done.error);
    // The link's own fault is no field's: it is said above the form.
    const { token, ...rest } = refused;
    return { errors: token ? { ...rest, form: token } : rest };
  }
  return redirect(`${paths.adminLogin()}?password=set`);
}

export type SetupErrors = FormErrors<'email' | 'name' | 'password' | 'password_confirmation' | 'token'>;

/** /admin/setup: the shop's first owner from the link printed at start; signed in, then to the settings. */
export async function setupAction(request: Request): Promise<Response | { errors: SetupErrors }> {
  const form = await request.formData();
  const submitted = submittedFields(form, ['token', 'email', 'name', 'password', 'password_confirmation']);
  const values = { ...submitted, email: submitted.email.trim(), name: submitted.name.trim() };
  const errors: SetupErrors = fieldErrors(values, {
    email: emailRules,
    name: nameRules('Введите ваше имя'),
    password: newPasswordRules,
    password_confirmation: confirmationRules,
  });
  if (hasErrors(errors)) return { errors };
  const done = await adminWrite(callAdmin('staff-setup', { body: values }));
  if (!done.ok) {
    const refused = refusal(['email', 'name', 'password', 'password_confirmation', 'token'], done.error);
    // The link's own fault is no field's: it is said above the form.
    const { token, ...rest } = refused;
    return { errors: token ? { ...rest, form: token } : rest };
  }
  return redirect(paths.adminSettings());
}
