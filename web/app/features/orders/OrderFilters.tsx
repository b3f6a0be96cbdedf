import { NativeSelect, TextInput } from '../../ui/index.ts';
import { ORDER_LEVEL_STATUSES, ORDER_STATUS_NAMES } from '@detal/contract/browser';
import { DateRangeFields, ListFilterForm } from '../../components/ListFilterForm.tsx';
import type { OrderFilterValues } from './order-filters.ts';
import classes from './orders.module.css';

/** The statuses an order can have (derived from its lines; «В работе» includes «Частично выдан»). */
const STATUS_OPTIONS = [
  { value: '', label: 'Все статусы' },
  ...ORDER_LEVEL_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_NAMES[status] })),
];

/** The orders' filters (/orders?status=…): order number, dates and status. */
export function OrderFilters({ filters, error }: { filters: OrderFilterValues; error: string | null }) {
  const key = [filters.date_from, filters.date_to, filters.status, filters.id].join('|');
  return (
    <ListFilterForm label="Фильтры заказов" filtersKey={key} resetTo="/orders">
      <TextInput
        name="id"
        label="Номер заказа"
        inputMode="numeric"
        defaultValue={filters.id ?? ''}
        className={classes.numberFilter}
        size="sm"
      />
      <DateRangeFields from={filters.date_from} to={filters.date_to} error={error} />
      <NativeSelect
        name="status"
        label="Статус"
        data={STATUS_OPTIONS}
        defaultValue={filters.status ?? ''}
        className={classes.statusFilter}
        size="sm"
      />
    </ListFilterForm>
  );
}
