import { useState, type FormEvent } from 'react';
import { Button, Card, NativeSelect, Stack, Text, TextInput, Title } from '../../ui/index.ts';
import {
  RECONCILIATION_PERIOD_MESSAGE,
  formatDate,
  formatKopecks,
  reconciliationFileName,
  toKopecks,
} from '@detal/contract/browser';
import type { ClientLedger } from '@detal/contract';
import { download } from '../../lib/api/index.ts';
import classes from './Ledger.module.css';

/**
 * The client's ledgers (issue 31 point 5) in /account and /bills: per payer the balance, the credit limit and what
 * is left of it, the overdue debt with its due days, the stop-list; and the reconciliation act for a period.
 */

type LedgerAccount = ClientLedger['accounts'][number];

const amount = (value: string) => formatKopecks(Math.abs(toKopecks(value)));

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'debt' | 'overdue' }) {
  return (
    <div className={classes.figure} data-tone={tone}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function AccountCard({ account, titled }: { account: LedgerAccount; titled: boolean }) {
  const balance = toKopecks(account.balance);
  const overdue = toKopecks(account.overdue);
  const overdueDebits = account.open_debits.filter((debit) => debit.overdue);
  const comingDebits = account.open_debits.filter((debit) => !debit.overdue);
  return (
    <Card
      withBorder
      radius="sm"
      role="group"
      aria-label={`Лицевой счёт: ${account.name}`}
      data-ledger-account={account.id}
    >
      <Stack gap="sm">
        {titled ? (
          <Title order={3} size={5}>
            {account.name}
          </Title>
        ) : null}
        <dl className={classes.figures}>
          <Figure
            label={balance < 0 ? 'Ваш долг' : balance > 0 ? 'Аванс' : 'Баланс'}
            value={amount(account.balance)}
            tone={balance < 0 ? 'debt' : undefined}
          />
          <Figure
            label="Кредитный лимит"
            value={account.credit_limit === null ? 'не установлен' : amount(account.credit_limit)}
          />
          {account.available !== null ? <Figure label="Доступно по лимиту" value={amount(account.available)} /> : null}
          <Figure label="Просрочено" value={amount(account.overdue)} tone={overdue > 0 ? 'overdue' : undefined} />
        </dl>
        {account.stop ? (
          <p className={classes.stop} role="status">
            {account.stop.reason.replace(/\.$/, '')}. Новые заказы примем, но передадим в работу после оплаты долга.
          </p>
        ) : null}
        {overdueDebits.length > 0 ? (
          <div>
            <Text size="sm" weight={600}>
              Просроченные платежи
            </Text>
            <ul className={classes.debits}>
              {overdueDebits.map((debit) => (
                <li key={debit.entry_id} className={classes.debit} data-overdue="true">
                  {amount(debit.open)} — срок оплаты был {formatDate(debit.due_on)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {comingDebits.length > 0 ? (
          <div>
            <Text size="sm" weight={600}>
              Ближайшие платежи
            </Text>
            <ul className={classes.debits}>
              {comingDebits.map((debit) => (
                <li key={debit.entry_id} className={classes.debit} data-overdue="false">
                  {amount(debit.open)} — оплатить до {formatDate(debit.due_on)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Downloads the act of the chosen ledger and period, by default from the first of this month to `today`, the shop's
 * day as the server counts it (not the browser's, which is UTC or another zone); a reversed period is shown on the
 * form, not sent.
 */
export function ReconciliationForm({ accounts, today }: { accounts: LedgerAccount[]; today: string }) {
  const initial = { from: `${today.slice(0, 8)}01`, to: today };
  const [accountId, setAccountId] = useState(String(accounts[0]?.id ?? ''));
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [busy, setBusy] = useState(false);
  const error = from && to && to < from ? RECONCILIATION_PERIOD_MESSAGE : null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error || !from || !to) return;
    setBusy(true);
    try {
      const id = Number(accountId);
      await download(
        'api:shop/client-reconciliation-download-post',
        { account_id: id, date_from: from, date_to: to },
        reconciliationFileName(id, from, to),
      );
    } catch {
      // Reported by the request layer's error catalogue.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={classes.actForm} onSubmit={(event) => void submit(event)} aria-label="Акт сверки" noValidate>
      {accounts.length > 1 ? (
        <NativeSelect
          label="Плательщик"
          name="account_id"
          value={accountId}
          onChange={(event) => setAccountId(event.currentTarget.value)}
          data={accounts.map((account) => ({ value: String(account.id), label: account.name }))}
        />
      ) : null}
      <TextInput
        type="date"
        label="С"
        name="date_from"
        value={from}
        required
        onChange={(event) => setFrom(event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="По"
        name="date_to"
        value={to}
        required
        error={error}
        onChange={(event) => setTo(event.currentTarget.value)}
      />
      <Button type="submit" variant="light" loading={busy} disabled={Boolean(error)}>
        Скачать акт сверки
      </Button>
    </form>
  );
}

/** The whole panel; nothing while the client has no ledger yet (no shipment, no payment). */
export function LedgerPanel({ ledger }: { ledger: ClientLedger | null }) {
  if (!ledger || ledger.accounts.length === 0) return null;
  const several = ledger.accounts.length > 1;
  return (
    <section aria-labelledby="ledger-title" data-ledger-panel="">
      <Stack gap="sm">
        <Title order={2} size="section" id="ledger-title">
          Взаиморасчёты
        </Title>
        {ledger.accounts.map((account) => (
          <AccountCard key={account.id} account={account} titled={several} />
        ))}
        <Text size="sm" weight={600}>
          Акт сверки за период
        </Text>
        <ReconciliationForm accounts={ledger.accounts} today={ledger.today} />
      </Stack>
    </section>
  );
}
