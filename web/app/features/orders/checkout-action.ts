import { redirect } from 'react-router';
import { callShop, isApiError } from '../../lib/api/index.ts';
import { submittedFields } from '../../lib/submitted-form.ts';
import { loadBasket } from '../basket/basket-api.ts';
import { heldBasket } from '../basket/held-basket.ts';
import {
  CHECKOUT_FIELDS,
  NEW_ADDRESS,
  orderChanges,
  parseLineIds,
  splitServerErrors,
  step2Body,
} from './checkout-form.ts';
import type { CheckoutErrors } from './checkout-form.ts';
import { paths } from '../../paths.ts';

/** What went wrong on the last submit, above the form: changed prices or stock (409), or lines gone (422, 404). */
export interface CheckoutNotice {
  kind: 'changed' | 'refused';
  messages: string[];
}

export interface CheckoutRefusal {
  notice: CheckoutNotice | null;
  fieldErrors: CheckoutErrors;
}

/** The form says whether its method needs an address: the action has no preorder to look the method up in. */
export const NEEDS_ADDRESS_FIELD = 'needs_address';

/**
 * Step 2 of checkout (routes/order-create.tsx), for the basket lines of `?items=` in the browser's basket: places
 * the order and opens it. This call handles what the page shows itself (409 changed prices, 422 refused fields or
 * lines, 404 a basket gone); the error catalogue shows any other failure and the form stays as filled. After a
 * 409 the router runs step 1 again, so the form shows the current prices and the next submit passes.
 */
export async function checkoutAction(request: Request): Promise<CheckoutRefusal | Response> {
  const lineIds = parseLineIds(new URL(request.url).searchParams) ?? [];
  const basket = heldBasket() ?? { basket_id: 0, basket_key: '' };
  const form = await request.formData();
  const values = submittedFields(form, CHECKOUT_FIELDS);
  // Without saved addresses the form offers no choice: the typed address is the one.
  if (values.address_choice === '') values.address_choice = NEW_ADDRESS;
  const body = step2Body(values, basket, lineIds, form.get(NEEDS_ADDRESS_FIELD) === 'true');
  try {
    const placed = await callShop('create-order-order-step2-from-items-post', { body, handles: [404, 409, 422] });
    // The ordered lines left the basket: the header's count and the basket page must say so.
    await loadBasket().catch(() => null);
    return redirect(paths.order(placed.orderForClient.id, true));
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 409)
      return { notice: { kind: 'changed', messages: orderChanges(error.body) }, fieldErrors: {} };
    if (error.status === 422) {
      const { fields, general } = splitServerErrors(error.body);
      return { notice: general.length > 0 ? { kind: 'refused', messages: general } : null, fieldErrors: fields };
    }
    if (error.status === 404) return { notice: { kind: 'refused', messages: [error.message] }, fieldErrors: {} };
    return { notice: null, fieldErrors: {} };
  }
}
