import { Stack, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-staff';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { InviteForm } from '../features/admin-staff/InviteForm.tsx';
import { StaffTable } from '../features/admin-staff/StaffTable.tsx';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { staffAction } from '../features/admin-staff/staff-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Сотрудники');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  const staff = await api.signedInStaff();
  const list = await api.call('staff-list', {
    query: { page: 1 },
    body: { per_page: 100 },
  });
  return { selfId: staff.id, list };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => staffAction(request);

export const handle = adminSection('staff-list', 'Этот раздел доступен только владельцу магазина');

export default function AdminStaffPage() {
  const { selfId, list } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        Сотрудники
      </Title>
      <>
        <InviteForm />
        <StaffTable staff={list.data} selfId={selfId} />
      </>
    </Stack>
  );
}
