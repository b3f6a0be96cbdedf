import { useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, data, useFetcher, useLoaderData } from 'react-router';
import { formatDateTime, formatRoubles, orderLabel } from '@detal/contract/browser';
import type { AdminClient } from '@detal/contract';
import type { Route } from './+types/admin-client';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { clientAction as runClientAction, type ClientActionResult } from '../features/admin-clients/client-actions.ts';
import { StatusBadge } from '../features/admin-orders/OrderQueue.tsx';
import { BillsTable, PaymentsTable } from '../features/admin-payments/PaymentsTables.tsx';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { SubmitButton } from '../features/admin-shell/SubmitButton.tsx';
import { isApiError } from '../lib/api/index.ts';
import { paths } from '../paths.ts';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded && 'client' in loaded && loaded.client ? loaded.client.name : 'Клиент');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = positiveInt(params.id ?? null);
  if (id === null) throw data('Клиент не найден', { status: 404 });
  const api = adminServerApi(request, context);
  try {
    const { client } = await api.call('client-show', { body: { id }, handles: [404] });
    return { client };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data('Клиент не найден', { status: 404 });
    throw error;
  }
}

export const clientAction = ({ request }: Route.ClientActionArgs) => runClientAction(request);

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="gray.7">
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function PricingForms({ client }: { client: AdminClient }) {
  const group = useFetcher<ClientActionResult>();
  const discount = useFetcher<ClientActionResult>();
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <group.Form method="post" aria-label="Группа клиента">
        <input type="hidden" name="intent" value="group" />
        <input type="hidden" name="id" value={client.id} />
        <Group gap="xs" align="flex-end">
          <NativeSelect
            label="Группа (цены)"
            name="group"
            data={client.groups.map((option) => option.name)}
            defaultValue={client.group_name}
            size="xs"
            w={180}
            error={group.data?.error}
          />
          <SubmitButton size="xs" variant="default" loading={group.state !== 'idle'}>
            Сменить группу
          </SubmitButton>
        </Group>
      </group.Form>
      <discount.Form method="post" aria-label="Личная скидка" noValidate>
        <input type="hidden" name="intent" value="discount" />
        <input type="hidden" name="id" value={client.id} />
        <Group gap="xs" align="flex-end">
          <TextInput
            key={client.personal_discount}
            label="Личная скидка, %"
            name="percent"
            defaultValue={String(client.personal_discount).replace('.', ',')}
            size="xs"
            w={150}
            inputMode="decimal"
            error={discount.data?.error}
          />
          <SubmitButton size="xs" variant="default" loading={discount.state !== 'idle'}>
            Сохранить скидку
          </SubmitButton>
        </Group>
      </discount.Form>
    </Group>
  );
}

/** Block / unblock, after a confirmation: a blocked client is signed out everywhere at once. */
function BlockControl({ client }: { client: AdminClient }) {
  const fetcher = useFetcher<ClientActionResult>();
  const [confirming, setConfirming] = useState(false);
  const intent = client.blocked ? 'unblock' : 'block';
  return (
    <>
      <Button size="xs" color={client.blocked ? 'gray' : 'red'} variant="light" onClick={() => setConfirming(true)}>
        {client.blocked ? 'Разблокировать' : 'Заблокировать'}
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={client.blocked ? 'Разблокировать клиента?' : 'Заблокировать клиента?'}
        size="sm"
      >
        <fetcher.Form method="post" onSubmit={() => setConfirming(false)}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={client.id} />
          <Text fz="sm" mb="sm">
            {client.blocked
              ? `${client.name} снова сможет входить в личный кабинет и делать заказы.`
              : `${client.name} будет сразу выведен из личного кабинета на всех устройствах и не сможет войти, пока его не разблокируют.`}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
              Отмена
            </Button>
            <SubmitButton size="xs" color={client.blocked ? 'blue' : 'red'} loading={fetcher.state !== 'idle'}>
              {client.blocked ? 'Разблокировать' : 'Заблокировать'}
            </SubmitButton>
          </Group>
        </fetcher.Form>
      </Modal>
      {fetcher.data?.error && (
        <Text size="sm" c="red.8" role="alert">
          {fetcher.data.error}
        </Text>
      )}
    </>
  );
}

