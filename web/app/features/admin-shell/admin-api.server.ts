import type { AppLoadContext } from 'react-router';
import type { StaffMember } from '@detal/contract';
import type { ApiUri, RequestOptions } from '../../lib/api/index.ts';
import { createServerApi } from '../../lib/api/ssr-client.server.ts';
import { withAdminPolicy } from './admin-caller.ts';

/**
 * The back office's loaders run on the server with the visitor's cookie (staff_session goes along), through the
 * admin request policy (admin-caller.ts): a 401 redirects to /admin/login, a 403 is the page's "not yours".
 */
export function adminServerApi(request: Request, context?: AppLoadContext) {
  const api = createServerApi(request, context);
  // Every call ends with the page's request (a navigation away cancels it).
  const call = withAdminPolicy(<T>(uri: ApiUri, options?: RequestOptions) =>
    api.request<T>(uri, { signal: request.signal, ...options }),
  );
  return {
    call,
    /** The plain caller, for the pages outside the session (setup) where a refusal is the page's answer. */
    callOutsideSession: api.callAdmin,
    /** The signed-in staff member, or a redirect to the sign-in page. */
    async signedInStaff(): Promise<StaffMember> {
      return (await call('staff-me')).staff;
    },
  };
}
