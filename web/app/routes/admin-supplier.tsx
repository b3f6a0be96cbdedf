import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, data, useLoaderData } from 'react-router';
import { formatDateTime } from '@detal/contract';
import type { Route } from './+types/admin-supplier';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ImportSection } from '../features/admin-suppliers/ImportPanel.tsx';
import { supplierAction } from '../features/admin-suppliers/supplier-actions.ts';

import { isApiError } from '../lib/api/index.ts';
import { paths } from '../paths.ts';
import { SupplierForm } from '../features/admin-suppliers/SupplierForm.tsx';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded?.supplier ? `Поставщик ${loaded.supplier.name}` : 'Новый поставщик');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (params.id === 'new') return { supplier: null, imports: [] };
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data('Поставщик не найден', { status: 404 });
  const api = adminServerApi(request, context);
  try {
    const [{ supplier }, imports] = await Promise.all([
      api.call('supplier-show', { body: { id }, handles: [404] }),

      api.call('import-list', {
        query: { page: 1 },
        body: { kind: 'price_list', supplier_id: id, per_page: 20 },
      }),
    ]);
    return { supplier, imports: imports.data };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data('Поставщик не найден', { status: 404 });
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => supplierAction(request);

export const handle = adminSection('supplier-show', 'Поставщики доступны владельцу и менеджерам магазина');

export default function AdminSupplierPage() {
  const { supplier, imports } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={paths.adminSuppliers()} fz="sm">
        ← Поставщики
      </Anchor>
      <Group gap="xs">
        <Title order={1} fz="h3">
          {supplier ? supplier.name : 'Новый поставщик'}
        </Title>
        {supplier && !supplier.active && <Badge color="gray">выключен</Badge>}
        {supplier?.stale && <Badge color="orange">прайс устарел</Badge>}
      </Group>
      <>
        {supplier && (
          <Text size="sm" c="gray.7">
            Предложений: {supplier.offers_count.toLocaleString('ru-RU')} · последний удачный прайс:{' '}
            {supplier.last_success_at ? formatDateTime(supplier.last_success_at) : 'не загружался'}
          </Text>
        )}
        <Paper withBorder p="xs">
          <SupplierForm key={supplier?.id ?? 'new'} supplier={supplier} />
        </Paper>
        {supplier && (
          <Paper withBorder p="xs">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={600} fz="sm">
                  Загрузка прайс-листа
                </Text>
                <Group gap="md">
                  <Anchor component={Link} to={paths.adminSupplierSource(supplier.id)} fz="sm">
                    Загрузка по расписанию (адрес прайса) →
                  </Anchor>
                  <Anchor component={Link} to={paths.adminSupplierOrdering(supplier.id)} fz="sm">
                    Как заказываем (канал, шаблоны, API) →
                  </Anchor>
                </Group>
              </Group>
              <ImportSection kind="price_list" supplierId={supplier.id} imports={imports} />
            </Stack>
          </Paper>
        )}
      </>
    </Stack>
  );
}
