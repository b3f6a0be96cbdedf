import { Anchor, Stack, Title } from '@mantine/core';
import { Link, data, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-supplier-source';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { SupplierSourcePanel } from '../features/admin-supplier-source/SupplierSourcePanel.tsx';
import { sourceAction } from '../features/admin-supplier-source/source-actions.ts';
import { isApiError } from '../lib/api/index.ts';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded && loaded.supplier ? `Прайс: ${loaded.supplier.name}` : 'Источник прайса');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = positiveInt(params.id ?? null);
  if (id === null) throw data('Поставщик не найден', { status: 404 });
  const api = adminServerApi(request, context);
  try {
    const options = { params: { id }, handles: [404] };
    const [shown, history] = await Promise.all([
      api.call('suppliers/:id/source', options),
      api.call('suppliers/:id/source/fetches', options),
    ]);
    return { supplier: shown.supplier, source: shown.source, fetches: history.fetches };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data('Поставщик не найден', { status: 404 });
    throw error;
  }
}

export const clientAction = ({ request, params }: Route.ClientActionArgs) => sourceAction(request, Number(params.id));

export const handle = adminSection('suppliers/:id/source', 'Поставщики доступны владельцу и менеджерам магазина');

export default function AdminSupplierSourcePage() {
  const { supplier, source, fetches } = useLoaderData<typeof loader>();
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Anchor component={Link} to={paths.adminSupplier(supplier.id)} fz="sm">
          ← {supplier.name}: профиль и загрузки
        </Anchor>
        <Title order={1} fz="h3">
          {supplier.name}
        </Title>
      </Stack>
      <SupplierSourcePanel supplier={supplier} source={source} fetches={fetches} />
    </Stack>
  );
}
