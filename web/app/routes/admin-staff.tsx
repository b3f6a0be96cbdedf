import { Alert, Stack, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-staff';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { InviteForm } from '../features/admin-staff/InviteForm.tsx';
import { StaffTable } from '../features/admin-staff/StaffTable.tsx';
import { adminServerApi, guard, isForbidden } from '../features/admin-shell/admin-api.server.ts';
import { staffAction } from '../features/admin-staff/staff-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Сотрудники');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  const staff = await api.signedInStaff();
  try {
    const list = await guard(
      api.call('staff-list', {
        query: { page: 1 },
        body: { per_page: 100 },
        signal: request.signal,
        handles: [401, 403],
      }),
    );
    return { selfId: staff.id, list, forbidden: false };
  } catch (error) {
    if (isForbidden(error)) return { selfId: staff.id, list: null, forbidden: true };
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => staffAction(request);

export default function AdminStaffPage() {
  const { selfId, list, forbidden } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        Сотрудники
      </Title>
      {forbidden || !list ? (
        <Alert color="gray">Этот раздел доступен только владельцу магазина</Alert>
      ) : (
        <>
          <InviteForm />
          <StaffTable staff={list.data} selfId={selfId} />
        </>
      )}
    </Stack>
  );
}
