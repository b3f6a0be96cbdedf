import { createElement } from 'react';
import { notifications } from '../../ui/index.ts';
import { NOTIFICATION_DURATION_MS } from '@detal/contract/browser';
import type { Basket } from '@detal/contract';
import { isApiError } from '../../lib/api/index.ts';
import { notifyError } from '../../lib/notify.ts';
import { paths } from '../../paths.ts';
import { AddedNotice } from './AddedNotice.tsx';
import {
  addToBasket,
  clearAllLines,
  deleteLine,
  isBasketGone,
  loadBasket,
  setLineQuantity,
  stepLineQuantity,
} from './basket-api.ts';

/**
 * The basket page's loader and its one action (routes/cart.tsx), as Hydrogen's cart: every basket write is a
 * submission to /cart with an `intent`, and the page's lines are reloaded by revalidation after it.
 */

export type BasketIntent = 'add' | 'step' | 'set' | 'delete' | 'clear';

/** The lines to show: null for no basket (or an empty one), 'failed' when they could not be loaded. */
export type BasketLoad = { basket: Basket | null } | { basket: 'failed' };

export async function loadBasketPage(): Promise<BasketLoad> {
  try {
    const basket = await loadBasket();
    return { basket: basket && basket.items.length > 0 ? basket : null };
  } catch {
    return { basket: 'failed' };
  }
}

/** What an add answers to the form that sent it: how many were added, or why not (409: the stock). */
export type BasketActionResult = { added: number } | { refusal: string } | null;

/** A whole number of pieces within 1 and the stock, from what the quantity box holds. */
export function boundedQuantity(value: number | string, stock: number): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(number)) return 1;
  return Math.min(Math.max(Math.trunc(number), 1), Math.max(stock, 1));
}

const NO_CONNECTION = 'Нет связи с магазином. Проверьте подключение и повторите';

/**
 * The failures the basket's calls handle themselves: a dead basket was dropped quietly already; any other 404 is
 * shown as the catalogue would, and a failure without a response too (the visitor pressed a button and must learn
 * that nothing happened).
 */
function reportBasketFailure(error: unknown): null {
  if (!isApiError(error)) throw error;
  if (error.status === 0) notifyError(NO_CONNECTION);
  else if (error.status === 404 && !isBasketGone(error)) notifyError(error.message);
  return null;
}

const numberField = (form: FormData, name: string): number => Number(form.get(name));

/** The basket's one action: switches on the submitted intent. */
export async function basketAction(request: Request): Promise<BasketActionResult> {
  const form = await request.formData();
  const intent = form.get('intent') as BasketIntent | null;
  try {
    switch (intent) {
      case 'add': {
        const pieces = boundedQuantity(String(form.get('quantity') ?? ''), numberField(form, 'stock'));
        const [analogArticle, analogBrand] = [form.get('analog_article'), form.get('analog_brand')];
        const analogOf =
          typeof analogArticle === 'string' && analogArticle && typeof analogBrand === 'string' && analogBrand
            ? { article: analogArticle, brand_name: analogBrand }
            : undefined;
        await addToBasket(numberField(form, 'offer'), pieces, analogOf);
        const part = form.get('part');
        notifications.show({
          color: 'green',
          message: createElement(AddedNotice, { part: typeof part === 'string' && part !== '' ? part : null, pieces }),
          autoClose: NOTIFICATION_DURATION_MS,
          withBorder: true,
        });
        return { added: pieces };
      }
      case 'step':
        await stepLineQuantity(numberField(form, 'line'), numberField(form, 'step') > 0 ? 1 : -1);
        return null;
      case 'set':
        await setLineQuantity(numberField(form, 'line'), numberField(form, 'quantity'));
        return null;
      case 'delete':
        await deleteLine(numberField(form, 'line'));
        return null;
      case 'clear':
        await clearAllLines();
        return null;
      default:
        throw new Response(`Unknown basket intent: ${String(intent)}`, { status: 400 });
    }
  } catch (error) {
    if (intent === 'add' && isApiError(error) && error.status === 409) return { refusal: error.message };
    return reportBasketFailure(error);
  }
}

/** Submission options of a basket write: only the basket page reloads after it (see cart.tsx's shouldRevalidate). */
export const basketSubmit = { method: 'post', action: paths.cart(), defaultShouldRevalidate: false } as const;

/** Whether a submission was a basket write: the basket page revalidates after those. */
export const isBasketWrite = (formAction: string | undefined): boolean => formAction === paths.cart();
