import { Anchor, Badge, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Form, Link, useLoaderData, useLocation } from 'react-router';
import { formatDateTime } from '@detal/contract/browser';
import type { AdminSupplierRow } from '@detal/contract';
import type { Route } from './+types/admin-suppliers';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { ImportStatusBadge } from '../features/admin-suppliers/ImportPanel.tsx';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { paths } from '../paths.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Поставщики');

const flag = (value: string | null) => (value === 'yes' ? true : value === 'no' ? false : null);

/** The list's filters as the URL keeps them: ?q=, ?active=yes|no, ?stale=yes|no, ?page=. */
function filtersOf(url: URL) {
  const params = url.searchParams;
  return {
    q: params.get('q')?.trim() || null,
    active: flag(params.get('active')),
    stale: flag(params.get('stale')),
    page: positiveInt(params.get('page')) ?? 1,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = filtersOf(new URL(request.url));
  const api = adminServerApi(request, context);
  const list = await api.call('supplier-admin-list', {
    query: { page: filters.page },
    body: { q: filters.q, active: filters.active, stale: filters.stale, per_page: 50 },
    handles: [422],
  });
  return { filters, list };
}

const yesNo = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');

function LastImport({ row }: { row: AdminSupplierRow }) {
  const last = row.last_import;
  if (!last) return <Text size="sm">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(last.finished_at ?? last.started_at ?? last.queued_at)}
      </Text>
      <ImportStatusBadge status={last.status} />
      <Text size="sm" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {(last.rows_loaded ?? 0).toLocaleString('ru-RU')} / отклонено {last.rows_refused.toLocaleString('ru-RU')}
      </Text>
    </Group>
  );
}

export const handle = adminSection('supplier-admin-list', 'Поставщики доступны владельцу и менеджерам магазина');

export default function AdminSuppliersPage() {
  const { filters, list } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} fz="h3">
          Поставщики
        </Title>
        <Group gap="xs">
          <Button component={Link} to={paths.adminBrands()} size="xs" variant="default">
            Бренды
          </Button>
          <Button component={Link} to={paths.adminCrossReferences()} size="xs" variant="default">
            Кросс-номера
          </Button>
          <Button component={Link} to={paths.adminSupplier('new')} size="xs">
            Новый поставщик
          </Button>
        </Group>
      </Group>
      <>
        <Form method="get" key={location.search} aria-label="Фильтры">
          <Group gap="xs" align="flex-end">
            <TextInput label="Название" name="q" size="xs" w={220} defaultValue={filters.q ?? ''} />
            <NativeSelect
              label="Активен"
              name="active"
              size="xs"
              w={120}
              data={[
                { value: '', label: 'все' },
                { value: 'yes', label: 'да' },
                { value: 'no', label: 'нет' },
              ]}
              defaultValue={yesNo(filters.active)}
            />
            <NativeSelect
              label="Прайс устарел"
              name="stale"
              size="xs"
              w={120}
              data={[
                { value: '', label: 'все' },
                { value: 'yes', label: 'да' },
                { value: 'no', label: 'нет' },
              ]}
              defaultValue={yesNo(filters.stale)}
            />
            <Button type="submit" size="xs" variant="light">
              Найти
            </Button>
            {(filters.q || filters.active !== null || filters.stale !== null) && (
              <Anchor component={Link} to={paths.adminSuppliers()} fz="sm">
                Сбросить фильтры
              </Anchor>
            )}
          </Group>
        </Form>
        {list && (
          <>
            <Text size="sm" c="gray.7">
              Поставщиков: {list.total}
            </Text>
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover withTableBorder fz="sm" verticalSpacing={4} data-testid="suppliers-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Поставщик</Table.Th>
                    <Table.Th>Клиенты видят</Table.Th>
                    <Table.Th ta="right">Предложений</Table.Th>
                    <Table.Th>Последняя загрузка</Table.Th>
                    <Table.Th>Состояние</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.adminSupplier(row.id)} fz="sm">
                          {row.name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{row.display_name ?? `Склад ${row.id}`}</Table.Td>
                      <Table.Td ta="right">{row.offers_count.toLocaleString('ru-RU')}</Table.Td>
                      <Table.Td>
                        <LastImport row={row} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {!row.active && (
                            <Badge size="sm" color="gray">
                              выключен
                            </Badge>
                          )}
                          {row.stale && (
                            <Badge size="sm" color="orange" title={`Старше ${row.max_age_days ?? ''} дн.`}>
                              прайс устарел
                            </Badge>
                          )}
                          {row.active && !row.stale && (
                            <Badge size="sm" color="green" variant="light">
                              в работе
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPager list={list} />
          </>
        )}
      </>
    </Stack>
  );
}
