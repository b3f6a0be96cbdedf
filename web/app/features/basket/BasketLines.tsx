import { ActionIcon, Badge, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '../../ui/index.ts';
import type { BasketItem } from '@detal/contract';
import { formatLineTotal, formatRoubles } from '@detal/contract/browser';
import { QuantityStepper } from './QuantityStepper.tsx';
import type { BasketChanges } from './basket-changes.ts';
import { TrashIcon } from '../../components/icons.tsx';
import { DeliveryTime } from '../../components/DeliveryTime.tsx';
import { DeliveryStats } from '../../components/DeliveryStats.tsx';
import { NoReturnMark } from '../../components/NoReturnMark.tsx';
import frame from '../../components/page.module.css';
import classes from './basket.module.css';

export interface BasketLinesProps {
  items: BasketItem[];
  isChosen: (line: BasketItem) => boolean;
  onChoose: (line: BasketItem, chosen: boolean) => void;
  onChooseAll: (chosen: boolean) => void;
  changes: BasketChanges;
}

/**
 * How a line is named to assistive technology: 'MAHLE OC 90, Восток-Запчасть'. The supplier tells apart two
 * offers of one part, which a basket may well hold.
 */
/** A line can be ordered while its offer has stock at all; a sold-out one waits in the basket, unchosen. */
export const isOrderable = (line: BasketItem) => line.quantity > 0;

export const lineLabel = (line: BasketItem) =>
  `${line.brand_name} ${line.article}${line.supplier_name ? `, ${line.supplier_name}` : ''}`;

function DeleteButton({ line, onRemove }: { line: BasketItem; onRemove: (line: BasketItem) => void }) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={`Удалить: ${lineLabel(line)}`} onClick={() => onRemove(line)}>
      <TrashIcon />
    </ActionIcon>
  );
}

/** What the client should know about a line before ordering it: its price moved, or the stock no longer covers it. */
function LineNotices({ line }: { line: BasketItem }) {
  const stockShort =
    line.quantity === 0
      ? 'Нет в наличии'
      : line.quantity_in_basket > line.quantity
        ? `В наличии только ${line.quantity} шт.`
        : null;
  if (!line.price_changed && stockShort === null && !line.no_return) return null;
  return (
    <Group gap={4} className={classes.notices}>
      {line.price_changed ? (
        <Badge
          color="orange.2"
          variant="filled"
          size="sm"
          title="Цена изменилась с тех пор, как товар добавили в корзину"
        >
          Цена изменилась
        </Badge>
      ) : null}
      {stockShort ? (
        <Badge color="red" variant="light" size="sm">
          {stockShort}
        </Badge>
      ) : null}
      <NoReturnMark noReturn={line.no_return} />
    </Group>
  );
}

function LineChoice({
  line,
  checked,
  onChoose,
}: {
  line: BasketItem;
  checked: boolean;
  onChoose: BasketLinesProps['onChoose'];
}) {
  return (
    <Checkbox
      aria-label={`Выбрать для заказа: ${lineLabel(line)}`}
      checked={checked}
      disabled={!isOrderable(line)}
      onChange={(event) => onChoose(line, event.currentTarget.checked)}
    />
  );
}

const supplierText = (line: BasketItem) => line.supplier_name ?? '-';

