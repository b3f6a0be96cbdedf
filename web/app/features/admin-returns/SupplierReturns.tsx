import { Badge, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import { formatDateTime, formatRoubles } from '@detal/contract/browser';
import type { SupplierReturn, SupplierReturnState } from '@detal/contract';
import { paths } from '../../paths.ts';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { Intent } from './ReturnForms.tsx';
import { WriteOutcome, fieldError } from '../admin-shell/WriteOutcome.tsx';
import type { ReturnActionResult } from './returns-actions.ts';
import { supplierOptions, type SupplierName } from './ReturnsQueue.tsx';
import classes from './Returns.module.css';

const STATE_COLORS: Record<SupplierReturnState, string> = {
  to_send: 'orange',
  sent: 'blue',
  accepted: 'cyan',
  refused: 'red',
  credited: 'green',
};

/** Approved returns not yet sent back, gathered into one document per supplier (or one supplier's only). */
export function CollectForm({ suppliers }: { suppliers: SupplierName[] }) {
  const fetcher = useFetcher<ReturnActionResult>();
  return (
    <fetcher.Form method="post" aria-label="Собрать возвраты поставщикам" noValidate>
      <Intent value="supplier-return-collect" />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Собрать одобренные возвраты"
          name="supplier_id"
          data={supplierOptions(suppliers, 'всех поставщиков')}
          size="xs"
          w={240}
          maw="100%"
        />
        <SubmitButton size="xs" loading={fetcher.state !== 'idle'}>
          Собрать
        </SubmitButton>
      </Group>
      <WriteOutcome
        result={fetcher.data}
        text={`Документов возврата поставщикам: ${fetcher.data?.changed ?? 0}`}
        shown={['supplier_id']}
      />
    </fetcher.Form>
  );
}

/** The moves a supplier return may make from its state (the server's transition table decides). */
const MOVES: Record<SupplierReturnState, { value: string; label: string }[]> = {
  to_send: [{ value: 'sent', label: 'Отправлен' }],
  sent: [
    { value: 'accepted', label: 'Принят поставщиком' },
    { value: 'refused', label: 'Отклонён поставщиком' },
    { value: 'credited', label: 'Зачтён поставщиком' },
  ],
  accepted: [{ value: 'credited', label: 'Зачтён поставщиком' }],
  refused: [],
  credited: [],
};

function MoveForm({ document }: { document: SupplierReturn }) {
  const fetcher = useFetcher<ReturnActionResult>();
  const moves = MOVES[document.state];
  if (moves.length === 0) return null;
  return (
    <fetcher.Form method="post" aria-label={`Состояние возврата поставщику № ${document.id}`} noValidate>
      <Intent value="supplier-return-move" />
      <input type="hidden" name="supplier_return_id" value={document.id} />
      <Group gap="xs" align="flex-start" wrap="wrap">
        <NativeSelect label="Новое состояние" name="to" data={moves} size="xs" w={190} />
        {document.state !== 'to_send' && (
          <>
            <TextInput
              label="Зачтено поставщиком, ₽"
              name="credit_amount"
              defaultValue={document.total}
              inputMode="decimal"
              size="xs"
              w={160}
              error={fieldError(fetcher.data, 'credit_amount')}
            />
            <TextInput label="Документ поставщика" name="credit_reference" size="xs" w={160} />
            <TextInput
              label="Причина отказа"
              name="reason"
              size="xs"
              w={180}
              error={fieldError(fetcher.data, 'reason')}
            />
          </>
        )}
        <SubmitButton size="xs" mt={20} loading={fetcher.state !== 'idle'}>
          Записать
        </SubmitButton>
      </Group>
      <WriteOutcome result={fetcher.data} text="Состояние записано" shown={['credit_amount', 'reason']} />
    </fetcher.Form>
  );
}

/**
 * The supplier returns (issue 32): each a document per supplier with its lines (the client's return, the goods
 * receipt line its pieces came on, the purchase price), its state, the supplier's refusal or credit, and the move
 * it may make next.
 */
export function SupplierReturnsList({ documents }: { documents: SupplierReturn[] }) {
  if (documents.length === 0) {
    return (
      <Text fz="sm" c="gray.7">
        Возвратов поставщикам нет
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {documents.map((document) => (
        <Paper
          key={document.id}
          withBorder
          p="sm"
          data-supplier-return-id={document.id}
          id={`supplier-return-${document.id}`}
        >
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Title order={2} fz="h5">
                № {document.id} · {document.supplier_name}
              </Title>
              <Badge
                color={STATE_COLORS[document.state]}
                variant="light"
                size="sm"
                radius="sm"
                tt="none"
                data-testid="supplier-return-state"
              >
                {document.state_name}
              </Badge>
            </Group>
            <Text fz="xs" c="gray.7">
              {formatDateTime(document.created_at)} · по закупке {formatRoubles(document.total)}
            </Text>
          </Group>
          {document.refusal_reason && (
            <Text fz="sm" c="red.8">
              Отказ поставщика: {document.refusal_reason}
            </Text>
          )}
          {document.credit_amount !== null && (
            <Text fz="sm" c="green.9" data-testid="supplier-credit">
              Зачтено поставщиком: {formatRoubles(document.credit_amount)}
              {document.credit_reference ? ` (${document.credit_reference})` : ''}
            </Text>
          )}
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing={2} horizontalSpacing={6} fz="xs" className={classes.numbers}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Возврат</Table.Th>
                  <Table.Th>Позиция</Table.Th>
                  <Table.Th ta="right">Шт.</Table.Th>
                  <Table.Th ta="right">Закупка</Table.Th>
                  <Table.Th>Приёмка</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {document.lines.map((line) => (
                  <Table.Tr key={line.return_id}>
                    <Table.Td>
                      <Link to={paths.adminReturn(line.return_id)}>№ {line.return_id}</Link>
                    </Table.Td>
                    <Table.Td className={classes.nowrap} fw={600}>
                      {line.brand} {line.article}
                    </Table.Td>
                    <Table.Td ta="right">{line.quantity}</Table.Td>
                    <Table.Td ta="right" className={classes.nowrap}>
                      {formatRoubles(line.price)}
                    </Table.Td>
                    <Table.Td>
                      {line.goods_receipt_line_id === null ? '—' : `строка № ${line.goods_receipt_line_id}`}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <MoveForm document={document} />
        </Paper>
      ))}
    </Stack>
  );
}
