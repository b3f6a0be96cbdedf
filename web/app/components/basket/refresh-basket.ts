import { loadBasket } from './basket-api.ts';

/**
 * The basket store's way into the basket API, imported lazily by the store (the API's request layer reads the
 * auth store, which clears the basket store at logout): reloads the held basket's count, dropping a dead key.
 * A failure leaves the stored count as it was; the badge is a hint, the basket page shows the truth.
 */
export async function refreshHeldBasket(): Promise<void> {
  await loadBasket().catch(() => undefined);
}
