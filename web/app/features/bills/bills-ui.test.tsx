import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Bill } from '@detal/contract';
import { renderRoutes } from '../../../test/render.tsx';
import { billFilterError, hasBillFilters, readBillFilters } from './bill-filters.ts';
import { BillsTable } from './BillsTable.tsx';
import { BillSummaryCards } from './BillSummaryCards.tsx';

const bills: Bill[] = [
  {
    id: 12,
    created_at: '2025-03-01T21:30:00.000Z',
    date_bill: '2025-03-01T21:30:00.000Z',
    clients_shops_orders_id: 40,
    price_sum: 1234.5,
    paid: false,
    // Changed once: a line was canceled; the first revision stays downloadable.
    revision: 1,
    revisions: [
      { revision: 0, issued_at: '2025-02-28T09:00:00.000Z', price_sum: 1500 },
      { revision: 1, issued_at: '2025-03-01T21:30:00.000Z', price_sum: 1234.5 },
    ],
  },
  {
    id: 11,
    created_at: '2025-02-27T09:05:00.000Z',
    date_bill: '2025-02-27T09:05:00.000Z',
    clients_shops_orders_id: 39,
    price_sum: 99,
    paid: true,
    revision: 0,
    revisions: [{ revision: 0, issued_at: '2025-02-27T09:05:00.000Z', price_sum: 99 }],
  },
];

describe('BillsTable', () => {
  it('shows number, Moscow date, order link, sum with ₽, status, and a pay link only for unpaid bills', () => {
    renderRoutes([{ path: '/bills', Component: () => <BillsTable bills={bills} /> }], ['/bills']);
    const table = screen.getByRole('table', { name: 'Счета' });
    const [, unpaid, paid] = within(table).getAllByRole('row');
    // 21:30 UTC is 00:30 of the next day in Moscow.
    expect(unpaid!.textContent).toContain('№ 12');
    expect(unpaid!.textContent).toContain('02.03.2025 00:30');
    expect(unpaid!.textContent).toContain('1\u00A0234,50\u00A0₽');
    expect(within(unpaid!).getByText('Ждем оплаты')).toBeTruthy();
    expect(within(unpaid!).getByRole('link', { name: 'Заказ № 40' }).getAttribute('href')).toBe('/orders/40');
    expect(within(unpaid!).getByRole('link', { name: 'Как оплатить счёт № 12' }).getAttribute('href')).toBe(
      '/payment?bill=12',
    );
    expect(within(unpaid!).getByRole('button', { name: 'Скачать счёт № 12 в PDF' })).toBeTruthy();
    // A changed bill says so, and its first revision stays a download of its own.
    expect(unpaid!.textContent).toContain('№ 12изм. 1');
    const earlier = within(unpaid!).getByRole('button', { name: 'Скачать счёт № 12 (исходный) в PDF' });
    expect(earlier.textContent).toBe('исходный от 28.02.2025, 1\u00A0500,00\u00A0₽');
    expect(paid!.textContent).not.toContain('Ранее');
    expect(within(paid!).getByText('Оплачен')).toBeTruthy();
    expect(within(paid!).queryByRole('link', { name: /Как оплатить/ })).toBeNull();
  });
});

describe('BillSummaryCards', () => {
  it('shows billed, paid and awaiting sums with counts in Russian plural', () => {
    renderRoutes(
      [
        {
          path: '/',
          Component: () => (
            <BillSummaryCards
              summary={{
                total: { count: 5, sum: 3000.1 },
                paid: { count: 1, sum: 1000 },
                awaiting: { count: 4, sum: 2000.1 },
              }}
            />
          ),
        },
      ],
      ['/'],
    );
    // Mantine's responsive font size puts a <style> inside the amount's element: compare the text around it.
    const billed = screen.getByRole('group', { name: 'Выставлено' }).textContent;
    expect(billed).toMatch(/^Выставлено.*3\u00A0000,10\u00A0₽5 счетов$/);
    expect(screen.getByRole('group', { name: 'Оплачено' }).textContent).toContain('1 счёт');
    expect(screen.getByRole('group', { name: 'Ждут оплаты' }).textContent).toContain('4 счёта');
    expect(screen.getByText('Оплачено 33% выставленной суммы')).toBeTruthy();
  });
});

describe('bill filters in the address', () => {
  it('reads dates and paid, ignoring malformed values', () => {
    expect(readBillFilters(new URLSearchParams('date_from=2025-03-01&date_to=2025-03-31&paid=true'))).toEqual({
      date_from: '2025-03-01',
      date_to: '2025-03-31',
      paid: true,
    });
    const malformed = readBillFilters(new URLSearchParams('date_from=01.03.2025&paid=yes'));
    expect(malformed).toEqual({ date_from: null, date_to: null, paid: null });
    expect(hasBillFilters(malformed)).toBe(false);
    expect(readBillFilters(new URLSearchParams('paid=false')).paid).toBe(false);
  });

  it('reports a reversed range with the contract message', () => {
    expect(billFilterError({ date_from: '2025-03-05', date_to: '2025-03-01', paid: null })).toBe(
      'Дата «по» не может быть раньше даты «с»',
    );
    expect(billFilterError({ date_from: '2025-03-01', date_to: '2025-03-01', paid: null })).toBeNull();
  });
});
