import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { AdminBill, AdminClientRow, Payment } from '@detal/contract';
import { renderAdminRoutes } from '../../../test/render.tsx';
import AdminPaymentsPage, { PAYMENTS_SHORTCUTS } from '../../routes/admin-payments.tsx';
import AdminClientsPage, { CLIENTS_SHORTCUTS } from '../../routes/admin-clients.tsx';
import { BulkStatusBar } from './OrderQueue.tsx';

/**
 * The keyboard of the payments and clients pages (the order queue's, through the one useListKeys): the cursor
 * row, the page's actions on it, the help line, and keys typed into a field left to the field.
 */

const bill = (id: number, remaining: number): AdminBill => ({
  id,
  order_id: id + 100,
  client_id: id + 200,
  client_name: `Клиент ${id}`,
  date_bill: '2026-11-20T09:00:00.000Z',
  price_sum: 1500,
  paid_sum: 1500 - remaining,
  remaining,
  state: remaining === 0 ? 'paid' : 'partly_paid',
  paid_at: null,
});
const payment = (id: number): Payment => ({
  id,
  bill_id: id + 40,
  order_id: id + 100,
  client_id: id + 200,
  client_name: `Плательщик ${id}`,
  amount: 400.5,
  date: '2026-11-21',
  reference: `п/п № ${id}`,
  source: 'statement',
  staff_email: 'manager@shop.example.ru',
  created_at: '2026-11-21T10:00:00.000Z',
});
const clientRow = (id: number): AdminClientRow => ({
  id,
  name: `Клиентов Клиент ${id}`,
  email: `client${id}@example.ru`,
  phone_number: '+79165554433',
  company_name: null,
  inn: null,
  group_name: 'Розница',
  blocked: false,
  created_at: '2026-11-01T09:00:00.000Z',
});
const page = <T,>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 50, total: data.length });

function Where() {
  const location = useLocation();
  return <h1>{`${location.pathname}${location.search}`}</h1>;
}

function renderPayments(entry: string) {
  return renderAdminRoutes(
    [
      {
        path: '/admin/payments',
        Component: AdminPaymentsPage,
        loader: ({ request }) => {
          const tab = new URL(request.url).searchParams.get('tab') === 'bills' ? 'bills' : 'payments';
          const query = { tab, page: 1, payments: { per_page: 50 }, bills: { per_page: 50 } };
          return tab === 'bills'
            ? { query, today: '2026-11-24', bills: page([bill(41, 1099.5), bill(42, 250)]), payments: null }
            : { query, today: '2026-11-24', payments: page([payment(1), payment(2)]), bills: null };
        },
      },
      { path: '/admin/clients/:id', Component: Where },
      { path: '/admin/orders/:id', Component: Where },
    ],
    [entry],
  );
}

