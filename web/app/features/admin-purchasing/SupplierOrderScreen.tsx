import { Fragment, useEffect, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import {
  SUPPLIER_ORDER_CHANNEL_NAMES,
  type SupplierOrder,
  type SupplierOrderChannelSettings,
  type SupplierOrderDispatch,
  type SupplierOrderLine,
} from '@detal/contract';
import { download } from '../../lib/api/index.ts';
import { formatDateTime, formatRoubles, toKopecks } from '@detal/contract/browser';
import { paths } from '../../paths.ts';
import { useJsonWrite, type JsonWriteResult } from '../admin-shell/json-write.ts';
import { StatusBadge } from '../admin-orders/OrderQueue.tsx';
import { Alternatives } from './Alternatives.tsx';
import classes from './Purchasing.module.css';

const CLOSED = new Set(['closed', 'canceled']);

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

/** The answer of the last write, said once above the lines. */
function WriteAnswer({ result, done }: { result: JsonWriteResult | null; done: string }) {
  if (!result) return null;
  if (!result.ok)
    return (
      <Alert color="red" p="xs" role="alert" data-testid="purchase-error">
        {result.message}
        {Object.values(result.fields).length > 0 ? `: ${Object.values(result.fields).join('; ')}` : ''}
      </Alert>
    );
  return (
    <Alert color="green" p="xs" role="status" data-testid="purchase-done">
      {done}
    </Alert>
  );
}

/** «Скачать файл (XLSX)»: the order as the supplier's file, by its order template (purch-channels' export). */
function DownloadFile({ order, format }: { order: SupplierOrder; format: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          setFailed(false);
          void download('api:admin/supplier-order-export', { supplier_order_id: order.id }).catch(() =>
            setFailed(true),
          );
        }}
      >
        Скачать файл ({format.toUpperCase()})
      </Button>
      {failed && (
        <Text size="xs" c="red.8" role="alert">
          Файл не получен
        </Text>
      )}
    </>
  );
}

/** The supplier's confirmation file, read with its confirmation template: the answers of every line at once. */
function ConfirmationUpload({ order }: { order: SupplierOrder }) {
  const fetcher = useFetcher<JsonWriteResult>();
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" encType="multipart/form-data" aria-label="Файл подтверждения">
      <input type="hidden" name="supplier_order_id" value={order.id} />
      <Group gap={4} align="flex-end" wrap="wrap">
        <label style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
          <Text size="xs" fw={600} component="span" display="block">
            Файл подтверждения поставщика
          </Text>
          <input type="file" name="file" accept=".xlsx,.csv,.txt" />
        </label>
        <Button type="submit" size="xs" variant="default" loading={fetcher.state !== 'idle'}>
          Загрузить подтверждение
        </Button>
        {answer && !answer.ok && (
          <Text size="xs" c="red.8" role="alert">
            {answer.message}
          </Text>
        )}
        {answer?.ok && (
          <Text size="xs" c="teal.9" role="status" data-testid="confirmation-imported">
            {(() => {
              const { result } = answer.value as { result: { lines: number; confirmed: number; refused: number } };
              return `Строк в файле: ${result.lines}, подтверждено: ${result.confirmed}, отказ: ${result.refused}`;
            })()}
          </Text>
        )}
      </Group>
    </fetcher.Form>
  );
}

const sentText = (dispatch: SupplierOrderDispatch) =>
  dispatch.state === 'sent'
    ? `Заказ отправлен поставщику (${dispatch.channel === 'email' ? 'e-mail' : 'API'})`
    : dispatch.state === 'pending'
      ? 'Заказ поставлен в отправку через API поставщика'
      : `Отправка не удалась: ${dispatch.last_error ?? 'ошибка'}`;

const DONE: Record<string, string> = {
  'mark-sent': 'Заказ отмечен отправленным: позиции клиентов «Заказан у поставщика»',
  answer: 'Ответ поставщика сохранён',
  cancel: 'Заказ поставщику отменён: позиции вернулись в «К заказу»',
  close: 'Заказ закрыт: неполученное вернулось в «К заказу»',
  'remove-lines': 'Строки убраны из черновика: позиции вернулись в «К заказу»',
};

/** One line's answer as typed: quantities as they stand now, the reason of a refusal, the confirmed price. */
interface AnswerDraft {
  confirmed: number;
  refused: number;
  reason: string;
  price: number | null;
}

const draftOf = (line: SupplierOrderLine): AnswerDraft => ({
  confirmed: line.confirmed_quantity,
  refused: line.refused_quantity,
  reason: line.refused_reason ?? '',
  price: line.confirmed_price,
});

