import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { AdminSupplier, GoodsReceipt, OpenSupplierOrderLine } from '@detal/contract';
import { formatRoubles } from '@detal/contract/browser';
import { paths } from '../../paths.ts';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { failureMessage } from '../admin-shell/form-errors.ts';
import { useJsonWrite, type JsonWriteResult } from '../admin-shell/json-write.ts';
import classes from './Purchasing.module.css';
import { scrollRegion } from '../admin-shell/theme.ts';

interface Row {
  key: number;
  article: string;
  brand: string;
  description: string;
  quantity: number;
  price: number;
  country: string;
  customs: string;
}

let nextKey = 1;
const emptyRow = (): Row => ({
  key: nextKey++,
  article: '',
  brand: '',
  description: '',
  quantity: 1,
  price: 0,
  country: '',
  customs: '',
});

const rowOf = (line: OpenSupplierOrderLine): Row => ({
  key: nextKey++,
  article: line.article,
  brand: line.brand_name,
  description: line.description,
  quantity: line.outstanding_quantity,
  price: line.confirmed_price ?? line.purchase_price ?? 0,
  country: '',
  customs: '',
});

const numberOf = (value: string | number) => (typeof value === 'number' ? value : Number(value.replace(',', '.')) || 0);

/**
 * A new goods receipt (issue 29, point 4) from the supplier's delivery document: its number and date, then per line
 * the article and brand, quantity, price, and for imported goods the country of origin and the ГТД. «Заполнить из
 * открытых заказов» puts in what the supplier still owes, to be corrected to what came. Saved as a draft: the server
 * matches the lines by brand and article to the supplier's open order lines; the rest are matched by hand on the
 * receipt's page before it is posted.
 */
