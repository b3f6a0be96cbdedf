import { Anchor, Badge, Checkbox, Group, NumberInput, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { ORDER_STATUS_NAMES, formatRoubles, orderLabel } from '@detal/contract/browser';
import type { OrderStatus, ReadyLine } from '@detal/contract';
import { paths } from '../../paths.ts';
import classes from './CounterLines.module.css';

/**
 * A client's open lines at the counter: those «Готов к выдаче» can be ticked, and a part of a line's quantity
 * issued. One markup for every width: a table from 768 px, a card per line below (CounterLines.module.css), so
 * the form posts each line's fields once.
 */
export function CounterLines({
  lines,
  picked,
  onPick,
}: {
  lines: readonly ReadyLine[];
  picked: ReadonlySet<number>;
  onPick: (lineId: number, pick: boolean) => void;
}) {
  return (
    <Table verticalSpacing={4} fz="sm" highlightOnHover aria-label="Позиции клиента" className={classes.lines}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={32}>
            <VisuallyHidden>Выбор</VisuallyHidden>
          </Table.Th>
          <Table.Th>Заказ</Table.Th>
          <Table.Th>Деталь</Table.Th>
          <Table.Th>Статус</Table.Th>
          <Table.Th ta="right">Цена</Table.Th>
          <Table.Th ta="right" w={120}>
            Выдать, шт.
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => {
          const isReady = line.status === 'ready';
          return (
            <Table.Tr key={line.id} data-line-id={line.id} c={isReady ? undefined : 'gray.7'}>
              <Table.Td className={classes.pick}>
                <Checkbox
                  name="pick"
                  value={line.id}
                  disabled={!isReady}
                  checked={picked.has(line.id)}
                  onChange={(event) => onPick(line.id, event.currentTarget.checked)}
                  aria-label={`Выдать ${line.brand} ${line.article}`}
                />
              </Table.Td>
              <Table.Td className={`${classes.order} ${classes.nowrap}`}>
                <Anchor component={Link} to={paths.adminOrder(line.order_id)} fz="sm">
                  {orderLabel(line.order_id)}
                </Anchor>
              </Table.Td>
              <Table.Td className={classes.part}>
                <Text fz="sm" fw={600} span>
                  {line.brand} {line.article}
                </Text>{' '}
                <Text fz="sm" span c="gray.7">
                  {line.description}
                </Text>
              </Table.Td>
              <Table.Td className={`${classes.status} ${classes.nowrap}`}>
                <Badge size="sm" variant="light" color={isReady ? 'green' : 'gray'}>
                  {ORDER_STATUS_NAMES[line.status as OrderStatus] ?? line.status}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" className={`${classes.price} ${classes.nowrap}`}>
                {formatRoubles(line.price)}
              </Table.Td>
              <Table.Td className={classes.qty} data-label="Выдать, шт.">
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <NumberInput
                    name={`quantity_${line.id}`}
                    size="xs"
                    w={64}
                    min={1}
                    max={line.quantity}
                    defaultValue={line.quantity}
                    disabled={!isReady}
                    allowDecimal={false}
                    aria-label={`Количество ${line.brand} ${line.article}`}
                  />
                  <Text fz="xs" c="gray.7" className={classes.nowrap}>
                    из {line.quantity}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
