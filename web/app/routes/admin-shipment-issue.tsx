import { useState } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useFetcher, useLoaderData } from 'react-router';
import { COUNTER_SEARCH_LIMIT, formatRoubles } from '@detal/contract/browser';
import type { CounterClient, Shipment } from '@detal/contract';
import type { Route } from './+types/admin-shipment-issue';
import { isApiError } from '../lib/api/index.ts';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { adminCall } from '../features/admin-shell/admin-caller.ts';
import { failureMessage } from '../features/admin-shell/form-errors.ts';
import { CounterLines } from '../features/admin-shipments/CounterLines.tsx';
import { ShipmentDownloads } from '../features/admin-shipments/ShipmentDownloads.tsx';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = () => adminMeta('Выдача на кассе');

export const handle = adminSection('shipment-issue', 'Выдача доступна владельцу и менеджерам магазина');

/**
 * Issuing at the counter (issue 30): the client's open lines, those «Готов к выдаче» ticked; a part of a line's
 * quantity can be issued (the line is split). Issue posts the shipment, whose УПД prints from here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get('q')?.trim() ?? '';
  const raw = params.get('client');
  const api = adminServerApi(request, context);
  let clientId = raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  let found: CounterClient[] | null = null;
  let searchError: string | null = null;
  if (q) {
    try {
      found = (await api.call('shipment-client-search', { body: { q }, handles: [422] })).clients;
    } catch (error) {
      if (!isApiError(error)) throw error;
      searchError = failureMessage(error);
    }
    // One client found: straight to their lines, as the cashier wants.
    if (clientId === null && found?.length === 1) clientId = found[0]!.id;
  }
  if (clientId === null) return { q, found, searchError, clientId, counter: null };
  const counter = await api.call('shipment-ready-lines', { body: { client_id: clientId }, handles: [404] });
  return { q, found, searchError, clientId, counter };
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
  const { q, found, searchError, clientId, counter } = useLoaderData<typeof loader>();
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
        <Form method="get" role="search">
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Клиент"
              name="q"
              type="search"
              size="xs"
              w={{ base: '100%', sm: 360 }}
              defaultValue={q}
              placeholder="Фамилия, телефон, e-mail, ИНН или №"
              autoFocus={!clientId}
              error={searchError}
            />
            <Button type="submit" size="xs" variant="light">
              Найти
            </Button>
          </Group>
        </Form>
      </Paper>
      {found && found.length === 0 && <Alert color="yellow">Никого не нашли по «{q}»</Alert>}
      {found && found.length > 1 && <CounterClients clients={found} q={q} selected={clientId} />}
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
            <CounterLines
              lines={lines}
              picked={pickedIds}
              onPick={(lineId, pick) => {
                const next = new Set(pickedIds);
                if (pick) next.add(lineId);
                else next.delete(lineId);
                setPicked({ key: readyKey, ids: next });
              }}
            />
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

/** The clients the search found: a row each, its link opens their lines at the counter (Tab, Enter). */
function CounterClients({ clients, q, selected }: { clients: CounterClient[]; q: string; selected: number | null }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={4} fz="sm" highlightOnHover aria-label="Найденные клиенты">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Клиент</Table.Th>
            <Table.Th>Телефон</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Плательщики, ИНН</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client, index) => (
            <Table.Tr key={client.id} data-client-id={client.id} bg={client.id === selected ? 'blue.0' : undefined}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`${paths.adminShipmentIssue(client.id)}&q=${encodeURIComponent(q)}`}
                  fz="sm"
                  fw={600}
                  autoFocus={selected === null && index === 0}
                >
                  № {client.id} {client.name}
                </Anchor>
                {client.company_name && (
                  <Text span fz="xs" c="gray.7">
                    {' '}
                    {client.company_name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{client.phone}</Table.Td>
              <Table.Td>{client.email}</Table.Td>
              <Table.Td>
                {[
                  ...client.payers.map((payer) => `${payer.name}, ${payer.inn}`),
                  ...(client.inn ? [client.inn] : []),
                ].join('; ') || '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {clients.length === COUNTER_SEARCH_LIMIT && (
        <Text fz="xs" c="gray.7">
          Показаны первые {COUNTER_SEARCH_LIMIT}: добавьте слово, чтобы сузить поиск
        </Text>
      )}
    </Table.ScrollContainer>
  );
}
