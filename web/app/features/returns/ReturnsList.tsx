import { Link } from 'react-router';
import { formatDate, formatRoubles, orderLabel } from '@detal/contract/browser';
import type { Return, ReturnState } from '@detal/contract';
import type { PaletteName } from '../../design/tokens.ts';
import { Anchor, Badge, Box, Card, Group, Stack, Table, Text } from '../../ui/index.ts';
import { paths } from '../../paths.ts';
import classes from './Returns.module.css';
import frame from '../../components/page.module.css';

const THUMBNAIL_SIZE = 48;

/** Waiting is orange, refused red, under way blue, money credited green, done grey. */
const STATE_COLORS: Readonly<Record<ReturnState, PaletteName>> = {
  requested: 'orange',
  approved: 'blue',
  rejected: 'red',
  received: 'blue',
  credited: 'green',
  closed: 'gray',
};

export function ReturnStateBadge({ item }: { item: Return }) {
  return (
    <Badge color={STATE_COLORS[item.state]} variant="light" radius="sm" textCase="as-written">
      {item.state_name}
    </Badge>
  );
}

const returnLabel = (item: Return) => `Возврат № ${item.id}`;

/** «2 годных, 1 с браком»: what the shop received; null before it received anything. */
export function receivedText(item: Return): string | null {
  if (item.good_quantity === null && item.defective_quantity === null) return null;
  const good = item.good_quantity ?? 0;
  const defective = item.defective_quantity ?? 0;
  return [good > 0 ? `${good} шт. годных` : null, defective > 0 ? `${defective} шт. с браком` : null]
    .filter(Boolean)
    .join(', ');
}

/** The decision and the money in words: the refusal's reason, what was received, credited and paid out. */
function Outcome({ item }: { item: Return }) {
  const received = receivedText(item);
  return (
    <Stack gap={2}>
      {item.state === 'requested' ? (
        <Text size="xs" tone="muted">
          Ждёт решения менеджера
        </Text>
      ) : null}
      {item.state === 'approved' ? <Text size="xs">Одобрен: привезите товар в магазин</Text> : null}
      {item.state === 'rejected' && item.decision_reason ? (
        <Text size="xs" tone="error">
          Причина отказа: {item.decision_reason}
        </Text>
      ) : null}
      {received ? <Text size="xs">Принято: {received}</Text> : null}
      {item.credit_amount !== null ? (
        <Text size="xs" weight={600}>
          Зачтено: {formatRoubles(item.credit_amount)}
        </Text>
      ) : null}
      {item.refunded_amount > 0 ? <Text size="xs">Выплачено: {formatRoubles(item.refunded_amount)}</Text> : null}
    </Stack>
  );
}

function Goods({ item }: { item: Return }) {
  return (
    <>
      <Text size="sm" weight={600}>
        {item.brand} {item.article}
      </Text>
      <Text size="xs" tone="muted" lineClamp={2}>
        {item.description}
      </Text>
      <Anchor component={Link} to={paths.order(item.order_id)} size="xs">
        {orderLabel(item.order_id)}
      </Anchor>
    </>
  );
}

/** The photos the client sent, small; each opens full size (served by the storefront, decision 0063). */
function PhotoThumbnails({ item }: { item: Return }) {
  if (item.photos.length === 0) return null;
  return (
    <ul className={classes.thumbnails} aria-label={`Фотографии к возврату № ${item.id}`}>
      {item.photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={paths.returnPhoto(photo.id)} target="_blank" rel="noreferrer" className={classes.thumbnail}>
            <img
              src={paths.returnPhoto(photo.id)}
              alt={`Фото ${index + 1} к возврату № ${item.id}`}
              width={THUMBNAIL_SIZE}
              height={THUMBNAIL_SIZE}
              loading="lazy"
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

function Reason({ item }: { item: Return }) {
  return (
    <>
      <Text size="sm">{item.reason_name}</Text>
      {item.comment ? (
        <Text size="xs" tone="muted" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
          {item.comment}
        </Text>
      ) : null}
      <PhotoThumbnails item={item} />
    </>
  );
}

function WideTable({ returns }: { returns: Return[] }) {
  return (
    <Table striped verticalSpacing="xs" horizontalSpacing="sm" aria-label="Возвраты">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Возврат</Table.Th>
          <Table.Th>Товар</Table.Th>
          <Table.Th align="right">Кол-во</Table.Th>
          <Table.Th>Причина</Table.Th>
          <Table.Th>Состояние</Table.Th>
          <Table.Th>Итог</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {returns.map((item) => (
          <Table.Tr key={item.id} data-return-id={item.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" weight={600}>
                № {item.id}
              </Text>
              <Text size="xs" tone="muted">
                {formatDate(item.created_at)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Goods item={item} />
            </Table.Td>
            <Table.Td align="right" style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm">{item.quantity} шт.</Text>
              <Text size="xs" tone="muted">
                по {formatRoubles(item.price)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Reason item={item} />
            </Table.Td>
            <Table.Td>
              <ReturnStateBadge item={item} />
            </Table.Td>
            <Table.Td>
              <Outcome item={item} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Cards({ returns }: { returns: Return[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Возвраты">
      {returns.map((item) => (
        <Card key={item.id} withBorder padding="sm" radius="sm" role="listitem" data-return-id={item.id}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text size="sm" weight={600}>
              {returnLabel(item)} · {formatDate(item.created_at)}
            </Text>
            <ReturnStateBadge item={item} />
          </Group>
          <Box className={classes.cardGoods}>
            <Goods item={item} />
          </Box>
          <Group justify="space-between" align="flex-start" gap="xs" className={classes.cardTerms}>
            <Box>
              <Reason item={item} />
            </Box>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {item.quantity} шт. × {formatRoubles(item.price)}
            </Text>
          </Group>
          <Box className={classes.cardOutcome}>
            <Outcome item={item} />
          </Box>
        </Card>
      ))}
    </Stack>
  );
}

/** The client's returns: a table from md up, cards below (both rendered on the server; CSS shows one). */
export function ReturnsList({ returns }: { returns: Return[] }) {
  return (
    <>
      <Box className={frame.wide}>
        <WideTable returns={returns} />
      </Box>
      <Box className={frame.narrow}>
        <Cards returns={returns} />
      </Box>
    </>
  );
}
