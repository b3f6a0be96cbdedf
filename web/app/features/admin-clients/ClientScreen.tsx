import { useState } from 'react';
import { Anchor, Button, Group, Modal, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import { formatDateTime, formatRoubles, orderLabel } from '@detal/contract/browser';
import type { AdminClient } from '@detal/contract';

import { type ClientActionResult } from './client-actions.ts';
import { StatusBadge } from '../admin-orders/OrderQueue.tsx';

import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { scrollRegion } from '../admin-shell/theme.ts';

import { paths } from '../../paths.ts';

/** The client's screen in the back office: its fields, the pricing and blocking forms, its orders, the sections. */

export function Field({ label, children }: { label: string; children: React.ReactNode }) {
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

export function PricingForms({ client }: { client: AdminClient }) {
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
export function BlockControl({ client }: { client: AdminClient }) {
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

export function OrdersTable({ client }: { client: AdminClient }) {
  return (
    <Table.ScrollContainer minWidth={520} scrollAreaProps={scrollRegion('Заказы клиента')}>
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

export function Section({
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
