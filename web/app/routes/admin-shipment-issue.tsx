import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Form, Link, useFetcher, useLoaderData } from 'react-router';
import { ORDER_STATUS_NAMES, formatRoubles, orderLabel } from '@detal/contract/browser';
import type { OrderStatus, Shipment } from '@detal/contract';
import type { Route } from './+types/admin-shipment-issue';
import { isApiError } from '../lib/api/index.ts';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { adminCall } from '../features/admin-shell/admin-caller.ts';
import { failureMessage } from '../features/admin-shell/form-errors.ts';
import { ShipmentDownloads } from '../features/admin-shipments/ShipmentDownloads.tsx';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = () => adminMeta('Выдача на кассе');

export const handle = adminSection('shipment-issue', 'Выдача доступна владельцу и менеджерам магазина');

/**
 * Issuing at the counter (issue 30): the client's open lines, those «Готов к выдаче» ticked; a part of a line's
 * quantity can be issued (the line is split). Issue posts the shipment, whose УПД prints from here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('client');
  const clientId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  if (clientId === null) return { clientId, counter: null };
  const counter = await adminServerApi(request, context).call('shipment-ready-lines', {
    body: { client_id: clientId },
    handles: [404],
  });
  return { clientId, counter };
}

type IssueResult = { ok: true; shipments: Shipment[] } | { ok: false; message: string };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<IssueResult> {
  const form = await request.formData();
  const lines = form
    .getAll('pick')
    .map((value) => Number(value))
    .filter((id) => Number.isSafeInteger(id) && id > 0)
    .map((id) => ({ line_id: id, quantity: Number(form.get(`quantity_${id}`)) }));
  if (lines.length === 0) return { ok: false, message: 'Выберите позиции для выдачи' };
  try {
    const { shipments } = await adminCall('shipment-issue', { body: { lines }, handles: [409, 422] });
    return { ok: true, shipments };
  } catch (error) {
    if (isApiError(error)) return { ok: false, message: failureMessage(error) };
    throw error;
  }
}

export default function AdminShipmentIssuePage() {
  const { clientId, counter } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<IssueResult>();
  const lines = counter?.lines ?? [];
  const ready = lines.filter((line) => line.status === 'ready');
  const readyKey = ready.map((line) => line.id).join(',');
  const [picked, setPicked] = useState<{ key: string; ids: Set<number> }>(() => ({
    key: readyKey,
    ids: new Set(ready.map((line) => line.id)),
  }));
  // After an issue the lines are read again: the ready ones are ticked afresh.
  const pickedIds = picked.key === readyKey ? picked.ids : new Set(ready.map((line) => line.id));
  const result = fetcher.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline">
        <Title order={1} fz="h3">
          Выдача на кассе
        </Title>
        <Anchor component={Link} to={paths.adminShipments()} fz="sm">
          Все отгрузки
        </Anchor>
      </Group>
      <Paper withBorder p="xs">
        <Form method="get">
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Клиент №"
              name="client"
              size="xs"
              w={140}
              defaultValue={clientId ?? ''}
              autoFocus={!clientId}
            />
            <Button type="submit" size="xs" variant="light">
              Показать позиции
            </Button>
          </Group>
        </Form>
      </Paper>
      {clientId !== null && !counter && <Alert color="red">Клиент № {clientId} не найден</Alert>}
      {result?.ok === false && (
        <Alert color="red" data-testid="issue-error">
          {result.message}
        </Alert>
      )}
      {result?.ok && (
        <Alert color="green" data-testid="issue-done" title="Выдано">
          <Stack gap={4}>
            {result.shipments.map((shipment) => (
              <Group key={shipment.id} gap="sm" justify="space-between">
                <Text size="sm">
                  УПД № {shipment.number} от {shipment.date}: {shipment.lines.length} поз. на{' '}
                  {formatRoubles(shipment.total)}
                </Text>
                <ShipmentDownloads shipment={shipment} size="compact-sm" />
              </Group>
            ))}
          </Stack>
        </Alert>
      )}
      {counter && (
        <fetcher.Form method="post">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>
                <Anchor component={Link} to={paths.adminClient(counter.client.id)}>
                  {counter.client.name}
                </Anchor>{' '}
                <Text span c="gray.7" fz="sm">
                  {counter.client.phone}
                </Text>
              </Text>
              <Text size="sm" c="gray.7">
                Готово к выдаче: {ready.length} из {lines.length}
              </Text>
            </Group>
            <Table.ScrollContainer minWidth={700}>
              <Table verticalSpacing={4} fz="sm" highlightOnHover aria-label="Позиции клиента">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={32} />
                    <Table.Th>Заказ</Table.Th>
                    <Table.Th>Деталь</Table.Th>
                    <Table.Th>Статус</Table.Th>
                    <Table.Th ta="right">Цена</Table.Th>
                    <Table.Th ta="right" w={120}>
                      Выдать, шт.
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((line) => {
                    const isReady = line.status === 'ready';
                    return (
                      <Table.Tr key={line.id} data-line-id={line.id} c={isReady ? undefined : 'gray.6'}>
                        <Table.Td>
                          <Checkbox
                            name="pick"
                            value={line.id}
                            disabled={!isReady}
                            checked={pickedIds.has(line.id)}
                            onChange={(event) => {
                              const next = new Set(pickedIds);
                              if (event.currentTarget.checked) next.add(line.id);
                              else next.delete(line.id);
                              setPicked({ key: readyKey, ids: next });
                            }}
                            aria-label={`Выдать ${line.brand} ${line.article}`}
                          />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Anchor component={Link} to={paths.adminOrder(line.order_id)} fz="sm">
                            {orderLabel(line.order_id)}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>
                          <Text fz="sm" fw={600} span>
                            {line.brand} {line.article}
                          </Text>{' '}
                          <Text fz="sm" span c="gray.7">
                            {line.description}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge size="sm" variant="light" color={isReady ? 'green' : 'gray'}>
                            {ORDER_STATUS_NAMES[line.status as OrderStatus] ?? line.status}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatRoubles(line.price)}
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap" justify="flex-end">
                            <NumberInput
                              name={`quantity_${line.id}`}
                              size="xs"
                              w={64}
                              min={1}
                              max={line.quantity}
                              defaultValue={line.quantity}
                              disabled={!isReady}
                              allowDecimal={false}
                              aria-label={`Количество ${line.brand} ${line.article}`}
                            />
                            <Text fz="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                              из {line.quantity}
                            </Text>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {lines.length === 0 && <Text c="gray.7">У клиента нет открытых позиций.</Text>}
            <Group justify="flex-end">
              <Button type="submit" loading={fetcher.state !== 'idle'} disabled={pickedIds.size === 0}>
                Выдать и оформить УПД
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      )}
    </Stack>
  );
}
