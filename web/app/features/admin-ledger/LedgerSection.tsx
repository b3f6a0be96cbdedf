import { Button, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { Form, useLocation } from 'react-router';
import { LEDGER_ENTRY_KINDS, LEDGER_ENTRY_KIND_LABELS } from '@detal/contract/browser';
import { ListPager } from '../admin-shell/ListPager.tsx';
import { paths } from '../../paths.ts';
import type { ClientLedgerData } from './client-ledger.server.ts';
import { LedgerAccountsTable } from './LedgerAccountsTable.tsx';
import { LedgerEntriesTable } from './LedgerEntriesTable.tsx';
import { AdjustmentForm, AdvanceForm, CreditTermsForm, ReversalForm, StopListForm } from './LedgerForms.tsx';

/**
 * «Взаиморасчёты» on the client screen (issue 31): each ledger's position, the chosen one's entries (filters in the
 * URL, newest first, running balance), and the staff's writes: terms, stop-list, adjustment, reversal, advance.
 * Only owners and managers reach the client screen (its section's roles), and they may write all of it.
 */
export function LedgerSection({
  clientId,
  ledger,
  today,
}: {
  clientId: number;
  ledger: ClientLedgerData;
  today: string;
}) {
  const location = useLocation();
  const account = ledger.accounts.find((candidate) => candidate.id === ledger.accountId) ?? null;
  const hrefOf = (accountId: number) => paths.adminClientLedger(clientId, `account=${accountId}`);
  const { filters } = ledger;
  return (
    <Stack gap="xs" id="ledger" component="section" aria-labelledby="ledger-title">
      <Group gap="xs" align="baseline">
        <Title order={2} fz="md" id="ledger-title">
          Взаиморасчёты
        </Title>
        <Text fz="sm" c="gray.7">
          сальдо: плюс — аванс клиента, минус — его долг
        </Text>
      </Group>
      <LedgerAccountsTable
        accounts={ledger.accounts}
        chosenId={ledger.accountId}
        hrefOf={hrefOf}
        creditLimit={ledger.terms.effective.credit_limit}
      />
      <CreditTermsForm owner={{ client_id: clientId }} terms={ledger.terms} label="Кредитные условия клиента" />
      {account && (
        <>
          <Title order={3} fz="sm">
            {account.name}: записи
          </Title>
          <Form method="get" action={`${location.pathname}#ledger`} aria-label="Фильтр записей" preventScrollReset>
            <input type="hidden" name="account" value={account.id} />
            <Group gap="xs" align="flex-end" wrap="wrap">
              <NativeSelect
                label="Вид"
                name="kind"
                data={[
                  { value: '', label: 'все' },
                  ...LEDGER_ENTRY_KINDS.map((kind) => ({ value: kind, label: LEDGER_ENTRY_KIND_LABELS[kind] })),
                ]}
                defaultValue={filters.kind ?? ''}
                size="xs"
                w={200}
              />
              <TextInput label="С" name="from" type="date" defaultValue={filters.dateFrom ?? ''} size="xs" w={150} />
              <TextInput label="По" name="to" type="date" defaultValue={filters.dateTo ?? ''} size="xs" w={150} />
              <Button type="submit" size="xs" variant="default">
                Показать
              </Button>
            </Group>
          </Form>
          <LedgerEntriesTable entries={ledger.entries.data} clientId={clientId} />
          <ListPager list={ledger.entries} />
          <StopListForm account={account} />
          <AdjustmentForm account={account} />
          <AdvanceForm account={account} today={today} />
          <ReversalForm entries={ledger.entries.data} />
        </>
      )}
    </Stack>
  );
}
