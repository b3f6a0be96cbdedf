import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useRef } from 'react';
import { Form, Link, useLoaderData, useNavigate } from 'react-router';
import { formatDateTime } from '@detal/contract/browser';
import type { Route } from './+types/admin-clients';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { keysHelp, useListKeys } from '../lib/use-list-keys.ts';
import { paths } from '../paths.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';
import { LedgerNav } from '../features/admin-ledger/LedgerNav.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Клиенты');

const CLIENTS_PER_PAGE = 50;

/** The keys of the clients list, as its help line shows them (docs: README, Back office). */
export const CLIENTS_SHORTCUTS = keysHelp([
  ['j/k или ↓/↑', 'строка'],
  ['Enter', 'открыть карточку клиента'],
  ['/', 'поиск'],
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get('q')?.trim().slice(0, 100) || null;
  const page = positiveInt(url.searchParams.get('page')) ?? 1;
  const api = adminServerApi(request, context);
  const list = await api.call('client-list', {
    query: { page },
    body: { q, per_page: CLIENTS_PER_PAGE },
    handles: [422],
  });
  return { q, list };
}

export const handle = adminSection('client-list', 'Клиенты доступны владельцу и менеджерам магазина');

export default function AdminClientsPage() {
  const { q, list } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const searchRef = useRef<HTMLInputElement>(null);
  const clients = list?.data ?? [];
  const { rowsRef, rowProps } = useListKeys({
    count: clients.length,
    rowsKey: clients.map((client) => client.id).join(','),
    actions: {
      Enter: (at) => {
        if (clients[at]) void navigate(paths.adminClient(clients[at].id));
      },
      '/': () => searchRef.current?.focus(),
    },
  });
  return (
    <Stack gap="sm">
      <LedgerNav />
      <Title order={1} fz="h3">
        Клиенты
      </Title>
      <>
        <Form method="get" role="search" aria-label="Поиск клиентов">
          <Group gap="xs" align="flex-end">
            <TextInput
              key={q ?? ''}
              ref={searchRef}
              label="Поиск: имя, e-mail, телефон, организация, ИНН"
              name="q"
              defaultValue={q ?? ''}
              size="xs"
              w={360}
            />
            <Button type="submit" size="xs">
              Найти
            </Button>
            {q && (
              <Anchor component={Link} to={paths.adminClients()} fz="sm">
                Сбросить
              </Anchor>
            )}
          </Group>
        </Form>
        <Group gap="md" justify="space-between">
          <Text size="sm" c="gray.7">
            Клиентов: {list.total}
          </Text>
          <Text size="xs" c="gray.7" data-testid="clients-shortcuts">
            Клавиши: {CLIENTS_SHORTCUTS}
          </Text>
        </Group>
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover verticalSpacing={4} fz="sm" data-testid="clients-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>№</Table.Th>
                <Table.Th>Клиент</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Телефон</Table.Th>
                <Table.Th>Организация</Table.Th>
                <Table.Th>ИНН</Table.Th>
                <Table.Th>Группа</Table.Th>
                <Table.Th>С нами с</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody ref={rowsRef}>
              {list.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8} c="gray.7">
                    Никого не нашлось
                  </Table.Td>
                </Table.Tr>
              )}
              {list.data.map((client, index) => (
                <Table.Tr key={client.id} data-client-id={client.id} {...rowProps(index)}>
                  <Table.Td>{client.id}</Table.Td>
                  <Table.Td miw={170}>
                    <Anchor component={Link} to={paths.adminClient(client.id)} fz="sm">
                      {client.name}
                    </Anchor>
                    {client.blocked && (
                      <Text fz="xs" c="red.8" fw={600}>
                        заблокирован
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{client.email}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{client.phone_number}</Table.Td>
                  <Table.Td>{client.company_name ?? '—'}</Table.Td>
                  <Table.Td>{client.inn ?? '—'}</Table.Td>
                  <Table.Td>{client.group_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(client.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager list={list} />
      </>
    </Stack>
  );
}
