import { Stack, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-settings';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminServerApi, guard, isForbidden } from '../features/admin-shell/admin-api.server.ts';
import {
  CalendarForm,
  ContactsForm,
  DeliveryForm,
  RequisitesForm,
  SettingsForbidden,
  StaffEmailForm,
  VatForm,
} from '../features/admin-settings/SettingsForms.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Настройки');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  try {
    const { settings } = await guard(api.call('settings-show', { signal: request.signal, handles: [401, 403] }));
    return { settings, forbidden: false };
  } catch (error) {
    if (isForbidden(error)) return { settings: null, forbidden: true };
    throw error;
  }
}

export default function AdminSettingsPage() {
  const { settings, forbidden } = useLoaderData<typeof loader>();
  if (forbidden || !settings) return <SettingsForbidden />;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} fz="h3">
        Настройки магазина
      </Title>
      <ContactsForm settings={settings} />
      <RequisitesForm settings={settings} />
      <VatForm settings={settings} />
      <DeliveryForm settings={settings} />
      <CalendarForm settings={settings} />
      <StaffEmailForm settings={settings} />
    </Stack>
  );
}
