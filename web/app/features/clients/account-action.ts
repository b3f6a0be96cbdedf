import { notifications } from '../../ui/index.ts';
import { maxLength, required } from '@detal/contract/browser';
import { callShop } from '../../lib/api/index.ts';
import { fieldErrors, hasErrors, submittedFields } from '../../lib/submitted-form.ts';
import type { FieldCheck } from '../../lib/submitted-form.ts';
import { CONTACT_FIELDS, contactRules } from './ContactFields.tsx';
import { checkPayer, payerServerErrors } from '../payers/payer-form.ts';
import { byRules, confirmationRules, currentPasswordRules, newPasswordRules, serverFieldErrors } from './forms.ts';

/** What a form of the account page learns from its submit: it went through, or the messages for its fields. */
export type AccountFormResult = { done: true } | { done: false; errors: Partial<Record<string, string>> };

/** The intents of the account page's forms, each a fetcher form of its own. */
export type AccountIntent =
  'profile' | 'add-address' | 'delete-address' | 'change-password' | 'save-payer' | 'default-payer' | 'archive-payer';

const addressRules = byRules(required('Введите адрес доставки'), maxLength(500));
const PASSWORD_FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/**
 * A form's write: its fields checked as the server checks them, then the call; on success the notification, if
 * any. A refusal was shown by the error catalogue and its field messages come back for the form.
 */
async function checkedWrite<V extends Record<string, string>>(
  values: V,
  checks: { [K in keyof V]?: FieldCheck<V> },
  write: (values: V) => Promise<unknown>,
  success?: string,
): Promise<AccountFormResult> {
  const errors = fieldErrors(values, checks);
  if (hasErrors(errors)) return { done: false, errors };
  try {
    await write(values);
  } catch (error) {
    return { done: false, errors: serverFieldErrors(Object.keys(values), error) };
  }
  if (success) notifications.show({ color: 'green', message: success });
  return { done: true };
}

/** The profile form always carries its checkbox, so an absent value is an unchecked box. */
const saveProfile = (form: FormData) =>
  checkedWrite(
    submittedFields(form, CONTACT_FIELDS),
    contactRules,
    (body) =>
      callShop('client-update-account', {
        body: { ...body, notify_status_emails: form.get('notify_status_emails') === 'on' },
      }),
    'Данные сохранены',
  );

const addAddress = (form: FormData) =>
  checkedWrite(submittedFields(form, ['address'] as const), { address: addressRules }, (body) =>
    callShop('client-delivery-address-save', { body }),
  );

async function deleteAddress(form: FormData): Promise<AccountFormResult> {
  try {
    await callShop('client-delivery-address-delete', { body: { id: Number(form.get('id')) } });
  } catch {
    // The error catalogue has shown what went wrong; the address stays listed.
    return { done: false, errors: {} };
  }
  return { done: true };
}

const changePassword = (form: FormData) =>
  checkedWrite(
    submittedFields(form, PASSWORD_FIELDS),
    { current_password: currentPasswordRules, password: newPasswordRules, password_confirmation: confirmationRules },
    (body) => callShop('client-change-password', { body }),
    'Пароль изменён. На других устройствах нужно войти заново',
  );

/**
 * A payer added (no `id`) or corrected (issue 30): its requisites checked in the browser by the contract's own
 * check digits, then sent. The server may answer a corrected payer with a new id (a new version, when an order
 * names the old one); the list is reloaded either way.
 */
async function savePayer(form: FormData): Promise<AccountFormResult> {
  const checked = checkPayer(form);
  if ('errors' in checked) return { done: false, errors: checked.errors };
  const id = Number(form.get('id')) || null;
  const isDefault = form.get('is_default') === 'on';
  try {
    if (id === null) {
      await callShop('client-payer-create-post', { body: { ...checked.payer, is_default: isDefault } });
    } else {
      const { payer } = await callShop('client-payer-update-post', {
        body: { ...checked.payer, id, is_default: isDefault },
      });
      if (payer.id !== id) {
        notifications.show({
          color: 'green',
          message:
            'Плательщик уже указан в заказах: сохранена новая версия реквизитов, документы по старым заказам не меняются',
        });
        return { done: true };
      }
    }
  } catch (error) {
    return { done: false, errors: payerServerErrors(error) };
  }
  notifications.show({ color: 'green', message: 'Реквизиты сохранены' });
  return { done: true };
}

const payerCall =
  (path: 'client-payer-default-post' | 'client-payer-archive-post') =>
  async (form: FormData): Promise<AccountFormResult> => {
    try {
      await callShop(path, { body: { id: Number(form.get('id')) } });
    } catch {
      // The error catalogue has shown what went wrong.
      return { done: false, errors: {} };
    }
    return { done: true };
  };

const byIntent: Record<AccountIntent, (form: FormData) => Promise<AccountFormResult>> = {
  'save-payer': savePayer,
  'default-payer': payerCall('client-payer-default-post'),
  'archive-payer': payerCall('client-payer-archive-post'),
  profile: saveProfile,
  'add-address': addAddress,
  'delete-address': deleteAddress,
  'change-password': changePassword,
};

/**
 * The account page's one action (routes/account.tsx), switching on the submitted `intent`. The router then
 * reloads the page's data (the profile and addresses as stored) and the root's (the header's name).
 */
export async function accountAction(request: Request): Promise<AccountFormResult> {
  const form = await request.formData();
  const intent = form.get('intent');
  const run = byIntent[intent as AccountIntent] as ((form: FormData) => Promise<AccountFormResult>) | undefined;
  if (!run) throw new Response(`Unknown intent: ${String(intent)}`, { status: 400 });
  return run(form);
}
