import type { ClientToken } from '@detal/contract';
import { callShop } from '../api/index.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useBasketStore } from '../../stores/basket.ts';

/**
 * After client-login or client-registration answered: the token goes into the `token` cookie (a session cookie,
 * or 24 h with "remember me"), the browser's basket ids are replaced by the client's own (the store reloads the
 * count, spec section 4), and the header learns the client's name.
 */
export async function completeSignIn(client: ClientToken, remember: boolean): Promise<void> {
  useAuthStore.getState().signIn(client.access_token, remember);
  useBasketStore.getState().setBasket({ basket_id: client.basket_id, basket_key: client.basket_key });
  await refreshSignedInClient();
}

/** Asks client-me who is signed in, for the header; a failure leaves the name unknown (the header says "Кабинет"). */
export async function refreshSignedInClient(): Promise<void> {
  try {
    const { client } = await callShop('client-me');
    useAuthStore.getState().setClient(client);
  } catch {
    // The request layer has reported it; a 401 has already dropped the session.
  }
}

/**
 * Logout: the server revokes the token, then the browser forgets it with the basket ids (spec section 4). A
 * failed call still signs the browser out: the token stays unused and expires within 24 h.
 */
export async function signOut(): Promise<void> {
  await callShop('client-logout', { skipErrorHandling: true }).catch(() => undefined);
  useAuthStore.getState().signOut();
}
