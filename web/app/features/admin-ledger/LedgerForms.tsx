import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useFetcher } from 'react-router';
import { formatRoubles } from '@detal/contract/browser';
import type { CreditTerms, LedgerAccount, LedgerEntry } from '@detal/contract';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { WriteOutcome, fieldError } from '../admin-shell/WriteOutcome.tsx';
import type { LedgerActionResult, LedgerIntent } from './ledger-actions.ts';

/**
 * The ledger's forms (issue 31), each a fetcher form posting to the page's route action with its `intent`. The
 * server says what is wrong (Russian, nothing written); the message shows under the field it names.
 */

const Intent = ({ value }: { value: LedgerIntent }) => <input type="hidden" name="intent" value={value} />;

const TRI_STATE = [
  { value: '', label: 'как у группы' },
  { value: 'yes', label: 'да' },
  { value: 'no', label: 'нет' },
];
const triValue = (value: boolean | null) => (value === null ? '' : value ? 'yes' : 'no');

/** A client's override or a group's default: empty fields inherit (a group's: the shop's, no limit). */
export function CreditTermsForm({
  owner,
  terms,
  label,
}: {
  owner: { client_id: number } | { group_id: number };
  terms: CreditTerms;
  label: string;
}) {
  const fetcher = useFetcher<LedgerActionResult>();
  const forClient = 'client_id' in owner;
  return (
    <fetcher.Form method="post" aria-label={label} noValidate>
      <Intent value="ledger-terms" />
      {'client_id' in owner ? (
        <input type="hidden" name="client_id" value={owner.client_id} />
      ) : (
        <input type="hidden" name="group_id" value={owner.group_id} />
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Кредитный лимит, ₽"
          name="credit_limit"
          defaultValue={terms.own.credit_limit ?? ''}
          placeholder={forClient ? 'как у группы' : 'без лимита'}
          inputMode="decimal"
          size="xs"
          w={150}
          error={fieldError(fetcher.data, 'credit_limit')}
        />
        <TextInput
          label="Отсрочка, дней"
          name="deferral_days"
          defaultValue={terms.own.deferral_days ?? ''}
          placeholder={forClient ? 'как у группы' : '0'}
          inputMode="numeric"
          size="xs"
          w={120}
          error={fieldError(fetcher.data, 'deferral_days')}
        />
        <NativeSelect
          label="Предоплата"
          name="prepay_required"
          data={
            forClient
              ? TRI_STATE
              : [
                  { value: '', label: 'нет' },
                  { value: 'yes', label: 'да' },
                ]
          }
          defaultValue={triValue(terms.own.prepay_required)}
          size="xs"
          w={130}
        />
        <SubmitButton size="xs" variant="default" loading={fetcher.state !== 'idle'}>
          Сохранить условия
        </SubmitButton>
      </Group>
      {forClient && (
        <Text fz="xs" c="gray.7" mt={4} data-testid="effective-terms">
          Действуют: лимит{' '}
          {terms.effective.credit_limit === null ? 'не задан' : formatRoubles(terms.effective.credit_limit)}, отсрочка{' '}
          {terms.effective.deferral_days} дн., предоплата {terms.effective.prepay_required ? 'нужна' : 'не нужна'}
        </Text>
      )}
      <WriteOutcome result={fetcher.data} text="Условия сохранены" shown={['credit_limit', 'deferral_days']} />
    </fetcher.Form>
  );
}

/** On the stop-list with a reason, or lifted. */
export function StopListForm({ account }: { account: LedgerAccount }) {
  const fetcher = useFetcher<LedgerActionResult>();
  if (account.stop) {
    return (
      <fetcher.Form method="post" aria-label="Снять стоп-лист">
        <Intent value="ledger-lift" />
        <input type="hidden" name="account_id" value={account.id} />
        <Group gap="xs" align="center">
          <Text fz="sm" c="red.8">
            В стоп-листе{account.stop.kind === 'auto' ? ' (автоматически)' : ''}: {account.stop.reason}
          </Text>
          <SubmitButton size="xs" variant="default" loading={fetcher.state !== 'idle'}>
            Снять стоп-лист
          </SubmitButton>
        </Group>
        <WriteOutcome result={fetcher.data} text="Стоп-лист снят" shown={[]} />
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" aria-label="Поставить в стоп-лист" noValidate>
      <Intent value="ledger-stop" />
      <input type="hidden" name="account_id" value={account.id} />
      <Group gap="xs" align="flex-end">
        <TextInput
          label="Причина стоп-листа"
          name="reason"
          size="xs"
          w={260}
          error={fieldError(fetcher.data, 'reason')}
        />
        <SubmitButton size="xs" color="red" variant="light" loading={fetcher.state !== 'idle'}>
          В стоп-лист
        </SubmitButton>
      </Group>
      <WriteOutcome result={fetcher.data} text="Клиент в стоп-листе" shown={['reason']} />
    </fetcher.Form>
  );
}

/** A staff adjustment: a debit (the client owes more) or a credit (less), always with a reason. */
export function AdjustmentForm({ account }: { account: LedgerAccount }) {
  const fetcher = useFetcher<LedgerActionResult>();
  return (
    <fetcher.Form method="post" aria-label="Корректировка" noValidate>
      <Intent value="ledger-adjustment" />
      <input type="hidden" name="account_id" value={account.id} />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Корректировка"
          name="side"
          data={[
            { value: 'credit', label: 'в пользу клиента (приход)' },
            { value: 'debit', label: 'долг клиента (расход)' },
          ]}
          size="xs"
          w={210}
        />
        <TextInput
          label="Сумма, ₽"
          name="amount"
          inputMode="decimal"
          size="xs"
          w={120}
          error={fieldError(fetcher.data, 'amount')}
        />
        <TextInput label="Причина" name="reason" size="xs" w={240} error={fieldError(fetcher.data, 'reason')} />
        <SubmitButton size="xs" variant="default" loading={fetcher.state !== 'idle'}>
          Провести корректировку
        </SubmitButton>
      </Group>
      <WriteOutcome result={fetcher.data} text="Корректировка проведена" shown={['amount', 'reason']} />
    </fetcher.Form>
  );
}

/** An advance typed in by staff: money that names no bill, on this ledger. */
export function AdvanceForm({ account, today }: { account: LedgerAccount; today: string }) {
  const fetcher = useFetcher<LedgerActionResult>();
  return (
    <fetcher.Form method="post" aria-label="Аванс" noValidate>
      <Intent value="ledger-advance" />
      <input type="hidden" name="account_id" value={account.id} />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Аванс, ₽"
          name="amount"
          inputMode="decimal"
          size="xs"
          w={120}
          error={fieldError(fetcher.data, 'amount')}
        />
        <TextInput
          label="Дата"
          name="date"
          type="date"
          defaultValue={today}
          size="xs"
          w={150}
          error={fieldError(fetcher.data, 'date')}
        />
        <TextInput label="Платёжный документ" name="reference" size="xs" w={200} />
        <SubmitButton size="xs" variant="default" loading={fetcher.state !== 'idle'}>
          Записать аванс
        </SubmitButton>
      </Group>
      <WriteOutcome result={fetcher.data} text="Аванс записан" shown={['amount', 'date']} />
    </fetcher.Form>
  );
}

/** A reversal of one entry (once), with a reason: the mistake stays, cancelled by its mirror. */
export function ReversalForm({ entries }: { entries: readonly LedgerEntry[] }) {
  const fetcher = useFetcher<LedgerActionResult>();
  const reversible = entries.filter((entry) => !entry.reversed && entry.reverses_id === null);
  if (reversible.length === 0) return null;
  return (
    <fetcher.Form method="post" aria-label="Сторно" noValidate>
      <Intent value="ledger-reversal" />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Сторнировать запись"
          name="entry_id"
          data={reversible.map((entry) => ({
            value: String(entry.id),
            label: `№ ${entry.id}, ${entry.side === 'credit' ? '+' : '−'}${formatRoubles(entry.amount)}`,
          }))}
          size="xs"
          w={220}
          error={fieldError(fetcher.data, 'entry_id')}
        />
        <TextInput label="Причина" name="reason" size="xs" w={240} error={fieldError(fetcher.data, 'reason')} />
        <SubmitButton size="xs" color="red" variant="light" loading={fetcher.state !== 'idle'}>
          Сторнировать
        </SubmitButton>
      </Group>
      <WriteOutcome result={fetcher.data} text="Запись сторнирована" shown={['entry_id', 'reason']} />
    </fetcher.Form>
  );
}
