import { Outlet, useLoaderData } from 'react-router';
import type { Route } from './+types/admin';
import { AdminShell } from '../features/admin-shell/AdminShell.tsx';
import { MantineRoot } from '../features/admin-shell/MantineRoot.tsx';
import { adminServerApi, guard } from '../features/admin-shell/admin-api.server.ts';
import { adminRoutes } from 'virtual:detal/endpoint-routes';
import { isApiError } from '../lib/api/index.ts';

/** The back office's layout: every page under it needs a staff session (else /admin/login); pages say noindex. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  const staff = await api.signedInStaff();
  // The navigation's counts of new and late lines, for those who work orders.
  // A count that cannot be had leaves the navigation without it rather than the page without its content.
  const counts = adminRoutes['order-line-counts'].roles.includes(staff.role)
    ? await guard(api.call('order-line-counts', { signal: request.signal, handles: [401] })).catch((error: unknown) => {
        if (isApiError(error)) return null;
        throw error;
      })
    : null;
  return { staff, counts };
}

/** Every navigation in the back office asks again, so that the counts are those of the moment. */
export const shouldRevalidate = () => true;

export default function AdminLayout() {
  const { staff, counts } = useLoaderData<typeof loader>();
  return (
    <MantineRoot>
      <AdminShell staff={staff} counts={counts}>
        <Outlet />
      </AdminShell>
    </MantineRoot>
  );
}
