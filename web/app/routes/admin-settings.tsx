import { Stack, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';
import type { Route } from './+types/admin-settings';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminCall } from '../features/admin-shell/admin-caller.ts';
import { jsonWriteAction } from '../features/admin-shell/json-write.ts';
import type { AdminSettingsSave } from '@detal/contract';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import {
  SETTINGS_SAVE,
  CalendarForm,
  ContactsForm,
  DeliveryForm,
  RequisitesForm,
  StaffEmailForm,
  VatForm,
} from '../features/admin-settings/SettingsForms.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Настройки');

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = adminServerApi(request, context);
  const { settings } = await api.call('settings-show', {});
  return { settings };
}

/** A section's save (SettingsForms), a route action like every staff write. */
export const clientAction = ({ request }: Route.ClientActionArgs) =>
  jsonWriteAction(request, {
    [SETTINGS_SAVE]: (body: AdminSettingsSave) => adminCall('settings-save', { body, handles: [422] }),
  });

export const handle = adminSection('settings-show', 'Настройки магазина доступны только владельцу');

export default function AdminSettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
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
