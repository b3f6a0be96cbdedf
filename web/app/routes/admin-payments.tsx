import { Anchor, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/admin-payments';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { paymentAction } from '../features/admin-payments/payment-actions.ts';
import { RecordPaymentForm, StatementUpload } from '../features/admin-payments/PaymentForms.tsx';
import { PaymentFilters, PaymentsTable } from '../features/admin-payments/PaymentsTables.tsx';
import { BillsTable } from '../features/admin-bills/BillsTable.tsx';
import { paymentsQueryOf } from '../features/admin-payments/payments-query.ts';
import { keysHelp, useListKeys } from '../lib/use-list-keys.ts';
import { paths } from '../paths.ts';
import { ListPager } from '../features/admin-shell/ListPager.tsx';

export const meta: Route.MetaFunction = () => adminMeta('Платежи');

/** Today in the shop's time zone, for the form's default date. */
const todayIn = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = paymentsQueryOf(new URL(request.url));
  const api = adminServerApi(request, context);
  const today = todayIn('Europe/Moscow');
  if (query.tab === 'bills') {
    const bills = await api.call('bill-list', {
      query: { page: query.page },
      body: query.bills,
      handles: [422],
    });
    return { query, today, bills, payments: null };
  }
  const payments = await api.call('payment-list', {
    query: { page: query.page },
    body: query.payments,
    handles: [422],
  });
  return { query, today, payments, bills: null };
}

/** The keys of the payments page, as its help line shows them (docs: README, Back office). */
export const PAYMENTS_SHORTCUTS = keysHelp([
  ['j/k или ↓/↑', 'строка'],
  ['Enter', 'открыть (платёж — клиента, счёт — заказ)'],
  ['p', 'записать платёж по счёту в строке'],
  ['n', 'новый платёж'],
  ['u', 'выписка'],
  ['t', 'платежи/счета'],
  ['/', 'фильтры'],
]);

/** A field of a form in `scope` by its name, for the keys that fill or focus it. */
const fieldIn = (scope: HTMLElement | null, name: string) =>
  scope?.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? null;

export const clientAction = ({ request }: Route.ClientActionArgs) => paymentAction(request);

export const handle = adminSection('payment-list', 'Платежи доступны владельцу и менеджерам магазина');

export default function AdminPaymentsPage() {
  const { query, today, payments, bills } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const list = payments ?? bills;
  const shown = query.tab === 'bills' ? query.bills : query.payments;
  const hasFilters = Object.entries(shown).some(
    ([key, value]) => key !== 'per_page' && value !== null && value !== undefined,
  );
  const recordRef = useRef<HTMLDivElement>(null);
  const statementRef = useRef<HTMLDivElement>(null);
  const filtersRef = useRef<HTMLDivElement>(null);
  const rows = list?.data ?? [];
  const keys = useListKeys({
    count: rows.length,
    rowsKey: `${query.tab}:${rows.map((row) => row.id).join(',')}`,
    actions: {
      Enter: (at) => {
        if (payments?.data[at]) void navigate(paths.adminClient(payments.data[at].client_id));
        if (bills?.data[at]) void navigate(paths.adminOrder(bills.data[at].order_id));
      },
      p: (at) => {
        const bill = bills?.data[at];
        const billField = fieldIn(recordRef.current, 'bill_id');
        const amountField = fieldIn(recordRef.current, 'amount');
        if (!bill || !billField || !amountField) return;
        billField.value = String(bill.id);
        amountField.value = bill.remaining.toFixed(2);
        amountField.focus();
      },
      n: () => fieldIn(recordRef.current, 'bill_id')?.focus(),
      u: () => fieldIn(statementRef.current, 'file')?.focus(),
      t: () => void navigate(paths.adminPayments(query.tab === 'bills' ? '' : 'tab=bills')),
      '/': () => fieldIn(filtersRef.current, 'bill_id')?.focus(),
    },
  });
  return (
    <Stack gap="sm">
      <Title order={1} fz="h3">
        Платежи
      </Title>
      <>
        <Paper withBorder p="xs" ref={recordRef}>
          <Stack gap="xs">
            <Text fw={600} fz="sm">
              Записать платёж
            </Text>
            <RecordPaymentForm today={today} />
          </Stack>
        </Paper>
        <Paper withBorder p="xs" ref={statementRef}>
          <Stack gap="xs">
            <Text fw={600} fz="sm">
              Выписка банка
            </Text>
            <StatementUpload />
          </Stack>
        </Paper>
        <Tabs
          value={query.tab}
          onChange={(tab) => void navigate(paths.adminPayments(tab === 'bills' ? 'tab=bills' : ''))}
        >
          <Tabs.List>
            <Tabs.Tab value="payments">Платежи</Tabs.Tab>
            <Tabs.Tab value="bills">Счета</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <div ref={filtersRef}>
          <PaymentFilters key={location.search} query={query} />
        </div>
        {list && (
          <>
            <Group gap="xs">
              <Text size="sm" c="gray.7">
                {payments ? 'Платежей' : 'Счетов'}: {list.total}
              </Text>
              {hasFilters && (
                <Anchor component={Link} to={paths.adminPayments(query.tab === 'bills' ? 'tab=bills' : '')} fz="sm">
                  Сбросить фильтры
                </Anchor>
              )}
            </Group>
            <Text size="xs" c="gray.7" data-testid="payments-shortcuts">
              Клавиши: {PAYMENTS_SHORTCUTS}
            </Text>
            {payments ? (
              <PaymentsTable payments={payments.data} keys={keys} />
            ) : (
              <BillsTable bills={bills!.data} keys={keys} />
            )}
            <ListPager list={list} />
          </>
        )}
      </>
    </Stack>
  );
}
