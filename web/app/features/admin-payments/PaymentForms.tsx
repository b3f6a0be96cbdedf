import { Alert, Anchor, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import { paths } from '../../paths.ts';
import {
  BILL_STATE_LABELS,
  STATEMENT_UNMATCHED_REASON_LABELS,
  formatRoubles,
  type StatementImportResult,
  type StatementLine,
} from '@detal/contract';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { useFormReset } from '../../lib/use-form-reset.ts';
import type { PaymentActionResult } from './payment-actions.ts';
import { formatDay } from './PaymentsTables.tsx';

/** A payment typed in by staff: bill, amount, day, reference. The lists reload after it (revalidation). */
export function RecordPaymentForm({ today }: { today: string }) {
  const fetcher = useFetcher<PaymentActionResult>();
  const result = fetcher.data?.intent === 'record' ? fetcher.data : null;
  const errors = result?.errors;
  const recorded = result?.recorded ?? null;
  const form = useFormReset(recorded);
  return (
    <fetcher.Form method="post" aria-label="Записать платёж" noValidate ref={form}>
      <input type="hidden" name="intent" value="record" />
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label="Счёт №"
          name="bill_id"
          required
          size="xs"
          w={100}
          inputMode="numeric"
          error={errors?.bill_id}
        />
        <TextInput
          label="Сумма, ₽"
          name="amount"
          required
          size="xs"
          w={130}
          inputMode="decimal"
          error={errors?.amount}
        />
        <TextInput
          label="Дата"
          name="date"
          type="date"
          required
          size="xs"
          w={140}
          defaultValue={today}
          error={errors?.date}
        />
        <TextInput
          label="Основание"
          name="reference"
          size="xs"
          w={240}
          placeholder="п/п № 17, ООО «Ромашка»"
          error={errors?.reference}
        />
        <SubmitButton size="xs" mt={23} loading={fetcher.state !== 'idle'}>
          Записать платёж
        </SubmitButton>
      </Group>
      {errors?.form && (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {errors.form}
        </Text>
      )}
      {recorded && (
        <Text size="sm" c="teal.9" role="status" mt={4}>
          Платёж {formatRoubles(recorded.payment.amount)} по счёту № {recorded.bill.id} записан:{' '}
          {BILL_STATE_LABELS[recorded.bill.state].toLowerCase()}
          {recorded.bill.state === 'partly_paid' ? `, осталось ${formatRoubles(recorded.bill.remaining)}` : ''}
        </Text>
      )}
    </fetcher.Form>
  );
}

const lineKey = (line: StatementLine) =>
  `${line.number}|${line.date}|${line.amount}|${line.payer_account}|${line.payer_inn}`;

/** An unmatched line: staff type (or keep the suggested) bill number and record it there. */
function MatchForm({ line, billId, proposed }: { line: StatementLine; billId: number | null; proposed: boolean }) {
  const fetcher = useFetcher<PaymentActionResult>();
  const result = fetcher.data?.intent === 'match' ? fetcher.data : null;
  if (result?.recorded) {
    return (
      <Text size="sm" c="teal.9" role="status">
        Записан по счёту № {result.recorded.bill.id} ({BILL_STATE_LABELS[result.recorded.bill.state].toLowerCase()})
      </Text>
    );
  }
  return (
    <fetcher.Form method="post" aria-label={`Сопоставить п/п № ${line.number}`} noValidate>
      <input type="hidden" name="intent" value="match" />
      <input type="hidden" name="key" value={lineKey(line)} />
      <input type="hidden" name="line" value={JSON.stringify(line)} />
      <Group gap={4} wrap="nowrap" align="flex-start">
        <TextInput
          aria-label="Счёт №"
          name="bill_id"
          placeholder="Счёт №"
          defaultValue={billId ?? ''}
          size="xs"
          w={90}
          inputMode="numeric"
          error={result?.errors.bill_id ?? result?.errors.form}
        />
        <SubmitButton size="xs" variant={proposed ? 'filled' : 'light'} loading={fetcher.state !== 'idle'}>
          {proposed ? 'Подтвердить' : 'Сопоставить'}
        </SubmitButton>
      </Group>
    </fetcher.Form>
  );
}

function LineCells({ line }: { line: StatementLine }) {
  return (
    <>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        № {line.number} от {formatDay(line.date)}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        {formatRoubles(line.amount)}
      </Table.Td>
      <Table.Td>
        {line.payer}
        {line.payer_inn ? (
          <Text span fz="xs" c="gray.7">
            {' '}
            ИНН {line.payer_inn}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td fz="xs">{line.purpose}</Table.Td>
    </>
  );
}

function ImportResult({ result }: { result: StatementImportResult }) {
  return (
    <Stack gap="xs" data-testid="statement-result">
      <Alert color={result.unmatched.length > 0 ? 'yellow' : 'green'} p="xs" role="status">
        Документов в выписке: {result.documents}. Записано: {result.recorded.length}. Уже были записаны:{' '}
        {result.already_recorded.length}. Авансом: {result.advances.length}. Не сопоставлено: {result.unmatched.length}.
        Исходящих (пропущено): {result.ignored_outgoing}.
      </Alert>
      {result.recorded.length + result.already_recorded.length + result.advances.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing={4} fz="sm" data-testid="statement-recorded">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Платёжное поручение</Table.Th>
                <Table.Th ta="right">Сумма</Table.Th>
                <Table.Th>Плательщик</Table.Th>
                <Table.Th>Назначение</Table.Th>
                <Table.Th>Итог</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.recorded.map(({ line, payment }) => (
                <Table.Tr key={`r${lineKey(line)}`}>
                  <LineCells line={line} />
                  <Table.Td c="teal.9">Записан по счёту № {payment.bill_id}</Table.Td>
                </Table.Tr>
              ))}
              {result.already_recorded.map(({ line, bill_id }) => (
                <Table.Tr key={`a${lineKey(line)}`}>
                  <LineCells line={line} />
                  <Table.Td c="gray.7">Уже записан ранее (счёт № {bill_id})</Table.Td>
                </Table.Tr>
              ))}
              {result.advances.map(({ line, account_id, client_id, name }) => (
                <Table.Tr key={`v${lineKey(line)}`} data-statement-advance={account_id}>
                  <LineCells line={line} />
                  <Table.Td c="teal.9">
                    Аванс на счёт{' '}
                    <Anchor component={Link} to={paths.adminClientLedger(client_id, `account=${account_id}`)} fz="sm">
                      {name}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {result.unmatched.length > 0 && (
        <>
          <Title order={3} fz="md">
            Не сопоставлены
          </Title>
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing={4} fz="sm" data-testid="statement-unmatched">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Платёжное поручение</Table.Th>
                  <Table.Th ta="right">Сумма</Table.Th>
                  <Table.Th>Плательщик</Table.Th>
                  <Table.Th>Назначение</Table.Th>
                  <Table.Th>Причина</Table.Th>
                  <Table.Th>Счёт</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.unmatched.map(({ line, reason, bill_id, proposal }) => (
                  <Table.Tr key={`u${lineKey(line)}`}>
                    <LineCells line={line} />
                    <Table.Td fz="xs">
                      {STATEMENT_UNMATCHED_REASON_LABELS[reason]}
                      {proposal && (
                        <Text fz="xs" c="blue.8" data-testid="statement-proposal">
                          Предлагаем счёт № {proposal.bill_id}: {proposal.client_name}, ИНН {proposal.inn} —
                          единственный клиент с этим ИНН и единственный его счёт с таким остатком. Проверьте и
                          подтвердите.
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <MatchForm
                        line={line}
                        billId={bill_id ?? proposal?.bill_id ?? null}
                        proposed={proposal !== null}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

/** The bank's statement file (1C format): uploaded through the page's action; the result stays on the page. */
export function StatementUpload() {
  const fetcher = useFetcher<PaymentActionResult>();
  const result = fetcher.data?.intent === 'import' ? fetcher.data : null;
  return (
    <Stack gap="xs">
      <fetcher.Form method="post" encType="multipart/form-data" aria-label="Загрузить выписку" noValidate>
        <input type="hidden" name="intent" value="import" />
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label="Выписка банка (формат 1С, kl_to_1c.txt)"
            name="file"
            type="file"
            accept=".txt,text/plain"
            size="xs"
            w={340}
            error={result?.errors.file ?? result?.errors.form}
          />
          <SubmitButton size="xs" loading={fetcher.state !== 'idle'}>
            Загрузить выписку
          </SubmitButton>
        </Group>
      </fetcher.Form>
      {result?.result && <ImportResult result={result.result} />}
    </Stack>
  );
}