const key = (name: string, target: Element = document.body) => fireEvent.keyDown(target, { key: name });
const cursorRow = (testId: string) => screen.getByTestId(testId).querySelector('tbody tr[data-cursor]');
const recordField = (name: string) =>
  screen.getByRole('form', { name: 'Записать платёж' }).querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('the keyboard of /admin/payments', () => {
  it('shows its keys; j/k move the cursor, Enter opens the payment’s client', async () => {
    renderPayments('/admin/payments');
    await screen.findByTestId('payments-table');
    expect(screen.getByTestId('payments-shortcuts').textContent).toBe(`Клавиши: ${PAYMENTS_SHORTCUTS}`);
    expect(PAYMENTS_SHORTCUTS).toContain('p — записать платёж по счёту в строке');
    expect(cursorRow('payments-table')?.textContent).toContain('Плательщик 1');
    key('j');
    await waitFor(() => expect(cursorRow('payments-table')?.textContent).toContain('Плательщик 2'));
    key('ArrowDown'); // the last row stays
    key('k');
    key('j');
    await waitFor(() => expect(cursorRow('payments-table')?.textContent).toContain('Плательщик 2'));
    key('Enter');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('/admin/clients/202');
  });

  it('n focuses a new payment, u the statement, / the filters; a key typed into a field stays in it', async () => {
    renderPayments('/admin/payments');
    await screen.findByTestId('payments-table');
    key('n');
    expect(document.activeElement).toBe(recordField('bill_id'));
    // Typed into the field: the page's keys do nothing.
    key('u', recordField('bill_id'));
    key('j', recordField('bill_id'));
    expect(document.activeElement).toBe(recordField('bill_id'));
    expect(cursorRow('payments-table')?.textContent).toContain('Плательщик 1');
    (document.activeElement as HTMLElement).blur();
    key('u');
    expect(document.activeElement?.getAttribute('name')).toBe('file');
    (document.activeElement as HTMLElement).blur();
    key('/');
    expect(document.activeElement).toBe(
      screen.getByRole('form', { name: 'Фильтры' }).querySelector('input[name="bill_id"]'),
    );
  });

  it('t turns to the bills; p fills the payment form with the cursor bill’s number and remainder; Enter opens its order', async () => {
    renderPayments('/admin/payments');
    await screen.findByTestId('payments-table');
    key('t');
    await screen.findByTestId('bills-table');
    key('j');
    await waitFor(() => expect(cursorRow('bills-table')?.getAttribute('data-bill-id')).toBe('42'));
    key('p');
    expect(recordField('bill_id').value).toBe('42');
    expect(recordField('amount').value).toBe('250.00');
    expect(document.activeElement).toBe(recordField('amount'));
    (document.activeElement as HTMLElement).blur();
    key('Enter');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('/admin/orders/142');
  });
});

describe('the keyboard of /admin/clients', () => {
  it('shows its keys; j moves the cursor, Enter opens the client, / focuses the search', async () => {
    renderAdminRoutes(
      [
        {
          path: '/admin/clients',
          Component: AdminClientsPage,
          loader: () => ({ q: null, list: page([clientRow(5), clientRow(6), clientRow(7)]), forbidden: false }),
        },
        { path: '/admin/clients/:id', Component: Where },
      ],
      ['/admin/clients'],
    );
    await screen.findByTestId('clients-table');
    expect(screen.getByTestId('clients-shortcuts').textContent).toBe(`Клавиши: ${CLIENTS_SHORTCUTS}`);
    key('/');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Поиск/ }));
    key('j', document.activeElement!);
    expect(cursorRow('clients-table')?.getAttribute('data-client-id')).toBe('5');
    (document.activeElement as HTMLElement).blur();
    key('j');
    key('j');
    await waitFor(() => expect(cursorRow('clients-table')?.getAttribute('data-client-id')).toBe('7'));
    key('k');
    await waitFor(() => expect(cursorRow('clients-table')?.getAttribute('data-client-id')).toBe('6'));
    key('Enter');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('/admin/clients/6');
  });
});

describe('the queue’s status bar', () => {
  it('starts empty after a change, so that the next change does not repeat its note', async () => {
    let sent: FormData | null = null;
    renderAdminRoutes(
      [
        {
          path: '/admin/orders',
          Component: () => <BulkStatusBar lineIds={[7, 8]} />,
          action: async ({ request }) => {
            sent = await request.formData();
            return { intent: 'status', ok: true, changed: 2, unchanged: 0 };
          },
        },
      ],
      ['/admin/orders'],
    );
    const bar = await screen.findByRole('form', { name: 'Смена статуса' });
    const status = screen.getByRole('combobox', { name: 'Новый статус' }) as HTMLSelectElement;
    const note = screen.getByRole('textbox', { name: 'Примечание' }) as HTMLInputElement;
    fireEvent.change(status, { target: { value: 'in_work' } });
    fireEvent.change(note, { target: { value: 'Заказали у поставщика' } });
    fireEvent.submit(bar);
    await screen.findByTestId('order-action-done');
    expect(sent!.get('note')).toBe('Заказали у поставщика');
    expect(sent!.get('line_ids')).toBe('7,8');
    await waitFor(() => expect(note.value).toBe(''));
    expect(status.value).toBe('');
  });
});
