import { Outlet, useLoaderData } from 'react-router';
import type { Route } from './+types/admin';
import { AdminShell } from '../features/admin/AdminShell.tsx';
import { MantineRoot } from '../features/admin/MantineRoot.tsx';
import { adminServerApi } from '../features/admin/admin-api.server.ts';

/** The back office's layout: every page under it needs a staff session (else /admin/login); pages say noindex. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { staff: await adminServerApi(request, context).signedInStaff() };
}

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <MantineRoot>
      <AdminShell staff={staff}>
        <Outlet />
      </AdminShell>
    </MantineRoot>
  );
}
