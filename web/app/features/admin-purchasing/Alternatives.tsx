import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Loader, NumberInput, Stack, Table, Text } from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import { formatRoubles, toKopecks, fromKopecks } from '@detal/contract/browser';
import type { PurchaseAlternative, SupplierOrder } from '@detal/contract';
import { adminCall } from '../admin-shell/admin-caller.ts';
import { failureMessage } from '../admin-shell/form-errors.ts';
import { useJsonWrite, type JsonWriteResult } from '../admin-shell/json-write.ts';
import { paths } from '../../paths.ts';
import classes from './Purchasing.module.css';

const signed = (roubles: number) => (roubles < 0 ? `−${formatRoubles(-roubles)}` : formatRoubles(roubles));

/** The margin of one piece at `price` for an offer bought at `purchase`, with its percent of the price. */
export function MarginText({ price, purchase }: { price: number; purchase: number }) {
  const kopecks = toKopecks(price) - toKopecks(purchase);
  const percent = toKopecks(price) === 0 ? null : Math.round((kopecks * 1000) / toKopecks(price)) / 10;
  return (
    <Text fz="inherit" component="span" c={kopecks < 0 ? 'red.8' : undefined} className={classes.nowrap}>
      {signed(fromKopecks(kopecks))}
      {percent === null ? '' : ` (${String(percent).replace('.', ',')}%)`}
    </Text>
  );
}

const REORDER_KEY = 'purchasing-reorder';

function Reordered({ order }: { order: SupplierOrder }) {
  return (
    <Alert color="green" p="xs" role="status" data-testid="reordered">
      Позиция добавлена в{' '}
      <Anchor component={Link} to={paths.adminSupplierOrder(order.id)} fz="inherit">
        {order.number}
      </Anchor>{' '}
      ({order.supplier_name}, {order.state_name.toLowerCase()})
    </Alert>
  );
}

/** The last re-order's answer at the top of the page, after its line left the list. */
export function ReorderNotice() {
  const fetcher = useFetcher<JsonWriteResult>({ key: REORDER_KEY });
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (!answer?.ok) return null;
  return <Reordered order={(answer.value as { order: SupplierOrder }).order} />;
}

/**
 * Beside a line a supplier refused (issue 29, point 5): the other current offers of the same part and its analogs
 * (purchase price, delivery, supplier, probability, the margin at the client's price) and «Заказать» on each, which
 * puts the line into that supplier's draft in one action. The client's price stays unless typed here.
 */
export function Alternatives({ orderItemId, clientPrice }: { orderItemId: number; clientPrice: number }) {
  const [offers, setOffers] = useState<PurchaseAlternative[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [price, setPrice] = useState<number>(clientPrice);
  const [answer, setAnswer] = useState<JsonWriteResult | null>(null);
  // Named: the re-order moves the line out of its list, and the page's notice (ReorderNotice) still says where.
  const write = useJsonWrite(setAnswer, REORDER_KEY);

  useEffect(() => {
    let current = true;
    adminCall('supplier-order-alternatives', { body: { order_item_id: orderItemId }, handles: [404, 422] })
      .then((found) => current && setOffers(found.offers))
      .catch((error: unknown) => current && setFailure(failureMessage(error)));
    return () => {
      current = false;
    };
  }, [orderItemId]);

  if (failure)
    return (
      <Alert color="red" p="xs">
        {failure}
      </Alert>
    );
  if (!offers) return <Loader size="xs" aria-label="Загрузка вариантов" />;
  const priceChanged = toKopecks(price) !== toKopecks(clientPrice);
  return (
    <Stack gap={4} data-testid={`alternatives-${orderItemId}`}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NumberInput
          label="Цена для клиента, ₽"
          size="xs"
          w={150}
          min={0}
          decimalScale={2}
          decimalSeparator=","
          value={price}
          onChange={(value) => setPrice(typeof value === 'number' ? value : Number(value) || 0)}
        />
        <Text size="xs" c="gray.7">
          {priceChanged ? 'цена клиента изменится' : 'цена клиента останется прежней'}
        </Text>
      </Group>
      {answer && !answer.ok && (
        <Alert color="red" p="xs" role="alert">
          {answer.message}
        </Alert>
      )}
      {offers.length === 0 ? (
        <Text size="xs" c="gray.7">
          Других предложений этой детали и её аналогов сейчас нет
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table fz="xs" verticalSpacing={2} horizontalSpacing={6} className={classes.numbers} aria-label="Варианты">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Поставщик</Table.Th>
                <Table.Th>Деталь</Table.Th>
                <Table.Th ta="right">Закупка</Table.Th>
                <Table.Th ta="right">Срок</Table.Th>
                <Table.Th ta="right" title="Вероятность поставки в срок">
                  Вер.
                </Table.Th>
                <Table.Th ta="right">Есть</Table.Th>
                <Table.Th ta="right" title="Маржа с одной штуки при цене для клиента">
                  Маржа
                </Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {offers.map((offer) => (
                <Table.Tr key={offer.offer_id} data-offer-id={offer.offer_id}>
                  <Table.Td className={classes.nowrap}>{offer.supplier_name}</Table.Td>
                  <Table.Td>
                    <b>{offer.brand_name}</b> {offer.article}{' '}
                    {offer.analog && (
                      <Badge size="xs" variant="outline" color="gray" tt="none">
                        аналог
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.nowrap}>
                    {formatRoubles(offer.purchase_price)}
                  </Table.Td>
                  <Table.Td ta="right" className={classes.nowrap}>
                    {offer.delivery_days === null ? '—' : `${offer.delivery_days} дн.`}
                  </Table.Td>
                  <Table.Td ta="right">{offer.probability === null ? '—' : `${offer.probability} %`}</Table.Td>
                  <Table.Td ta="right">{offer.available}</Table.Td>
                  <Table.Td ta="right">
                    <MarginText price={price} purchase={offer.purchase_price} />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="light"
                      loading={write.saving}
                      aria-label={`Заказать у ${offer.supplier_name}: ${offer.brand_name} ${offer.article}`}
                      onClick={() =>
                        void write.submit('reorder', {
                          order_item_id: orderItemId,
                          offer_id: offer.offer_id,
                          price: priceChanged ? price : null,
                          note: null,
                        })
                      }
                    >
                      Заказать
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
