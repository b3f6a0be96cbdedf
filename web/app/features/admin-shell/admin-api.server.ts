import { redirect } from 'react-router';
import type { AppLoadContext } from 'react-router';
import type { StaffMember } from '@detal/contract';
import { isApiError } from '../../lib/api/index.ts';
import { createServerApi } from '../../lib/api/ssr-client.server.ts';
import { paths } from '../../paths.ts';

/**
 * The back office's loaders run on the server with the visitor's cookie (staff_session goes along). A 401 from any
 * admin endpoint sends the visitor to /admin/login; a 403 (a role without access) is left to the page.
 */
export function adminServerApi(request: Request, context?: AppLoadContext) {
  const api = createServerApi(request, context);
  return {
    call: api.callAdmin,
    /** The signed-in staff member, or a redirect to the sign-in page. */
    async signedInStaff(): Promise<StaffMember> {
      return (await guard(api.callAdmin('staff-me', { signal: request.signal, handles: [401] }))).staff;
    },
  };
}

/** Turns a 401 of an admin call into the redirect to /admin/login. */
export async function guard<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.status === 401) throw redirect(paths.adminLogin());
    throw error;
  }
}

/** True when the call failed for want of a role (403). */
export const isForbidden = (error: unknown): boolean => isApiError(error) && error.status === 403;
