import {
  ADDRESS_REQUIRED_MESSAGE,
  firstError,
  INVALID_PHONE_MESSAGE,
  maxLength,
  normalizeRussianPhone,
  PAST_DATE_MESSAGE,
  REPLACEMENT_DAYS_MESSAGE,
  REPLACEMENT_PERCENT_MESSAGE,
  required,
  validEmail,
  validTime,
} from '@detal/contract/browser';
import type { CheckoutDeliveryMethod, EndpointBodyInput, Preorder, Rule, ShopEndpoints } from '@detal/contract';
import { readErrorBody } from '../../lib/api/errors.ts';

/** The step-2 form (contract section 6) as the page edits it: every field a string, as inputs hold them. */
export interface CheckoutFormValues {
  client_shops_email: string;
  last_name: string;
  first_name: string;
  middle_name: string;
  company_name: string;
  phone_number: string;
  /** The chosen method's id. */
  delivery_method_id: string;
  /** A saved address's id, or NEW_ADDRESS for the text in `delivery_address`. */
  address_choice: string;
  delivery_address: string;
  /** 'yyyy-mm-dd' from the date picker, or ''. */
  desired_date: string;
  desired_time: string;
  comment: string;
  /** (issue 30) The payer billed: one of the client's payers' id, or '' to buy as a person. */
  payer_id: string;
  /**
   * (issue 29) 'on' when the client accepts a replacement should a supplier refuse a line, '' otherwise; the limits
   * as typed (whole percent above the price, whole days beyond the delivery).
   */
  replacement_allowed: string;
  replacement_max_price_percent: string;
  replacement_max_extra_days: string;
}

export type CheckoutField = keyof CheckoutFormValues;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;
export type Step2Body = EndpointBodyInput<ShopEndpoints['create-order-order-step2-from-items-post']>;

export const NEW_ADDRESS = 'new';

/** The limits the replacement block offers first: «до +5 % к цене, до +2 дней». */
export const DEFAULT_REPLACEMENT = { percent: 5, days: 2 } as const;

/** A whole number from 0 to `max`, as the contract takes it (typed text: digits only). */
const wholeUpTo =
  (max: number, message: string, values: CheckoutFormValues): Rule =>
  (value) => {
    if (values.replacement_allowed !== 'on') return true;
    const text = typeof value === 'string' ? value.trim() : '';
    return (/^\d{1,2}$/.test(text) && Number(text) <= max) || message;
  };

/** The fields the form submits, named as the values. */
export const CHECKOUT_FIELDS = [
  'client_shops_email',
  'last_name',
  'first_name',
  'middle_name',
  'company_name',
  'phone_number',
  'delivery_method_id',
  'address_choice',
  'delivery_address',
  'desired_date',
  'desired_time',
  'comment',
  'payer_id',
  'replacement_allowed',
  'replacement_max_price_percent',
  'replacement_max_extra_days',
] as const satisfies readonly CheckoutField[];

/** The form as step 1 prefills it: the account's contact data, the first method, the first saved address. */
export function initialCheckoutValues(preorder: Preorder): CheckoutFormValues {
  const contact = preorder.client_shops;
  const [firstAddress] = preorder.client_shops_delivery_address;
  return {
    client_shops_email: contact.email,
    last_name: contact.last_name,
    first_name: contact.first_name,
    middle_name: contact.middle_name ?? '',
    company_name: contact.company_name ?? '',
    phone_number: contact.phone_number,
    delivery_method_id: preorder.delivery_method[0] ? String(preorder.delivery_method[0].id) : '',
    address_choice: firstAddress ? String(firstAddress.id) : NEW_ADDRESS,
    delivery_address: '',
    desired_date: '',
    desired_time: '',
    comment: '',
    // A business client's default payer is preselected (the list comes default first); a person has none.
    payer_id: preorder.payers[0] ? String(preorder.payers[0].id) : '',
    replacement_allowed: '',
    replacement_max_price_percent: String(DEFAULT_REPLACEMENT.percent),
    replacement_max_extra_days: String(DEFAULT_REPLACEMENT.days),
  };
}

/** The method the form names, or null. */
export function chosenMethod(values: CheckoutFormValues, methods: readonly CheckoutDeliveryMethod[]) {
  return methods.find((method) => String(method.id) === values.delivery_method_id) ?? null;
}

const validPhone: Rule = (value) =>
  typeof value !== 'string' || value.trim() === '' || normalizeRussianPhone(value) !== null || INVALID_PHONE_MESSAGE;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A desired date is a real 'yyyy-mm-dd' not before the shop's today. */
const notBefore =
  (today: string): Rule =>
  (value) => {
    if (typeof value !== 'string' || value === '') return true;
    if (!CALENDAR_DATE.test(value)) return 'Введите дату в формате ГГГГ-ММ-ДД';
    return value >= today || PAST_DATE_MESSAGE;
  };

/**
 * The spec's generic rules (required, e-mail, length; one error per field) plus the checkout's own: a Russian
 * phone, a method, an address when the method needs one, a date not in the past, the time format. The server
 * checks all of it again.
 */
