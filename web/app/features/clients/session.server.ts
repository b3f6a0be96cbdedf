import { redirect } from 'react-router';
import type { AppLoadContext } from 'react-router';
import type { ClientProfile } from '@detal/contract';
import { resolveAccess } from '../../lib/access.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { createServerApi } from '../../lib/api/ssr-client.server.ts';
import type { ServerApiClient } from '../../lib/api/ssr-client.server.ts';
import { expiredTokenCookie, readToken } from '../../lib/api/token.ts';
import { paths } from '../../paths.ts';

/**
 * The session check of spec section 8 on the server: a token the API refuses (401) is removed (the dead cookie
 * is cleared with Set-Cookie) and the visitor goes to /login, coming back here after signing in. On /login itself
 * the same address again, now without the cookie: the guard then sees a visitor, so nothing loops.
 */
export function failedSessionCheck(request: Request): Response {
  const url = new URL(request.url);
  const target =
    url.pathname === paths.login()
      ? `${url.pathname}${url.search}`
      : (resolveAccess('session', false, url) ?? paths.login());
  return redirect(target, { headers: { 'Set-Cookie': expiredTokenCookie() } });
}

const isUnauthorized = (error: unknown) => isApiError(error) && error.status === 401;

export interface SessionState {
  /** A token cookie came along and the API did not refuse it. */
  signedIn: boolean;
  /** The client it belongs to; null when signed out, or when the API could not answer just now. */
  client: ClientProfile | null;
}

/**
 * client-me when the app starts with a token cookie (the root loader, on every document request). Throws the
 * redirect of a failed check; a failure that says nothing about the token (network, 500) keeps the visitor
 * signed in, without a name to show.
 */
export async function checkSession(request: Request, api: ServerApiClient): Promise<SessionState> {
  if (readToken(request.headers.get('cookie')) === null) return { signedIn: false, client: null };
  try {
    const { client } = await api.callShop('client-me', { signal: request.signal });
    return { signedIn: true, client };
  } catch (error) {
    if (isUnauthorized(error)) throw failedSessionCheck(request);
    return { signedIn: true, client: null };
  }
}

/** A session page's loader calls: a 401 on any of them is a failed session check. */
export async function withSession<T>(
  request: Request,
  context: AppLoadContext | undefined,
  load: (api: ServerApiClient) => Promise<T>,
): Promise<T> {
  try {
    return await load(createServerApi(request, context));
  } catch (error) {
    if (isUnauthorized(error)) throw failedSessionCheck(request);
    throw error;
  }
}
