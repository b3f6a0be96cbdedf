import { Anchor, Stack, Title } from '@mantine/core';
import { Link, data, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-supplier-ordering';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ChannelSettingsForm } from '../features/admin-purchasing/ChannelSettingsForm.tsx';
import { positiveInt } from '../features/admin-purchasing/purchasing-filters.ts';
import { purchasingAction } from '../features/admin-purchasing/purchasing-writes.ts';
import { isApiError } from '../lib/api/index.ts';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded ? `Заказ поставщику: ${loaded.settings.supplier_name}` : 'Способ заказа');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = positiveInt(params.id ?? null);
  if (id === null) throw data('Поставщик не найден', { status: 404 });
  const api = adminServerApi(request, context);
  try {
    const { settings } = await api.call('supplier-order-channel-show', { body: { supplier_id: id }, handles: [404] });
    return { settings };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data('Поставщик не найден', { status: 404 });
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => purchasingAction(request);

export const handle = adminSection('supplier-order-channel-show', 'Закупки доступны владельцу и менеджерам');

export default function AdminSupplierOrderingPage() {
  const { settings } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Anchor component={Link} to={paths.adminSupplier(settings.supplier_id)} fz="sm">
          ← {settings.supplier_name}: профиль и загрузки
        </Anchor>
        <Title order={1} fz="h3">
          {settings.supplier_name}: как заказываем
        </Title>
      </Stack>
      <ChannelSettingsForm key={JSON.stringify(settings)} settings={settings} />
    </Stack>
  );
}
