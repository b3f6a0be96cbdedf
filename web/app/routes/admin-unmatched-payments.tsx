import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, useLoaderData } from 'react-router';
import type { Route } from './+types/admin-unmatched-payments';
import { adminMeta } from '../features/admin-shell/admin-meta.ts';
import { adminSection } from '../features/admin-shell/admin-section.tsx';
import { adminServerApi } from '../features/admin-shell/admin-api.server.ts';
import { positiveInt } from '../features/admin-payments/payments-query.ts';
import { LedgerNav } from '../features/admin-ledger/LedgerNav.tsx';
import { UnmatchedLinesTable } from '../features/admin-ledger/UnmatchedLinesTable.tsx';
import { ledgerRouteAction } from '../features/admin-ledger/ledger-actions.ts';

export const meta: Route.MetaFunction = () => adminMeta('Платежи без плательщика');

/** The lines waiting, and the ledgers of the client staff chose (`?client=`) to put them on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const clientId = positiveInt(new URL(request.url).searchParams.get('client'));
  const api = adminServerApi(request, context);
  const [{ lines }, accounts] = await Promise.all([
    api.call('ledger-unmatched-list', { body: {} }),
    clientId === null
      ? Promise.resolve([])
      : api.call('ledger-account-list', { body: { client_id: clientId } }).then((answer) => answer.accounts),
  ]);
  return { lines, accounts, clientId };
}

export const clientAction = ({ request }: Route.ClientActionArgs) => ledgerRouteAction(request);

export const handle = adminSection('ledger-unmatched-list', 'Платежи доступны владельцу и менеджерам магазина');

/** Statement lines naming no bill and no known INN (issue 31): never guessed, put on a ledger by staff. */
export default function AdminUnmatchedPaymentsPage() {
  const { lines, accounts, clientId } = useLoaderData<typeof loader>();
  return (
    <Stack gap="sm">
      <LedgerNav />
      <Title order={1} fz="h3">
        Платежи без плательщика
      </Title>
      <Text fz="sm" c="gray.7">
        Строки выписок без номера счёта, чей ИНН не найден ни у одного клиента. Выберите клиента и зачтите платёж
        авансом на его лицевой счёт; платёж по конкретному счёту записывается в разделе «Платежи».
      </Text>
      <Form method="get" aria-label="Клиент для зачёта">
        <Group gap="xs" align="flex-end">
          <TextInput
            label="Номер клиента"
            name="client"
            defaultValue={clientId ?? ''}
            inputMode="numeric"
            size="xs"
            w={140}
          />
          <Button type="submit" size="xs" variant="default">
            Показать счета клиента
          </Button>
        </Group>
      </Form>
      {clientId !== null && accounts.length === 0 && (
        <Text fz="sm" c="orange.9">
          У клиента № {clientId} ещё нет лицевых счетов
        </Text>
      )}
      <UnmatchedLinesTable lines={lines} accounts={accounts} />
    </Stack>
  );
}
