import { data, redirect } from 'react-router';
import type { AdminEndpoints, EndpointCaller } from '../../lib/api/endpoints.ts';
import { adminCaller } from '../../lib/api/endpoints.ts';
import { browserApi } from '../../lib/api/browser.ts';
import { isApiError } from '../../lib/api/errors.ts';
import type { ApiClient } from '../../lib/api/client.ts';
import type { HandledStatuses } from '../../lib/api/request.ts';
import { paths } from '../../paths.ts';

/**
 * The back office's one request policy, for its loaders (on the server) and its route actions (in the browser):
 * a 401 of any staff call is the way to /admin/login, a 403 (a role the endpoint does not take) is a 403 answer
 * the admin layout's boundary shows with the page's own words (its `handle`, admin-section.ts). Neither reaches
 * the storefront's error catalogue, whose 401 would drop a client's token. Calls list only the statuses they
 * answer themselves (422, 404, 409…). The staff's sign-in, set-password and setup pages, where a refusal is the
 * form's answer, call the plain `callAdmin`.
 */
const POLICY_STATUSES = [401, 403] as const;

const withPolicyStatuses = (handles: HandledStatuses | undefined): HandledStatuses =>
  handles === 'all' ? 'all' : [...POLICY_STATUSES, ...(handles ?? [])];

export function withAdminPolicy(send: ApiClient['request']): EndpointCaller<AdminEndpoints> {
  return adminCaller(async (uri, options = {}) => {
    try {
      return await send(uri, { ...options, handles: withPolicyStatuses(options.handles) });
    } catch (error) {
      if (isApiError(error) && error.status === 401) throw redirect(paths.adminLogin());
      if (isApiError(error) && error.status === 403) throw data(error.message, { status: 403 });
      throw error;
    }
  });
}

/** The browser's staff caller, for the back office's route clientActions. */
export const adminCall = withAdminPolicy(browserApi.request);
