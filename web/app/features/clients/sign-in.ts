import type { ClientToken } from '@detal/contract';
import { callShop } from '../../lib/api/index.ts';
import { removeToken, setToken } from '../../lib/api/token.ts';
import { refreshHeldBasket } from '../basket/basket-api.ts';
import { forgetBasket, rememberBasket } from '../basket/held-basket.ts';

/**
 * The browser's side of the session: the token lives in the `token` cookie only. Who is signed in is the root
 * loader's answer (client-me on the server, from that cookie); the router runs it again after every action and
 * after sign-out, so nothing else in the browser keeps a copy.
 */

/**
 * After client-login or client-registration answered: the token goes into the `token` cookie (a session cookie,
 * or 24 h with "remember me") and the browser's basket ids are replaced by the client's own, whose count is asked
 * for (spec section 4).
 */
export async function completeSignIn(client: ClientToken, remember: boolean): Promise<void> {
  setToken(client.access_token, remember);
  rememberBasket({ basket_id: client.basket_id, basket_key: client.basket_key });
  await refreshHeldBasket();
}

/** The browser forgets the session: the token and the basket ids (spec section 4). */
export function signOutBrowser(): void {
  removeToken();
  forgetBasket();
}

/**
 * Logout: the server revokes the token, then the browser forgets it with the basket ids. A failed call still
 * signs the browser out: the token stays unused and expires within 24 h.
 */
export async function signOut(): Promise<void> {
  await callShop('client-logout', { handles: 'all' }).catch(() => undefined);
  signOutBrowser();
}