/** md and wider: a dense table, one row per line. */
function LinesTable({ items, isChosen, onChoose, onChooseAll, changes }: BasketLinesProps) {
  const orderable = items.filter(isOrderable);
  const chosenCount = orderable.filter(isChosen).length;
  return (
    <Table className={frame.wide} verticalSpacing="sm" horizontalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th className={classes.choiceColumn}>
            <Checkbox
              aria-label="Выбрать все позиции"
              checked={orderable.length > 0 && chosenCount === orderable.length}
              indeterminate={chosenCount > 0 && chosenCount < orderable.length}
              disabled={orderable.length === 0}
              onChange={(event) => onChooseAll(event.currentTarget.checked)}
            />
          </Table.Th>
          <Table.Th>Товар</Table.Th>
          <Table.Th className={frame.desktop}>Поставщик</Table.Th>
          <Table.Th>Срок</Table.Th>
          <Table.Th align="right">Цена</Table.Th>
          <Table.Th>Количество</Table.Th>
          <Table.Th align="right">Сумма</Table.Th>
          <Table.Th className={classes.removeColumn}>
            <VisuallyHidden>Удалить</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((line) => (
          <Table.Tr key={line.id}>
            <Table.Td>
              <LineChoice line={line} checked={isChosen(line)} onChoose={onChoose} />
            </Table.Td>
            <Table.Td>
              <Text weight={600} size="sm">
                {line.brand_name} {line.article}
              </Text>
              <Text size="sm" tone="dimmed" lineClamp={2}>
                {line.description}
              </Text>
              <Text size="xs" tone="dimmed" className={frame.belowDesktop}>
                Поставщик: {supplierText(line)}
              </Text>
              <LineNotices line={line} />
            </Table.Td>
            <Table.Td className={frame.desktop}>
              <Text size="sm">{supplierText(line)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                <DeliveryTime days={line.delivery} probability={line.delivery_probability} />
                <DeliveryStats stats={line.delivery_stats} />
              </Text>
            </Table.Td>
            <Table.Td align="right">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatRoubles(line.price)}
              </Text>
            </Table.Td>
            <Table.Td>
              <QuantityStepper
                quantity={line.quantity_in_basket}
                stock={line.quantity}
                label={lineLabel(line)}
                onStep={(step) => changes.step(line, step)}
                onSet={(quantity) => changes.set(line, quantity)}
              />
            </Table.Td>
            <Table.Td align="right">
              <Text size="sm" weight={600} style={{ whiteSpace: 'nowrap' }}>
                {formatLineTotal(line.price, line.quantity_in_basket)}
              </Text>
            </Table.Td>
            <Table.Td>
              <DeleteButton line={line} onRemove={changes.remove} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Below md: a card per line. */
function LineCards({ items, isChosen, onChoose, changes }: BasketLinesProps) {
  return (
    <Stack gap="sm" className={frame.narrow}>
      {items.map((line) => (
        <Card key={line.id} withBorder padding="sm" component="article" aria-label={lineLabel(line)}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <LineChoice line={line} checked={isChosen(line)} onChoose={onChoose} />
              <div>
                <Text weight={600} size="sm">
                  {line.brand_name} {line.article}
                </Text>
                <Text size="sm" tone="dimmed">
                  {line.description}
                </Text>
              </div>
            </Group>
            <DeleteButton line={line} onRemove={changes.remove} />
          </Group>
          <Text size="xs" tone="dimmed" className={classes.cardSupplier}>
            Поставщик: {supplierText(line)}
          </Text>
          <Group gap="md" className={classes.cardTerms}>
            <Text size="sm">
              Срок: <DeliveryTime days={line.delivery} probability={line.delivery_probability} />
              <DeliveryStats stats={line.delivery_stats} />
            </Text>
            <Text size="sm">Цена: {formatRoubles(line.price)}</Text>
            <LineNotices line={line} />
          </Group>
          <Group justify="space-between" wrap="nowrap" className={classes.cardFoot}>
            <QuantityStepper
              quantity={line.quantity_in_basket}
              stock={line.quantity}
              label={lineLabel(line)}
              onStep={(step) => changes.step(line, step)}
              onSet={(quantity) => changes.set(line, quantity)}
            />
            <Text weight={700} style={{ whiteSpace: 'nowrap' }}>
              {formatLineTotal(line.price, line.quantity_in_basket)}
            </Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The basket's lines: a table from md up, cards below (spec breakpoints). */
export function BasketLines(props: BasketLinesProps) {
  return (
    <>
      <LinesTable {...props} />
      <LineCards {...props} />
    </>
  );
}
