import { useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { GoodsReceipt, GoodsReceiptLine, OpenSupplierOrderLine } from '@detal/contract';
import { formatDate, formatDateTime, formatRoubles, multiplyMoney } from '@detal/contract/browser';
import { paths } from '../../paths.ts';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { useJsonWrite, type JsonWriteResult } from '../admin-shell/json-write.ts';
import classes from './Purchasing.module.css';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="gray.7" miw={130}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Group>
  );
}

/**
 * What a draft line does to its supplier order line: fills it, falls short (under-delivery, the rest still
 * expected) or goes beyond it (over-delivery, refused on posting unless marked). Never absorbed silently.
 */
function Difference({ line }: { line: GoodsReceiptLine }) {
  if (line.supplier_order_line_id === null) {
    return line.over_delivery ? (
      <Text fz={10} c="grape.8">
        сверх заказа, без заказа поставщику
      </Text>
    ) : (
      <Text fz={10} c="orange.9" fw={600}>
        не сопоставлена
      </Text>
    );
  }
  const outstanding = line.outstanding_quantity ?? 0;
  if (line.quantity > outstanding) {
    return (
      <Text fz={10} c={line.over_delivery ? 'grape.8' : 'red.8'} fw={600} data-testid="over-delivery">
        сверх заказа: +{line.quantity - outstanding}
        {line.over_delivery ? ' (принято)' : ''}
      </Text>
    );
  }
  if (line.quantity < outstanding) {
    return (
      <Text fz={10} c="orange.9" data-testid="under-delivery">
        недопоставка: ещё ждём {outstanding - line.quantity}
      </Text>
    );
  }
  return (
    <Text fz={10} c="teal.9">
      ровно по заказу
    </Text>
  );
}

/** A leftover line matched by hand: one of the supplier's open order lines, or accepted as an over-delivery. */
function MatchByHand({
  receipt,
  line,
  open,
  submit,
}: {
  receipt: GoodsReceipt;
  line: GoodsReceiptLine;
  open: OpenSupplierOrderLine[];
  submit: (intent: string, payload: unknown) => void;
}) {
  const [chosen, setChosen] = useState('');
  const [over, setOver] = useState(line.over_delivery);
  return (
    <Group gap={4} wrap="wrap" align="flex-end">
      <NativeSelect
        size="xs"
        w={260}
        aria-label={`Строка заказа поставщику для ${line.brand_name} ${line.article}`}
        data={[
          { value: '', label: 'Строка заказа поставщику…' },
          ...open.map((candidate) => ({
            value: String(candidate.id),
            label: `${candidate.supplier_order_number}: ${candidate.brand_name} ${candidate.article}, ждём ${candidate.outstanding_quantity}`,
          })),
        ]}
        value={chosen}
        onChange={(event) => setChosen(event.currentTarget.value)}
      />
      <Checkbox size="xs" label="сверх заказа" checked={over} onChange={() => setOver((value) => !value)} />
      <Button
        size="compact-xs"
        variant="light"
        disabled={!chosen && !over}
        onClick={() =>
          submit('receipt-match', {
            id: receipt.id,
            line_id: line.id,
            supplier_order_line_id: chosen ? Number(chosen) : null,
            over_delivery: over,
          })
        }
      >
        Сопоставить
      </Button>
    </Group>
  );
}

/**
 * A goods receipt (issue 29, point 4): the supplier's document, the lines with their matches and what each does to
 * its supplier order line; a draft is matched by hand and posted once (the client lines move: received in full —
 * «Готов к выдаче», in part — split), then it is read-only, a correction being a new receipt.
 */