export function GoodsReceiptForm({
  suppliers,
  supplierId,
  today,
}: {
  suppliers: AdminSupplier[];
  supplierId: number | null;
  today: string;
}) {
  const navigate = useNavigate();
  const [supplier, setSupplier] = useState(supplierId ? String(supplierId) : '');
  const [documentNumber, setDocumentNumber] = useState('');
  const [documentDate, setDocumentDate] = useState(today);
  const [comment, setComment] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [openLines, setOpenLines] = useState<OpenSupplierOrderLine[] | null>(null);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [result, setResult] = useState<JsonWriteResult | null>(null);
  const write = useJsonWrite((answer) => {
    setResult(answer);
    if (answer.ok) void navigate(paths.adminGoodsReceipt((answer.value as { receipt: GoodsReceipt }).receipt.id));
  });

  const setRow = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const fillFromOrders = async () => {
    setLoadFailure(null);
    try {
      const { lines } = await adminCall('supplier-order-open-lines', {
        body: { supplier_id: Number(supplier), q: null },
        handles: [404, 422],
      });
      setOpenLines(lines);
      setRows(lines.filter((line) => line.outstanding_quantity > 0).map(rowOf));
    } catch (error) {
      setLoadFailure(failureMessage(error));
    }
  };

  const save = () =>
    void write.submit('receipt-create', {
      supplier_id: Number(supplier),
      document_number: documentNumber.trim(),
      document_date: documentDate,
      comment: comment.trim() || null,
      lines: rows.map((row) => ({
        article: row.article.trim(),
        brand: row.brand.trim(),
        description: row.description.trim() || null,
        quantity: row.quantity,
        price: row.price,
        country: row.country.trim() || null,
        customs_declaration: row.customs.trim() || null,
        supplier_order_line_id: null,
        over_delivery: false,
      })),
    });

  const fields = result && !result.ok ? result.fields : {};
  const fieldOf = (index: number, name: string) => fields[`lines.${index}.${name}`];
  return (
    <Stack gap="sm">
      <Paper withBorder p="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Поставщик"
            data={[
              { value: '', label: 'Выберите…' },
              ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
            ]}
            value={supplier}
            onChange={(event) => {
              setSupplier(event.currentTarget.value);
              setOpenLines(null);
            }}
            size="xs"
            w={240}
            error={fields.supplier_id}
          />
          <TextInput
            label="№ документа поставщика (УПД, накладная)"
            size="xs"
            w={260}
            value={documentNumber}
            onChange={(event) => setDocumentNumber(event.currentTarget.value)}
            error={fields.document_number}
          />
          <TextInput
            label="Дата документа"
            type="date"
            size="xs"
            w={150}
            value={documentDate}
            onChange={(event) => setDocumentDate(event.currentTarget.value)}
            error={fields.document_date}
          />
          <TextInput
            label="Комментарий"
            size="xs"
            w={260}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
          />
        </Group>
        <Group gap="xs" mt="xs" wrap="wrap">
          <Button size="xs" variant="default" disabled={!supplier} onClick={() => void fillFromOrders()}>
            Заполнить из открытых заказов
          </Button>
          <Button size="xs" variant="default" onClick={() => setRows((current) => [...current, emptyRow()])}>
            Добавить строку
          </Button>
          {openLines && (
            <Text size="xs" c="gray.7">
              Открытых строк у поставщика: {openLines.length}
            </Text>
          )}
        </Group>
        {loadFailure && (
          <Alert color="red" p="xs" mt="xs">
            {loadFailure}
          </Alert>
        )}
      </Paper>

      <Table.ScrollContainer minWidth={1100} scrollAreaProps={scrollRegion('Строки прихода')}>
        <Table verticalSpacing={3} horizontalSpacing={4} fz="xs" className={classes.numbers} data-testid="receipt-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Артикул</Table.Th>
              <Table.Th>Бренд</Table.Th>
              <Table.Th>Описание</Table.Th>
              <Table.Th ta="right">Кол.</Table.Th>
              <Table.Th ta="right">Цена, ₽</Table.Th>
              <Table.Th ta="right">Сумма</Table.Th>
              <Table.Th>Страна происхождения</Table.Th>
              <Table.Th>ГТД</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.key} data-article={row.article}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={120}
                    aria-label={`Артикул, строка ${index + 1}`}
                    value={row.article}
                    error={fieldOf(index, 'article')}
                    onChange={(event) => setRow(row.key, { article: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={110}
                    aria-label={`Бренд, строка ${index + 1}`}
                    value={row.brand}
                    error={fieldOf(index, 'brand')}
                    onChange={(event) => setRow(row.key, { brand: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={180}
                    aria-label={`Описание, строка ${index + 1}`}
                    value={row.description}
                    onChange={(event) => setRow(row.key, { description: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    w={64}
                    min={1}
                    allowDecimal={false}
                    hideControls
                    aria-label={`Количество: ${row.brand} ${row.article}`}
                    value={row.quantity}
                    error={fieldOf(index, 'quantity')}
                    onChange={(value) => setRow(row.key, { quantity: numberOf(value) })}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    size="xs"
                    w={96}
                    min={0}
                    decimalScale={2}
                    decimalSeparator=","
                    hideControls
                    aria-label={`Цена: ${row.brand} ${row.article}`}
                    value={row.price}
                    error={fieldOf(index, 'price')}
                    onChange={(value) => setRow(row.key, { price: numberOf(value) })}
                  />
                </Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {formatRoubles(Math.round(row.price * 100 * row.quantity) / 100)}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={130}
                    placeholder="Германия"
                    aria-label={`Страна происхождения: ${row.brand} ${row.article}`}
                    value={row.country}
                    error={fieldOf(index, 'country')}
                    onChange={(event) => setRow(row.key, { country: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    w={220}
                    placeholder="10702070/010125/0001234"
                    aria-label={`ГТД: ${row.brand} ${row.article}`}
                    value={row.customs}
                    error={fieldOf(index, 'customs_declaration')}
                    onChange={(event) => setRow(row.key, { customs: event.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Убрать строку ${index + 1}`}
                    onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
                  >
                    ✕
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && (
        <Text size="sm" c="gray.7">
          Строк нет: заполните из открытых заказов поставщику или добавьте вручную
        </Text>
      )}
      {result && !result.ok && (
        <Alert color="red" p="xs" role="alert" data-testid="purchase-error">
          {result.message}
        </Alert>
      )}
      <Group>
        <Button size="sm" onClick={save} loading={write.saving} disabled={!supplier || rows.length === 0}>
          Сохранить черновик прихода
        </Button>
      </Group>
    </Stack>
  );
}