const sameDraft = (a: AnswerDraft, b: AnswerDraft) =>
  a.confirmed === b.confirmed &&
  a.refused === b.refused &&
  a.reason.trim() === b.reason.trim() &&
  (a.price === null ? null : toKopecks(a.price)) === (b.price === null ? null : toKopecks(b.price));

/** A whole number typed into a quantity cell (anything else counts as 0 and the server says why if it matters). */
const whole = (value: string | number) => (typeof value === 'number' ? value : Number(value.replace(',', '.')) || 0);

/**
 * A supplier order's screen (issue 29, points 1–3 and 5): its facts, what can be done in its state (mark sent with
 * the supplier's number, the supplier's answer typed per line, cancel, close, take lines out of a draft), its lines
 * with the client lines they serve and their quantities, and beside a refused line the offers to re-order it from.
 */
export function SupplierOrderScreen({
  order,
  channel,
}: {
  order: SupplierOrder;
  /** The supplier's channel settings (how it takes orders), when readable. */
  channel: SupplierOrderChannelSettings | null;
}) {
  const [result, setResult] = useState<JsonWriteResult | null>(null);
  const write = useJsonWrite(setResult);
  const [supplierNumber, setSupplierNumber] = useState(order.supplier_number ?? '');
  const [drafts, setDrafts] = useState<Record<number, AnswerDraft>>(() =>
    Object.fromEntries(order.lines.map((line) => [line.id, draftOf(line)])),
  );
  const [removing, setRemoving] = useState<Set<number>>(new Set());
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [reason, setReason] = useState('');
  // A fresh order from the server (after a write, a navigation): the typed answer starts from it again.
  useEffect(() => {
    setSupplierNumber(order.supplier_number ?? '');
    setDrafts(Object.fromEntries(order.lines.map((line) => [line.id, draftOf(line)])));
    setRemoving(new Set());
  }, [order]);

  const isDraft = order.state === 'draft';
  const answering = !isDraft && !CLOSED.has(order.state);
  const changed = order.lines.filter((line) => drafts[line.id] && !sameDraft(drafts[line.id]!, draftOf(line)));
  const numberChanged = supplierNumber.trim() !== (order.supplier_number ?? '');
  const setDraft = (id: number, patch: Partial<AnswerDraft>) =>
    setDrafts((current) => ({ ...current, [id]: { ...current[id]!, ...patch } }));
  const submit = (intent: string, payload: unknown) => {
    setResult(null);
    void write.submit(intent, payload);
  };
  const saveAnswer = () =>
    submit('answer', {
      id: order.id,
      supplier_number: supplierNumber.trim() || null,
      lines: changed.map((line) => {
        const draft = drafts[line.id]!;
        return {
          line_id: line.id,
          confirmed_quantity: draft.confirmed,
          refused_quantity: draft.refused,
          refused_reason: draft.reason.trim() || null,
          confirmed_price: draft.price,
        };
      }),
    });
  const confirmAll = () =>
    setDrafts(
      Object.fromEntries(
        order.lines.map((line) => {
          const draft = drafts[line.id] ?? draftOf(line);
          return [line.id, { ...draft, confirmed: Math.max(0, line.quantity - draft.refused) }];
        }),
      ),
    );

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <Paper withBorder p="xs">
          <Field label="Поставщик">
            <Anchor component={Link} to={paths.adminSupplier(order.supplier_id)} fz="inherit">
              {order.supplier_name}
            </Anchor>
          </Field>
          <Field label="Канал">{SUPPLIER_ORDER_CHANNEL_NAMES[order.channel]}</Field>
          <Field label="№ у поставщика">
            <span data-testid="supplier-number">{order.supplier_number ?? '—'}</span>
          </Field>
          <Field label="Создан">
            {formatDateTime(order.created_at)}
            {order.created_by_name ? ` · ${order.created_by_name}` : ''}
          </Field>
          <Field label="Отправлен">{order.sent_at ? formatDateTime(order.sent_at) : '—'}</Field>
        </Paper>
        <Paper withBorder p="xs">
          <Field label="Строк">{order.lines_count}</Field>
          <Field label="Штук">
            заказано {order.quantity}, подтверждено {order.confirmed_quantity}, отказ {order.refused_quantity}, получено{' '}
            {order.received_quantity}
          </Field>
          <Field label="Сумма закупки">{formatRoubles(order.total)}</Field>
          <Field label="Комментарий">{order.comment ?? '—'}</Field>
          {!isDraft && !CLOSED.has(order.state) && (
            <Field label="Приход">
              <Anchor
                component={Link}
                to={paths.adminGoodsReceipt('new', `supplier_id=${order.supplier_id}`)}
                fz="inherit"
              >
                Оформить приход от поставщика
              </Anchor>
            </Field>
          )}
        </Paper>
      </SimpleGrid>

      {isDraft && (
        <Paper withBorder p="xs" bg="gray.0">
          <Group gap="xs" align="flex-end" wrap="wrap" aria-label="Отправка">
            {channel && <DownloadFile order={order} format={channel.order_template.format} />}
            {channel?.channel === 'email' && (
              <Button
                size="xs"
                loading={write.saving}
                title={channel.order_email ? `На ${channel.order_email}, с файлом заказа` : undefined}
                onClick={() => submit('send', { supplier_order_id: order.id })}
              >
                Отправить по e-mail
              </Button>
            )}
            {channel?.channel === 'api' && (
              <Button size="xs" loading={write.saving} onClick={() => submit('send', { supplier_order_id: order.id })}>
                Отправить через API
              </Button>
            )}
            <TextInput
              label="№ заказа у поставщика"
              size="xs"
              w={200}
              value={supplierNumber}
              onChange={(event) => setSupplierNumber(event.currentTarget.value)}
            />
            <Button
              size="xs"
              variant="default"
              loading={write.saving}
              onClick={() => submit('mark-sent', { id: order.id, supplier_number: supplierNumber.trim() || null })}
            >
              Отметить отправленным
            </Button>
            <Button
              size="xs"
              variant="subtle"
              disabled={removing.size === 0}
              onClick={() => submit('remove-lines', { id: order.id, line_ids: [...removing] })}
            >
              Убрать выбранные строки ({removing.size})
            </Button>
          </Group>
        </Paper>
      )}

      {answering && (
        <Paper withBorder p="xs" bg="gray.0">
          <Group gap="xs" align="flex-end" wrap="wrap" aria-label="Ответ поставщика">
            <TextInput
              label="№ заказа у поставщика"
              size="xs"
              w={200}
              value={supplierNumber}
              onChange={(event) => setSupplierNumber(event.currentTarget.value)}
            />
            <Button size="xs" variant="default" onClick={confirmAll}>
              Подтвердить все строки
            </Button>
            <Button
              size="xs"
              loading={write.saving}
              disabled={changed.length === 0 && !numberChanged}
              onClick={saveAnswer}
            >
              Сохранить ответ поставщика{changed.length > 0 ? ` (${changed.length})` : ''}
            </Button>
            {channel && <DownloadFile order={order} format={channel.order_template.format} />}
          </Group>
          {channel && (
            <Stack mt="xs" gap={2}>
              <ConfirmationUpload order={order} />
            </Stack>
          )}
        </Paper>
      )}

      <WriteAnswer
        result={result}
        done={
          result?.ok && result.intent === 'send'
            ? sentText((result.value as { dispatch: SupplierOrderDispatch }).dispatch)
            : result
              ? (DONE[result.intent] ?? 'Готово')
              : ''
        }
      />

      <Table.ScrollContainer minWidth={answering ? 1160 : 1040}>
        <Table
          verticalSpacing={4}
          horizontalSpacing={6}
          fz="xs"
          className={classes.numbers}
          data-testid="supplier-order-lines"
        >
          <Table.Thead>
            <Table.Tr>
              {isDraft && <Table.Th w={28} />}
              <Table.Th>Деталь</Table.Th>
              <Table.Th>Заказ клиента</Table.Th>
              <Table.Th ta="right">Заказано</Table.Th>
              <Table.Th ta="right">Подтв.</Table.Th>
              <Table.Th ta="right">Отказ</Table.Th>
              <Table.Th ta="right">Получено</Table.Th>
              <Table.Th ta="right" title="Ещё ждём: заказано − отказ − получено">
                Ждём
              </Table.Th>
              <Table.Th ta="right">Закупка</Table.Th>
              <Table.Th ta="right">Подтв. цена</Table.Th>
              <Table.Th ta="right">Продажа</Table.Th>
              <Table.Th>Позиция клиента</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => {
              const draft = drafts[line.id] ?? draftOf(line);
              const label = `${line.brand_name} ${line.article}`;
              const refusedWaiting = line.refused_quantity > 0 && line.item_status === 'supplier_refused';
              return (
                <Fragment key={line.id}>
                  <Table.Tr data-line-id={line.id} data-article={line.article}>
                    {isDraft && (
                      <Table.Td>
                        <input
                          type="checkbox"
                          aria-label={`Выбрать строку ${label}`}
                          checked={removing.has(line.id)}
                          onChange={() =>
                            setRemoving((current) => {
                              const next = new Set(current);
                              if (next.has(line.id)) next.delete(line.id);
                              else next.add(line.id);
                              return next;
                            })
                          }
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text fz="xs" fw={600} className={classes.nowrap}>
                        {line.brand_name} {line.article}
                      </Text>
                      <Text fz={10} c="gray.7" lineClamp={1} maw={200} title={line.description}>
                        {line.description || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td className={classes.nowrap}>
                      <Link to={paths.adminOrder(line.order_id)}>№ {line.order_id}</Link>
                      <Text fz={10} c="gray.7" lineClamp={1} maw={160}>
                        {line.client_name}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{line.quantity}</Table.Td>
                    <Table.Td ta="right">
                      {answering ? (
                        <NumberInput
                          size="xs"
                          classNames={{ input: classes.qtyInput }}
                          min={0}
                          max={line.quantity}
                          allowDecimal={false}
                          hideControls
                          aria-label={`Подтверждено: ${label}`}
                          value={draft.confirmed}
                          onChange={(value) => setDraft(line.id, { confirmed: whole(value) })}
                        />
                      ) : (
                        line.confirmed_quantity
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {answering ? (
                        <Stack gap={2} align="flex-end">
                          <NumberInput
                            size="xs"
                            classNames={{ input: classes.qtyInput }}
                            min={0}
                            max={line.quantity}
                            allowDecimal={false}
                            hideControls
                            aria-label={`Отказ: ${label}`}
                            value={draft.refused}
                            onChange={(value) => setDraft(line.id, { refused: whole(value) })}
                          />
                          {draft.refused > 0 && (
                            <TextInput
                              size="xs"
                              w={150}
                              placeholder="Причина отказа"
                              aria-label={`Причина отказа: ${label}`}
                              value={draft.reason}
                              onChange={(event) => setDraft(line.id, { reason: event.currentTarget.value })}
                            />
                          )}
                        </Stack>
                      ) : (
                        <>
                          {line.refused_quantity}
                          {line.refused_reason && (
                            <Text fz={10} c="orange.9">
                              «{line.refused_reason}»
                            </Text>
                          )}
                        </>
                      )}
                      {answering && line.refused_reason && draft.refused === line.refused_quantity && (
                        <Text fz={10} c="orange.9" data-testid="refused-reason">
                          «{line.refused_reason}»
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" c={line.received_quantity > 0 ? 'green.9' : undefined}>
                      {line.received_quantity}
                    </Table.Td>
                    <Table.Td ta="right" fw={line.outstanding_quantity > 0 ? 600 : undefined}>
                      {line.outstanding_quantity}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.nowrap}>
                      {line.purchase_price === null ? '—' : formatRoubles(line.purchase_price)}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.nowrap}>
                      {answering ? (
                        <NumberInput
                          size="xs"
                          w={84}
                          min={0}
                          decimalScale={2}
                          decimalSeparator=","
                          hideControls
                          aria-label={`Подтверждённая цена: ${label}`}
                          value={draft.price ?? ''}
                          onChange={(value) =>
                            setDraft(line.id, { price: value === '' ? null : typeof value === 'number' ? value : null })
                          }
                        />
                      ) : line.confirmed_price === null ? (
                        '—'
                      ) : (
                        formatRoubles(line.confirmed_price)
                      )}
                    </Table.Td>
                    <Table.Td ta="right" className={classes.nowrap}>
                      {formatRoubles(line.client_price)}
                    </Table.Td>
                    <Table.Td miw={150}>
                      <StatusBadge status={line.item_status} name={line.item_status_name} />
                      {line.refused_quantity > 0 && (
                        <Group gap={6} wrap="wrap">
                          {refusedWaiting && (
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              px={0}
                              aria-expanded={open.has(line.id)}
                              onClick={() =>
                                setOpen((current) => {
                                  const next = new Set(current);
                                  if (next.has(line.id)) next.delete(line.id);
                                  else next.add(line.id);
                                  return next;
                                })
                              }
                            >
                              {open.has(line.id) ? 'Скрыть варианты' : 'Перезаказать'}
                            </Button>
                          )}
                          <Anchor
                            component={Link}
                            to={paths.adminPurchasing(`refused=1&q=${encodeURIComponent(line.article)}`)}
                            fz={10}
                          >
                            в «К заказу»
                          </Anchor>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                  {refusedWaiting && open.has(line.id) && (
                    <Table.Tr>
                      <Table.Td colSpan={isDraft ? 12 : 11}>
                        <Alternatives orderItemId={line.order_item_id} clientPrice={line.client_price} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {!CLOSED.has(order.state) && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label="Причина (для отмены или закрытия)"
            size="xs"
            w={280}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          {order.received_quantity === 0 && (
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => submit('cancel', { id: order.id, reason: reason.trim() || null })}
            >
              Отменить заказ поставщику
            </Button>
          )}
          {!isDraft && (
            <Button
              size="xs"
              variant="default"
              onClick={() => submit('close', { id: order.id, reason: reason.trim() || null })}
            >
              Закрыть: неполученное — в «К заказу»
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
