import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, data, useLoaderData } from 'react-router';
import { DEFAULT_TIME_ZONE, formatDateTime, formatRoubles } from '@detal/contract/browser';

import type { Route } from './+types/admin-client';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { clientAction as runClientAction } from '../features/admin-clients/client-actions.ts';

import { PaymentsTable } from '../features/admin-payments/PaymentsTables.tsx';
import { BillsTable } from '../features/admin-bills/BillsTable.tsx';
import { positiveInt } from '../features/admin-payments/payments-query.ts';

import { isApiError } from '../lib/api/index.ts';
import { PayersSection } from '../features/admin-clients/PayersSection.tsx';
import { paths } from '../paths.ts';
import { loadClientLedger } from '../features/admin-ledger/client-ledger.server.ts';
import { LedgerSection } from '../features/admin-ledger/LedgerSection.tsx';
import { isLedgerIntent, ledgerAction } from '../features/admin-ledger/ledger-actions.ts';
import { ReturnsTable } from '../features/admin-returns/ReturnsQueue.tsx';
import { Field, PricingForms, BlockControl, OrdersTable, Section } from '../features/admin-clients/ClientScreen.tsx';

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  adminMeta(loaded && 'client' in loaded && loaded.client ? loaded.client.name : 'Клиент');

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = positiveInt(params.id ?? null);
  if (id === null) throw data('Клиент не найден', { status: 404 });
  const api = adminServerApi(request, context);
  try {
    const [{ client }, { payers }, ledger, returns, { suppliers }] = await Promise.all([
      api.call('client-show', { body: { id }, handles: [404] }),
      api.call('payer-list', { body: { client_id: id } }),
      loadClientLedger(api, id, new URL(request.url)),
      // The client's latest returns (issue 32), the rest in the queue filtered by the client.
      api.call('return-list', { query: { page: 1 }, body: { client_id: id } }),
      api.call('supplier-list', {}),
    ]);
    // The shop's day, for the advance form's date.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(new Date());
    return { client, payers, ledger, today, returns, suppliers };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data('Клиент не найден', { status: 404 });
    throw error;
  }
}

/** The card's writes and the ledger's (issue 31), told apart by the form's intent. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.clone().formData();
  const intent = String(form.get('intent'));
  return isLedgerIntent(intent) ? ledgerAction(intent, form) : runClientAction(request);
}

export const handle = adminSection('client-show', 'Клиенты доступны владельцу и менеджерам магазина');

export default function AdminClientPage() {
  const { client, payers, ledger, today, returns, suppliers } = useLoaderData<typeof loader>();
  const owed = client.balance.balance;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Anchor component={Link} to={paths.adminClients()} fz="sm">
            ← Клиенты
          </Anchor>
          <Group gap="xs">
            <Title order={1} fz="h3">
              {client.name}
            </Title>
            {client.blocked && (
              <Badge color="red" data-testid="client-blocked">
                Заблокирован {client.blocked_at ? formatDateTime(client.blocked_at) : ''}
              </Badge>
            )}
          </Group>
        </Stack>
        <BlockControl client={client} />
      </Group>
      <Paper withBorder p="sm">
        <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
          <Field label="E-mail">{client.email}</Field>
          <Field label="Телефон">{client.phone_number}</Field>
          <Field label="Организация">{client.company_name ?? '—'}</Field>
          <Field label="ИНН">{client.inn ?? '—'}</Field>
          <Field label="Выставлено счетов на">{formatRoubles(client.balance.billed)}</Field>
          <Field label="Оплачено">{formatRoubles(client.balance.paid)}</Field>
          <Field label={owed < 0 ? 'Переплата (должны клиенту)' : 'Не оплачено по счетам'}>
            <Text span fw={700} c={owed > 0 ? 'red.8' : undefined} data-testid="client-balance">
              {formatRoubles(Math.abs(owed))}
            </Text>
          </Field>
          <Field label="Клиент с">{formatDateTime(client.created_at)}</Field>
        </SimpleGrid>
      </Paper>
      <PricingForms client={client} />
      <PayersSection clientId={client.id} payers={payers} />
      <LedgerSection clientId={client.id} ledger={ledger} today={today} />
      <Section
        title="Заказы"
        total={client.orders_total}
        shown={client.orders.length}
        more={paths.adminOrders(`client_id=${client.id}`)}
        moreLabel="позиции в очереди"
        moreAlways
      >
        <OrdersTable client={client} />
      </Section>
      <Section
        title="Возвраты"
        total={returns.total}
        shown={returns.data.length}
        more={paths.adminReturns(`client_id=${client.id}`)}
      >
        <ReturnsTable returns={returns.data} suppliers={suppliers} showClient={false} />
      </Section>
      <Section
        title="Счета"
        total={client.bills_total}
        shown={client.bills.length}
        more={paths.adminPayments(`tab=bills&client_id=${client.id}`)}
      >
        <BillsTable bills={client.bills} showClient={false} />
      </Section>
      <Section
        title="Платежи"
        total={client.payments_total}
        shown={client.payments.length}
        more={paths.adminPayments(`client_id=${client.id}`)}
      >
        <PaymentsTable payments={client.payments} showClient={false} />
      </Section>
    </Stack>
  );
}
