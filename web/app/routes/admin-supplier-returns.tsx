import { Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { Form, useLoaderData } from 'react-router';
import { SUPPLIER_RETURN_STATES, SUPPLIER_RETURN_STATE_NAMES } from '@detal/contract';
import type { Route } from './+types/admin-supplier-returns';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { positiveInt } from '../features/admin-purchasing/purchasing-filters.ts';
import { ReturnsNav } from '../features/admin-returns/ReturnsNav.tsx';
import { CollectForm, SupplierReturnsList } from '../features/admin-returns/SupplierReturns.tsx';
import { supplierReturnStateOf } from '../features/admin-returns/returns-query.ts';
import { returnsRouteAction } from '../features/admin-returns/returns-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Возвраты поставщикам');

/** `?state=&supplier_id=&page=`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = {
    state: supplierReturnStateOf(params.get('state')),
    supplier_id: positiveInt(params.get('supplier_id')),
  };
  const page = positiveInt(params.get('page')) ?? 1;
  const api = adminServerApi(request, context);
  const [list, { suppliers }] = await Promise.all([
    api.call('supplier-return-list', { query: { page }, body: filters }),
    api.call('supplier-list', {}),
  ]);
  return { list, suppliers, filters };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => returnsRouteAction(request);

export const handle = adminSection('supplier-return-list', 'Возвраты доступны владельцу и менеджерам магазина');

/** Issue 32: approved returns go back to their suppliers in documents with states of their own. */
export default function AdminSupplierReturnsPage() {
  const { list, suppliers, filters } = useLoaderData<typeof loader>();
  return (
    <Stack gap="xs">
      <ReturnsNav />
      <Title order={1} fz="h3">
        Возвраты поставщикам
      </Title>
      <Paper withBorder p="xs">
        <CollectForm suppliers={suppliers} />
      </Paper>
      <Form method="get" aria-label="Фильтры возвратов поставщикам">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Состояние"
            name="state"
            data={[
              { value: '', label: 'Все' },
              ...SUPPLIER_RETURN_STATES.map((value) => ({ value, label: SUPPLIER_RETURN_STATE_NAMES[value] })),
            ]}
            defaultValue={filters.state ?? ''}
            size="xs"
            w={190}
          />
          <NativeSelect
            label="Поставщик"
            name="supplier_id"
            data={[
              { value: '', label: 'Все' },
              ...suppliers.map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
            ]}
            defaultValue={filters.supplier_id ? String(filters.supplier_id) : ''}
            size="xs"
            w={200}
          />
          <Button type="submit" size="xs">
            Показать
          </Button>
        </Group>
      </Form>
      <Text size="sm" c="gray.7">
        Документов: {list.total}
      </Text>
      <SupplierReturnsList documents={list.data} />
      <ListPager list={list} />
    </Stack>
  );
}
