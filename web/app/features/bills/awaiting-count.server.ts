import type { ServerApiClient } from '../../lib/api/ssr-client.server.ts';
import { readToken } from '../../lib/api/token.ts';

/**
 * How many of the signed-in client's bills await payment, for the header and the account tabs; null for a
 * visitor or when the count could not be read (the session check, run beside it, decides about the token).
 */
export async function awaitingBillsCount(request: Request, api: ServerApiClient): Promise<number | null> {
  if (readToken(request.headers.get('cookie')) === null) return null;
  try {
    const summary = await api.callShop('client-bill-summary-post', { body: {}, signal: request.signal });
    return summary.awaiting.count;
  } catch {
    return null;
  }
}
