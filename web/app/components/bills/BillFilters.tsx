import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { Form, Link } from 'react-router';
import type { BillFilterValues } from './bill-filters.ts';

const PAID_OPTIONS = [
  { value: '', label: 'Все счета' },
  { value: 'false', label: 'Ждут оплаты' },
  { value: 'true', label: 'Оплаченные' },
];

/**
 * The list's filters as a GET form: applying them is a navigation to /bills?date_from=…, so a filtered list has
 * its own address and starts again from page 1. `key` renews the fields when the address changes.
 */
export function BillFilters({ filters, error }: { filters: BillFilterValues; error: string | null }) {
  const paid = filters.paid === null ? '' : String(filters.paid);
  return (
    <Form method="get" key={`${filters.date_from}|${filters.date_to}|${paid}`} aria-label="Фильтры счетов">
      <Group align="flex-end" gap="sm" wrap="wrap">
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
        <NativeSelect name="paid" label="Статус" data={PAID_OPTIONS} defaultValue={paid} w={{ base: '100%', sm: 170 }} size="sm" />
        <Group gap="xs">
          <Button type="submit" size="sm">
            Показать
          </Button>
          <Button component={Link} to="/bills" variant="subtle" size="sm">
            Сбросить
          </Button>
        </Group>
      </Group>
    </Form>
  );
}
