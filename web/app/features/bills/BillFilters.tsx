import { NativeSelect } from '../../ui/index.ts';
import { DateRangeFields, ListFilterForm } from '../../components/ListFilterForm.tsx';
import type { BillFilterValues } from './bill-filters.ts';
import classes from './bills.module.css';

const PAID_OPTIONS = [
  { value: '', label: 'Все счета' },
  { value: 'false', label: 'Ждут оплаты' },
  { value: 'true', label: 'Оплаченные' },
];

/** The bills' filters (/bills?date_from=…&paid=…): dates and paid or not. */
export function BillFilters({ filters, error }: { filters: BillFilterValues; error: string | null }) {
  const paid = filters.paid === null ? '' : String(filters.paid);
  return (
    <ListFilterForm
      label="Фильтры счетов"
      filtersKey={`${filters.date_from}|${filters.date_to}|${paid}`}
      resetTo="/bills"
    >
      <DateRangeFields from={filters.date_from} to={filters.date_to} error={error} />
      <NativeSelect
        name="paid"
        label="Статус"
        data={PAID_OPTIONS}
        defaultValue={paid}
        className={classes.paidFilter}
        size="sm"
      />
    </ListFilterForm>
  );
}