function OrdersTable({ client }: { client: AdminClient }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped verticalSpacing={4} fz="sm" data-testid="client-orders">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Заказ</Table.Th>
            <Table.Th>Дата</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th ta="right">Позиций</Table.Th>
            <Table.Th ta="right">Сумма</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {client.orders.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5} c="gray.7">
                Заказов нет
              </Table.Td>
            </Table.Tr>
          )}
          {client.orders.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={paths.adminOrder(order.id)} fz="sm">
                  {orderLabel(order.id)}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(order.created_at)}</Table.Td>
              <Table.Td>
                <StatusBadge status={order.status} name={order.status_name} />
              </Table.Td>
              <Table.Td ta="right">{order.count_position}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(order.total_price)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Section({
  title,
  total,
  shown,
  more,
  moreLabel = 'все',
  moreAlways = false,
  children,
}: {
  title: string;
  total: number;
  shown: number;
  more?: string;
  /** The link's words («все» unless said) and whether it shows even when every row is here. */
  moreLabel?: string;
  moreAlways?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Group gap="xs" align="baseline">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text fz="sm" c="gray.7">
          {total}
        </Text>
        {more && (moreAlways || total > shown) && (
          <Anchor component={Link} to={more} fz="sm">
            {moreLabel}
          </Anchor>
        )}
      </Group>
      {children}
    </Stack>
  );
}

export const handle = adminSection('client-show', 'Клиенты доступны владельцу и менеджерам магазина');

export default function AdminClientPage() {
  const { client } = useLoaderData<typeof loader>();
  const owed = client.balance.balance;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Anchor component={Link} to={paths.adminClients()} fz="sm">
            ← Клиенты
          </Anchor>
          <Group gap="xs">
            <Title order={1} fz="h3">
              {client.name}
            </Title>
            {client.blocked && (
              <Badge color="red" data-testid="client-blocked">
                Заблокирован {client.blocked_at ? formatDateTime(client.blocked_at) : ''}
              </Badge>
            )}
          </Group>
        </Stack>
        <BlockControl client={client} />
      </Group>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
          <Field label="E-mail">{client.email}</Field>
          <Field label="Телефон">{client.phone_number}</Field>
          <Field label="Организация">{client.company_name ?? '—'}</Field>
          <Field label="ИНН">{client.inn ?? '—'}</Field>
          <Field label="Выставлено счетов на">{formatRoubles(client.balance.billed)}</Field>
          <Field label="Оплачено">{formatRoubles(client.balance.paid)}</Field>
          <Field label={owed < 0 ? 'Переплата (должны клиенту)' : 'Долг клиента'}>
            <Text span fw={700} c={owed > 0 ? 'red.8' : undefined} data-testid="client-balance">
              {formatRoubles(Math.abs(owed))}
            </Text>
          </Field>
          <Field label="Клиент с">{formatDateTime(client.created_at)}</Field>
        </SimpleGrid>
      </Paper>
      <PricingForms client={client} />
      <Section
        title="Заказы"
        total={client.orders_total}
        shown={client.orders.length}
        more={paths.adminOrders(`client_id=${client.id}`)}
        moreLabel="позиции в очереди"
        moreAlways
      >
        <OrdersTable client={client} />
      </Section>
      <Section
        title="Счета"
        total={client.bills_total}
        shown={client.bills.length}
        more={paths.adminPayments(`tab=bills&client_id=${client.id}`)}
      >
        <BillsTable bills={client.bills} showClient={false} />
      </Section>
      <Section
        title="Платежи"
        total={client.payments_total}
        shown={client.payments.length}
        more={paths.adminPayments(`client_id=${client.id}`)}
      >
        <PaymentsTable payments={client.payments} showClient={false} />
      </Section>
    </Stack>
  );
}
