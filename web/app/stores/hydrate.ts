import { useAuthStore } from './auth.ts';
import { useBasketStore } from './basket.ts';

/** Reads the persisted stores from localStorage; called once after the first client render. */
export async function hydrateClientStores(): Promise<void> {
  await Promise.all([useBasketStore.persist.rehydrate(), useAuthStore.persist.rehydrate()]);
}
