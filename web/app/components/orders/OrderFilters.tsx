import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { Form, Link } from 'react-router';
import { ORDER_STATUS_NAMES, ORDER_STATUSES } from '@detal/contract';
import type { OrderFilterValues } from './order-filters.ts';

const STATUS_OPTIONS = [
  { value: '', label: 'Все статусы' },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_NAMES[status] })),
];

/**
 * The list's filters as a GET form: applying them is a navigation to /orders?status=…, so a filtered list has its
 * own address and starts again from page 1. `key` renews the fields when the address changes.
 */
export function OrderFilters({ filters, error }: { filters: OrderFilterValues; error: string | null }) {
  const key = [filters.date_from, filters.date_to, filters.status, filters.id].join('|');
  return (
    <Form method="get" key={key} aria-label="Фильтры заказов">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          name="id"
          label="Номер заказа"
          inputMode="numeric"
          defaultValue={filters.id ?? ''}
          w={{ base: '100%', sm: 140 }}
          size="sm"
        />
        <TextInput
          type="date"
          name="date_from"
          label="Дата с"
          defaultValue={filters.date_from ?? ''}
          w={{ base: 'calc(50% - 6px)', sm: 160 }}
          size="sm"
        />
        <TextInput
          type="date"
          name="date_to"
          label="Дата по"
          defaultValue={filters.date_to ?? ''}
          error={error}
          w={{ base: 'calc(50% - 6px)', sm: 160 }}
          size="sm"
        />
        <NativeSelect
          name="status"
          label="Статус"
          data={STATUS_OPTIONS}
          defaultValue={filters.status ?? ''}
          w={{ base: '100%', sm: 200 }}
          size="sm"
        />
        <Group gap="xs">
          <Button type="submit" size="sm">
            Показать
          </Button>
          <Button component={Link} to="/orders" variant="subtle" size="sm">
            Сбросить
          </Button>
        </Group>
      </Group>
    </Form>
  );
}