export function GoodsReceiptScreen({ receipt }: { receipt: GoodsReceipt }) {
  const navigate = useNavigate();
  const [result, setResult] = useState<JsonWriteResult | null>(null);
  const write = useJsonWrite((answer) => {
    setResult(answer);
    if (answer.ok && answer.intent === 'receipt-delete') void navigate(paths.adminGoodsReceipts());
  });
  const [open, setOpen] = useState<OpenSupplierOrderLine[]>([]);
  const needsHand = !receipt.posted && receipt.lines.some((line) => line.supplier_order_line_id === null);
  useEffect(() => {
    if (!needsHand) return;
    let current = true;
    adminCall('supplier-order-open-lines', { body: { supplier_id: receipt.supplier_id, q: null }, handles: [404, 422] })
      .then((found) => current && setOpen(found.lines))
      .catch(() => current && setOpen([]));
    return () => {
      current = false;
    };
  }, [needsHand, receipt.supplier_id, receipt]);
  const submit = (intent: string, payload: unknown) => {
    setResult(null);
    void write.submit(intent, payload);
  };

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <Paper withBorder p="xs">
          <Field label="Поставщик">
            <Anchor component={Link} to={paths.adminSupplier(receipt.supplier_id)} fz="inherit">
              {receipt.supplier_name}
            </Anchor>
          </Field>
          <Field label="Документ">
            {receipt.document_number} от {formatDate(receipt.document_date)}
          </Field>
          <Field label="Создан">
            {formatDateTime(receipt.created_at)}
            {receipt.created_by_name ? ` · ${receipt.created_by_name}` : ''}
          </Field>
          <Field label="Проведён">
            <span data-testid="receipt-posted">
              {receipt.posted && receipt.posted_at
                ? `${formatDateTime(receipt.posted_at)}${receipt.posted_by_name ? ` · ${receipt.posted_by_name}` : ''}`
                : 'нет, черновик'}
            </span>
          </Field>
        </Paper>
        <Paper withBorder p="xs">
          <Field label="Строк / штук">
            {receipt.lines_count} / {receipt.quantity}
          </Field>
          <Field label="Сумма">{formatRoubles(receipt.total)}</Field>
          <Field label="Комментарий">{receipt.comment ?? '—'}</Field>
          {!receipt.posted && (
            <Field label="Не сопоставлено">
              <Text fz="inherit" c={receipt.unmatched_count > 0 ? 'orange.9' : undefined} component="span">
                {receipt.unmatched_count}
              </Text>
            </Field>
          )}
        </Paper>
      </SimpleGrid>

      {result && !result.ok && (
        <Alert color="red" p="xs" role="alert" data-testid="purchase-error">
          {result.message}
        </Alert>
      )}
      {result?.ok && result.intent === 'receipt-post' && (
        <Alert color="green" p="xs" role="status" data-testid="purchase-done">
          Приход проведён: полученные позиции клиентов «Готов к выдаче»
        </Alert>
      )}
      {receipt.posted && (
        <Text size="xs" c="gray.7">
          Проведённый приход не меняется: исправление — новый приход.
        </Text>
      )}

      <Table.ScrollContainer minWidth={1100}>
        <Table
          verticalSpacing={4}
          horizontalSpacing={6}
          fz="xs"
          className={classes.numbers}
          data-testid="receipt-lines"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Деталь</Table.Th>
              <Table.Th ta="right">Кол.</Table.Th>
              <Table.Th ta="right">Цена</Table.Th>
              <Table.Th ta="right">Сумма</Table.Th>
              <Table.Th>Страна</Table.Th>
              <Table.Th>ГТД</Table.Th>
              <Table.Th>Заказ поставщику</Table.Th>
              <Table.Th>{receipt.posted ? 'Позиция клиента' : 'Сверка'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {receipt.lines.map((line) => (
              <Table.Tr key={line.id} data-line-id={line.id} data-article={line.article}>
                <Table.Td>
                  <Text fz="xs" fw={600} className={classes.nowrap}>
                    {line.brand_name} {line.article}
                  </Text>
                  <Text fz={10} c="gray.7" lineClamp={1} maw={240}>
                    {line.description || '—'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {formatRoubles(line.price)}
                </Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {formatRoubles(multiplyMoney(line.price, line.quantity))}
                </Table.Td>
                <Table.Td className={classes.nowrap}>{line.country ?? '—'}</Table.Td>
                <Table.Td className={classes.nowrap}>{line.customs_declaration ?? '—'}</Table.Td>
                <Table.Td className={classes.nowrap}>
                  {line.supplier_order_id !== null ? (
                    <Link to={paths.adminSupplierOrder(line.supplier_order_id)}>{line.supplier_order_number}</Link>
                  ) : (
                    '—'
                  )}
                  {!receipt.posted && line.outstanding_quantity !== null && (
                    <Text fz={10} c="gray.7">
                      ждём {line.outstanding_quantity}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td miw={200}>
                  {receipt.posted ? (
                    line.order_id !== null ? (
                      <Link to={paths.adminOrder(line.order_id)}>Заказ № {line.order_id}</Link>
                    ) : (
                      '—'
                    )
                  ) : (
                    <Stack gap={2}>
                      <Difference line={line} />
                      {line.supplier_order_line_id === null ? (
                        <MatchByHand receipt={receipt} line={line} open={open} submit={submit} />
                      ) : (
                        <Group gap={4}>
                          {line.quantity > (line.outstanding_quantity ?? 0) && !line.over_delivery && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              onClick={() =>
                                submit('receipt-match', {
                                  id: receipt.id,
                                  line_id: line.id,
                                  supplier_order_line_id: line.supplier_order_line_id,
                                  over_delivery: true,
                                })
                              }
                            >
                              Принять сверх заказа
                            </Button>
                          )}
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="gray"
                            onClick={() =>
                              submit('receipt-match', {
                                id: receipt.id,
                                line_id: line.id,
                                supplier_order_line_id: null,
                                over_delivery: false,
                              })
                            }
                          >
                            Снять сопоставление
                          </Button>
                        </Group>
                      )}
                    </Stack>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {!receipt.posted && (
        <Group gap="xs">
          <Button
            size="sm"
            loading={write.saving}
            disabled={receipt.unmatched_count > 0}
            onClick={() => submit('receipt-post', { id: receipt.id })}
          >
            Провести приход
          </Button>
          <Button size="sm" variant="subtle" color="red" onClick={() => submit('receipt-delete', { id: receipt.id })}>
            Удалить черновик
          </Button>
          {receipt.unmatched_count > 0 && (
            <Text size="xs" c="orange.9">
              Сопоставьте строки или отметьте их сверх заказа: проведение ждёт их
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