export function validateCheckout(
  values: CheckoutFormValues,
  methods: readonly CheckoutDeliveryMethod[],
  today: string,
): CheckoutErrors {
  const method = chosenMethod(values, methods);
  const needsNewAddress = method?.needs_address === true && values.address_choice === NEW_ADDRESS;
  const rules: Partial<Record<CheckoutField, Rule[]>> = {
    client_shops_email: [required('Введите e-mail'), validEmail()],
    last_name: [required('Введите фамилию'), maxLength(100)],
    first_name: [required('Введите имя'), maxLength(100)],
    middle_name: [maxLength(100)],
    company_name: [maxLength(200)],
    phone_number: [required('Введите номер телефона'), validPhone],
    delivery_method_id: [() => method !== null || 'Выберите способ доставки'],
    delivery_address: needsNewAddress ? [required(ADDRESS_REQUIRED_MESSAGE), maxLength(500)] : [],
    desired_date: [notBefore(today)],
    desired_time: [validTime()],
    comment: [maxLength(1000)],
    replacement_max_price_percent: [wholeUpTo(20, REPLACEMENT_PERCENT_MESSAGE, values)],
    replacement_max_extra_days: [wholeUpTo(14, REPLACEMENT_DAYS_MESSAGE, values)],
  };
  const errors: CheckoutErrors = {};
  for (const [field, fieldRules] of Object.entries(rules) as [CheckoutField, Rule[]][]) {
    const error = firstError(values[field], fieldRules);
    if (error !== null) errors[field] = error;
  }
  return errors;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The step-2 request of the form, for the chosen basket lines; the address counts when the method needs one. */
export function step2Body(
  values: CheckoutFormValues,
  basket: { basket_id: number; basket_key: string },
  lineIds: readonly number[],
  needsAddress: boolean,
): Step2Body {
  const savedAddress = needsAddress && values.address_choice !== NEW_ADDRESS;
  return {
    basket_id: basket.basket_id,
    basket_key: basket.basket_key,
    itemsForOrder: [...lineIds],
    client_shops_email: values.client_shops_email.trim(),
    first_name: values.first_name,
    last_name: values.last_name,
    middle_name: orNull(values.middle_name),
    company_name: orNull(values.company_name),
    phone_number: values.phone_number,
    delivery_method_id: Number(values.delivery_method_id),
    delivery_address_id: savedAddress ? Number(values.address_choice) : null,
    delivery_address: needsAddress && !savedAddress ? orNull(values.delivery_address) : null,
    desired_date: orNull(values.desired_date),
    desired_time: orNull(values.desired_time),
    comment: orNull(values.comment),
    payer_id: values.payer_id ? Number(values.payer_id) : null,
    // Both limits or neither: unchecked, no replacement happens by itself.
    ...(values.replacement_allowed === 'on'
      ? {
          replacement_max_price_percent: Number(values.replacement_max_price_percent.trim()),
          replacement_max_extra_days: Number(values.replacement_max_extra_days.trim()),
        }
      : {}),
  };
}

/** Where a field of the server's 422 shows on this form. */
const FIELD_OF_REQUEST: Record<string, CheckoutField> = {
  client_shops_email: 'client_shops_email',
  last_name: 'last_name',
  first_name: 'first_name',
  middle_name: 'middle_name',
  company_name: 'company_name',
  phone_number: 'phone_number',
  delivery_method_id: 'delivery_method_id',
  delivery_address_id: 'address_choice',
  delivery_address: 'delivery_address',
  desired_date: 'desired_date',
  desired_time: 'desired_time',
  comment: 'comment',
  payer_id: 'payer_id',
  replacement_max_price_percent: 'replacement_max_price_percent',
  replacement_max_extra_days: 'replacement_max_extra_days',
};

/**
 * A 422 answer split into the form's field errors and the rest (lines no longer in the basket, a basket that
 * cannot be ordered from), which the page shows above the form.
 */
export function splitServerErrors(body: unknown): { fields: CheckoutErrors; general: string[] } {
  const { message, error } = readErrorBody(body);
  if (typeof error !== 'object') return { fields: {}, general: message ? [message] : [] };
  const fields: CheckoutErrors = {};
  const general: string[] = [];
  for (const [name, messages] of Object.entries(error)) {
    const field = FIELD_OF_REQUEST[name];
    if (field) fields[field] = messages[0];
    else general.push(...messages);
  }
  return { fields, general };
}

/** A 409 answer: what changed, one text per change (old and new price, the stock left). */
export function orderChanges(body: unknown): string[] {
  const { message, error } = readErrorBody(body);
  if (typeof error === 'object') return Object.values(error).flat();
  return message ? [message] : [];
}

/** Basket line ids of `?items=1,2,3`; null when the address names none or names them wrong. */
export function parseLineIds(params: URLSearchParams): number[] | null {
  const raw = params.get('items');
  if (!raw || !/^\d+(,\d+)*$/.test(raw)) return null;
  const ids = [...new Set(raw.split(',').map(Number))];
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
}
