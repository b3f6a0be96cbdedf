import { Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DateRangeFields, DenseTable, FilterButtons } from '../features/admin-shell/DenseList.tsx';
import { Form, Link, useLoaderData } from 'react-router';
import { formatRoubles, orderLabel } from '@detal/contract/browser';
import type { Route } from './+types/admin-shipments';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { ShipmentDownloads } from '../features/admin-shipments/ShipmentDownloads.tsx';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = () => adminMeta('Отгрузки');

export const handle = adminSection('shipment-list', 'Отгрузки доступны владельцу и менеджерам магазина');

const idOrNull = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);
const dayOrNull = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The staff's list of shipments (issue 30): every hand-over, filtered by client, order and days; each prints. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const filters = {
    client_id: idOrNull(params.get('client')),
    order_id: idOrNull(params.get('order')),
    date_from: dayOrNull(params.get('from')),
    date_to: dayOrNull(params.get('to')),
  };
  const page = idOrNull(params.get('page')) ?? 1;
  const list = await adminServerApi(request, context).call('shipment-list', {
    query: { page },
    body: filters,
    handles: [422],
  });
  return { list, filters };
}

export default function AdminShipmentsPage() {
  const { list, filters } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={1} fz="h3">
          Отгрузки
        </Title>
        <Button component={Link} to={paths.adminShipmentIssue()} size="xs">
          Выдача на кассе
        </Button>
      </Group>
      <Paper withBorder p="xs">
        <Form method="get">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <TextInput label="Клиент №" name="client" size="xs" w={110} defaultValue={filters.client_id ?? ''} />
            <TextInput label="Заказ №" name="order" size="xs" w={110} defaultValue={filters.order_id ?? ''} />
            <DateRangeFields from={filters.date_from} to={filters.date_to} names={['from', 'to']} />
            <FilterButtons resetTo={paths.adminShipments()} />
          </Group>
        </Form>
      </Paper>
      {list && (
        <>
          <Text size="sm" c="gray.7">
            Отгрузок: {list.total}
          </Text>
          <DenseTable label="Отгрузки" minWidth={640} verticalSpacing={4} fz="sm" aria-label="Отгрузки">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>УПД</Table.Th>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Покупатель</Table.Th>
                <Table.Th>Заказы</Table.Th>
                <Table.Th ta="right">Сумма, НДС</Table.Th>
                <Table.Th ta="right">Печать</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((shipment) => (
                <Table.Tr key={shipment.id} data-shipment-id={shipment.id}>
                  <Table.Td fw={600}>
                    № {shipment.number}
                    {shipment.corrections.length > 0 && (
                      <Text size="xs" c="orange.8">
                        УКД: {shipment.corrections.length}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{shipment.date}</Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.adminClient(shipment.client_id)} fz="sm">
                      {shipment.buyer}
                    </Anchor>
                    {shipment.buyer_inn && (
                      <Text size="xs" c="gray.7">
                        ИНН {shipment.buyer_inn}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {[...new Set(shipment.lines.map((line) => line.order_id))].map((id) => (
                      <Anchor key={id} component={Link} to={paths.adminOrder(id)} fz="sm" mr={6}>
                        {orderLabel(id)}
                      </Anchor>
                    ))}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text span fz="sm" fw={600}>
                      {formatRoubles(shipment.total)}
                    </Text>
                    <Text fz="xs" c="gray.7">
                      {shipment.lines.length} поз. ·{' '}
                      {shipment.vat === null ? 'без НДС' : `НДС ${formatRoubles(shipment.vat)}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ShipmentDownloads shipment={shipment} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </DenseTable>
          {list.data.length === 0 && <Text c="gray.7">Отгрузок нет.</Text>}
          <ListPager list={list} />
        </>
      )}
    </Stack>
  );
}
