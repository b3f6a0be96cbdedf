import { redirect } from 'react-router';
import { readToken } from './api/token.ts';
import { paths } from '../paths.ts';

/**
 * Who may open a route: `public` anyone, `guest` only visitors without a session (login, register),
 * `session` only signed-in clients. A route without a mark needs a session (spec section 2).
 */
export type RouteAccess = 'public' | 'guest' | 'session';

/**
 * The `handle` export of a route module carries its access mark; `personal` marks a public page whose answer is
 * still one visitor's own (the basket, a reset link's token in the URL).
 */
export interface AccessHandle {
  access: RouteAccess;
  personal?: boolean;
}

/** Sent with every personal page: neither the browser's back-forward cache of disk nor a proxy may keep it. */
export const PERSONAL_CACHE_CONTROL = 'private, no-store';

/** The back office's pages and their data (`/admin`, `/admin/…`, `/admin.data`, `/admin/….data`). */
const BACK_OFFICE_PATH = /^\/admin(?:[/.]|$)/;

/**
 * True when a page answer belongs to one visitor: a matched route that is not public (session and guest pages),
 * one marked personal, any page for a visitor with a token cookie (the header shows who they are), and every page
 * of the back office (clients' contacts, margins, a set-password link's token; its sign-in page too).
 */
export function isPersonalPage(request: Request, handles: readonly unknown[]): boolean {
  if (readToken(request.headers.get('cookie')) !== null) return true;
  if (BACK_OFFICE_PATH.test(new URL(request.url).pathname)) return true;
  return handles.some((handle) => {
    if (handle === undefined || handle === null || typeof handle !== 'object') return false;
    const { access, personal } = handle as Partial<AccessHandle>;
    return personal === true || (access !== undefined && access !== 'public');
  });
}

/** Where the visitor must go instead of `url`, or null when they may stay. Pure: the one place of these rules. */
export function resolveAccess(access: RouteAccess | undefined, isSignedIn: boolean, url: URL | string): string | null {
  const rule = access ?? 'session';
  if (rule === 'session' && !isSignedIn) {
    const target = typeof url === 'string' ? new URL(url, 'http://placeholder') : url;
    const next = `${target.pathname}${target.search}`;
    return paths.login(next);
  }
  if (rule === 'guest' && isSignedIn) return paths.home();
  return null;
}

/**
 * Applies the guard in a route loader, which runs on the server for the first render and for every client
 * navigation alike. A token cookie counts as a session here; validating it is the session check's job.
 */
export function enforceAccess(request: Request, handle: Partial<AccessHandle> | undefined): null {
  const isSignedIn = readToken(request.headers.get('cookie')) !== null;
  const target = resolveAccess(handle?.access, isSignedIn, new URL(request.url));
  if (target !== null) throw redirect(target);
  return null;
}
