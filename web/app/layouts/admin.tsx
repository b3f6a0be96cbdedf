import { Outlet, useLoaderData, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/admin';
import { AdminShell } from '../features/admin-shell/AdminShell.tsx';
import { MantineRoot } from '../features/admin-shell/MantineRoot.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { adminRoutes } from 'virtual:detal/endpoint-routes';
import { isApiError } from '../lib/api/index.ts';
import { SectionDenied, SectionError, useAdminSection } from '../features/admin-shell/admin-section.tsx';

/** The back office's layout: every page under it needs a staff session (else /admin/login); pages say noindex. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  const staff = await api.signedInStaff();
  // The navigation's counts of new and late lines, for those who work orders.
  // A count that cannot be had leaves the navigation without it rather than the page without its content.
  const counts = adminRoutes['order-line-counts'].roles.includes(staff.role)
    ? await api.call('order-line-counts').catch((error: unknown) => {
        if (isApiError(error)) return null;
        throw error;
      })
    : null;
  return { staff, counts };
}

/** Every navigation in the back office asks again, so that the counts are those of the moment. */
export const shouldRevalidate = () => true;

/** The pages' role rule (their `handle`, admin-section.tsx), enforced here once for every page. */
export default function AdminLayout() {
  const { staff, counts } = useLoaderData<typeof loader>();
  const section = useAdminSection();
  return (
    <MantineRoot>
      <AdminShell staff={staff} counts={counts}>
        {section && !section.roles.includes(staff.role) ? <SectionDenied text={section.denied} /> : <Outlet />}
      </AdminShell>
    </MantineRoot>
  );
}

/**
 * A page's failure (a 403 from the admin caller, a 404, a server error) inside the shell when the member is
 * known; a failure of the layout's own loader (no staff) is shown bare.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const shell = useRouteLoaderData<typeof loader>('layouts/admin');
  return (
    <MantineRoot>
      {shell ? (
        <AdminShell staff={shell.staff} counts={shell.counts}>
          <SectionError error={error} />
        </AdminShell>
      ) : (
        <SectionError error={error} />
      )}
    </MantineRoot>
  );
}
