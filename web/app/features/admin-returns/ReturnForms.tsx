import type { ReactNode } from 'react';
import { Group, NativeSelect, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { FetcherWithComponents } from 'react-router';
import { formatRoubles } from '@detal/contract/browser';
import type { Return } from '@detal/contract';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { WriteOutcome, fieldError, type WriteResult } from '../admin-shell/WriteOutcome.tsx';
import type { ReturnActionResult, ReturnIntent } from './returns-actions.ts';

/**
 * A return's steps as fetcher forms (issue 32), each posting to the page's route action with its `intent`: decide,
 * receive good and defective pieces, credit (the УКД), a refund, close. The server says what is wrong (Russian,
 * nothing written); the message shows once, under the field it names, else under the form.
 */

export const Intent = ({ value }: { value: ReturnIntent }) => <input type="hidden" name="intent" value={value} />;

/** A form's small text field, showing the refusal the answer gives for its `name` under it. */
export function FieldInput({
  result,
  name,
  ...input
}: Omit<TextInputProps, 'size' | 'error'> & { result: WriteResult | null | undefined; name: string }) {
  return <TextInput name={name} size="xs" error={fieldError(result, name)} {...input} />;
}

/** The return screen's one fetcher: its answer outlives the form that sent it (the next step replaces it). */
export type StepFetcher = FetcherWithComponents<ReturnActionResult>;

/** What a step says once it went through. */
const DONE: Partial<Record<ReturnIntent, string>> = {
  'return-decide': 'Решение записано',
  'return-receive': 'Возврат принят',
  'return-credit': 'Возврат зачтён: УКД оформлен',
  'return-refund': 'Выплата записана',
  'return-close': 'Возврат закрыт',
};

/** The fields each step's form shows its refusals under (the rest go to StepResult). */
const STEP_FIELDS: Partial<Record<ReturnIntent, string[]>> = {
  'return-decide': ['reason'],
  'return-receive': ['good_quantity', 'defective_quantity'],
  'return-refund': ['amount', 'reference'],
};

/**
 * The last step's answer, under the step: its success, or its refusal unless a field of its form shows it (a
 * refusal by a field leaves the return's state, so that form is still there).
 */
export function StepResult({ fetcher }: { fetcher: StepFetcher }) {
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (!result) return null;
  return (
    <div data-testid="step-result">
      <WriteOutcome result={result} text={DONE[result.intent] ?? 'Готово'} shown={STEP_FIELDS[result.intent] ?? []} />
    </div>
  );
}

function StepForm({
  fetcher,
  intent,
  label,
  returnId,
  children,
}: {
  fetcher: StepFetcher;
  intent: ReturnIntent;
  label: string;
  returnId: number;
  children: (result: ReturnActionResult | undefined, busy: boolean) => ReactNode;
}) {
  // Only this step's refusal marks its fields.
  const result = fetcher.data?.intent === intent ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" aria-label={label} noValidate>
      <Intent value={intent} />
      <input type="hidden" name="return_id" value={returnId} />
      {children(result, fetcher.state !== 'idle')}
    </fetcher.Form>
  );
}

/** Approve, or reject with a reason: the first manager's decision stands, the second is told. */
export function DecideForm({ item, fetcher }: { item: Return; fetcher: StepFetcher }) {
  return (
    <StepForm fetcher={fetcher} intent="return-decide" label="Решение по возврату" returnId={item.id}>
      {(result, busy) => (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Решение"
            name="decision"
            data={[
              { value: 'approve', label: 'Одобрить' },
              { value: 'reject', label: 'Отклонить' },
            ]}
            size="xs"
            w={140}
          />
          <FieldInput result={result} label="Причина отказа" name="reason" w={260} maw="100%" />
          <SubmitButton size="xs" loading={busy}>
            Записать решение
          </SubmitButton>
        </Group>
      )}
    </StepForm>
  );
}

/** What came back: good and defective pieces, together from one to the quantity asked. */
export function ReceiveForm({ item, fetcher }: { item: Return; fetcher: StepFetcher }) {
  return (
    <StepForm fetcher={fetcher} intent="return-receive" label="Приёмка возврата" returnId={item.id}>
      {(result, busy) => (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <FieldInput
            result={result}
            label="Годные, шт."
            name="good_quantity"
            defaultValue={item.quantity}
            inputMode="numeric"
            w={110}
          />
          <FieldInput
            result={result}
            label="Брак, шт."
            name="defective_quantity"
            defaultValue={0}
            inputMode="numeric"
            w={110}
          />
          <SubmitButton size="xs" loading={busy}>
            Принять
          </SubmitButton>
        </Group>
      )}
    </StepForm>
  );
}

/** The credit: a УКД of the shipment for the pieces received, and the same sum on the client's ledger. */
export function CreditForm({ item, fetcher }: { item: Return; fetcher: StepFetcher }) {
  const pieces = (item.good_quantity ?? 0) + (item.defective_quantity ?? 0);
  return (
    <StepForm fetcher={fetcher} intent="return-credit" label="Зачесть возврат" returnId={item.id}>
      {(_result, busy) => (
        <Group gap="xs" align="center" wrap="wrap">
          <Text fz="sm">
            К зачёту: {pieces} шт. × {formatRoubles(item.price)} = {formatRoubles(pieces * item.price)}
          </Text>
          <SubmitButton size="xs" loading={busy}>
            Зачесть (УКД)
          </SubmitButton>
        </Group>
      )}
    </StepForm>
  );
}

/** Money paid out of the credit: its own ledger entry; never more than what is left. */
export function RefundForm({ item, fetcher }: { item: Return; fetcher: StepFetcher }) {
  const left = Math.max(0, (item.credit_amount ?? 0) - item.refunded_amount);
  return (
    <StepForm fetcher={fetcher} intent="return-refund" label="Выплата клиенту" returnId={item.id}>
      {(result, busy) => (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <FieldInput
            result={result}
            label="Выплачено клиенту, ₽"
            description={`осталось ${formatRoubles(left)}`}
            name="amount"
            inputMode="decimal"
            w={180}
          />
          <FieldInput
            result={result}
            label="Документ выплаты"
            description="платёжка, расписка"
            name="reference"
            w={200}
          />
          <SubmitButton size="xs" variant="default" loading={busy}>
            Записать выплату
          </SubmitButton>
        </Group>
      )}
    </StepForm>
  );
}

export function CloseForm({ item, fetcher }: { item: Return; fetcher: StepFetcher }) {
  return (
    <StepForm fetcher={fetcher} intent="return-close" label="Закрыть возврат" returnId={item.id}>
      {(_result, busy) => (
        <SubmitButton size="xs" variant="default" loading={busy}>
          Закрыть возврат
        </SubmitButton>
      )}
    </StepForm>
  );
}
