import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Stack, Table, Text, Title } from '../../ui/index.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDelivery, formatDeliveryStats, formatRoubles, pluralRu } from '@detal/contract/browser';
import type { ListSearchLine, ListSearchResult } from '@detal/contract';
import { isApiError, readErrorBody } from '../../lib/api/errors.ts';
import { paths } from '../../paths.ts';
import { addManyToBasket } from '../basket/basket-api.ts';
import {
  chosenOffer,
  initialChoice,
  itemsToAdd,
  offersOf,
  shortLines,
  withBrand,
  type LineChoice,
  type ShortLine,
} from './list-choices.ts';
import classes from './list-search.module.css';

const positions = (count: number) => `${count} ${pluralRu(count, 'позиция', 'позиции', 'позиций')}`;

type AddState =
  | { kind: 'idle' }
  | { kind: 'adding' }
  | { kind: 'added'; lines: number; short: ShortLine[] }
  | { kind: 'failed'; message: string };

/** The result of a list search: found lines to choose from and add at once, then the lines not found. */
export function ListSearchResults({ result }: { result: ListSearchResult }) {
  const found = result.lines.filter((line) => line.status === 'found');
  const missed = result.lines.filter((line) => line.status !== 'found');
  const [choices, setChoices] = useState<LineChoice[]>(() => found.map(initialChoice));
  const [state, setState] = useState<AddState>({ kind: 'idle' });
  const items = itemsToAdd(found, choices);
  const change = (index: number, next: LineChoice) => {
    setChoices((current) => current.map((choice, at) => (at === index ? next : choice)));
    setState({ kind: 'idle' });
  };

  const addAll = async () => {
    setState({ kind: 'adding' });
    try {
      const answer = await addManyToBasket(items);
      const short = shortLines(found, choices, answer.items);
      setState({ kind: 'added', lines: answer.items.filter((item) => item.added > 0).length, short });
    } catch (error) {
      const message = isApiError(error) ? (readErrorBody(error.body).message ?? error.message) : 'Не удалось добавить';
      setState({ kind: 'failed', message });
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        Найдено {found.length} из {result.lines.length}
        {missed.length > 0 ? `, не найдено ${missed.length}` : ''}. Лучшее предложение —{' '}
        {result.sort === 'price' ? 'по цене' : 'по сроку поставки'}; бренд и другое предложение можно выбрать в строке.
      </Text>
      {found.length > 0 ? (
        <>
          <div className={classes.scroller}>
            <Table className={classes.table} verticalSpacing={4} horizontalSpacing={6} aria-label="Найденные позиции">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>№</Table.Th>
                  <Table.Th>Артикул</Table.Th>
                  <Table.Th>Бренд</Table.Th>
                  <Table.Th>Предложение</Table.Th>
                  <Table.Th align="right">Цена</Table.Th>
                  <Table.Th>Кол-во</Table.Th>
                  <Table.Th>В корзину</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {found.map((line, index) => (
                  <FoundRow
                    key={line.line}
                    line={line}
                    choice={choices[index]!}
                    onChange={(next) => change(index, next)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </div>
          <Group gap="sm" className={classes.actions} wrap="wrap">
            <Button onClick={addAll} disabled={items.length === 0} loading={state.kind === 'adding'}>
              Добавить выбранные в корзину ({items.length})
            </Button>
            <AddResult state={state} />
          </Group>
        </>
      ) : null}
      {missed.length > 0 ? <MissedLines lines={missed} /> : null}
    </Stack>
  );
}

/** «строка 3, OC 90: 1 из 4». */
const shortLineText = (short: ShortLine): string =>
  `строка ${short.line}, ${short.article}: ${short.added} из ${short.requested}`;

function AddResult({ state }: { state: AddState }) {
  if (state.kind === 'added') {
    return (
      <Text size="sm" role="status">
        Добавлено {positions(state.lines)}.{' '}
        {state.short.length > 0
          ? `Меньше, чем просили, — сколько было в наличии: ${state.short.map(shortLineText).join('; ')}. `
          : ''}
        <Anchor component={Link} to={paths.cart()}>
          Открыть корзину
        </Anchor>
      </Text>
    );
  }
  if (state.kind === 'failed') {
    return (
      <Alert color="red" role="alert" className={classes.addFailed}>
        {state.message}
      </Alert>
    );
  }
  return null;
}

interface FoundRowProps {
  line: ListSearchLine;
  choice: LineChoice;
  onChange: (choice: LineChoice) => void;
}

function FoundRow({ line, choice, onChange }: FoundRowProps) {
  const offers = offersOf(line, choice.brand);
  const offer = chosenOffer(line, choice);
  const label = `строка ${line.line}, ${line.article}`;
  return (
    <Table.Tr>
      <Table.Td className={classes.number}>{line.line}</Table.Td>
      <Table.Td className={classes.articleCell}>
        <span className={classes.article}>{offer?.article ?? line.article}</span>
        <span className={classes.source}>{line.text}</span>
      </Table.Td>
      <Table.Td className={classes.brandCell}>
        {line.brands.length > 1 ? (
          <NativeSelect
            size="xs"
            aria-label={`Бренд, ${label}`}
            className={classes.brandSelect}
            value={choice.brand ?? ''}
            error={choice.brand === null}
            data={[
              ...(choice.brand === null ? [{ value: '', label: 'Выберите бренд…' }] : []),
              ...line.brands.map((brand) => ({
                value: brand.brand_name,
                label: `${brand.brand_name} (${brand.offers_count})`,
              })),
            ]}
            onChange={(event) => onChange(withBrand(line, choice, event.currentTarget.value))}
          />
        ) : (
          <Text size="sm" weight={500}>
            {line.brands[0]?.brand_name}
          </Text>
        )}
        {line.message ? (
          <Text size="xs" className={classes.lineWarning}>
            {line.message}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td className={classes.offerCell}>
        {offers.length > 1 ? (
          <NativeSelect
            size="xs"
            aria-label={`Предложение, ${label}`}
            className={classes.offerSelect}
            value={String(choice.offerId ?? '')}
            data={offers.map((item, at) => ({
              value: String(item.id),
              label: `${at === 0 ? 'лучшее: ' : ''}${formatRoubles(item.price)} · ${formatDelivery(item.delivery)}`,
            }))}
            onChange={(event) => onChange({ ...choice, offerId: Number(event.currentTarget.value) })}
          />
        ) : null}
        {offer ? (
          <span className={classes.offerFacts}>
            {offer.supplier_name ?? 'Склад'} · срок {formatDelivery(offer.delivery)}
            {offer.delivery_stats ? ` (${formatDeliveryStats(offer.delivery_stats)})` : ''} · в наличии {offer.quantity}{' '}
            шт.
            {offer.stale ? ' · прайс устарел' : ''}
          </span>
        ) : (
          <span className={classes.offerFacts}>{choice.brand === null ? 'Выберите бренд' : 'Нет предложений'}</span>
        )}
      </Table.Td>
      <Table.Td className={classes.price}>{offer ? formatRoubles(offer.price) : '—'}</Table.Td>
      <Table.Td className={classes.quantityCell}>
        <input
          type="number"
          min={1}
          max={offer?.quantity}
          className={classes.quantity}
          aria-label={`Количество, ${label}`}
          value={choice.quantity}
          onChange={(event) =>
            onChange({ ...choice, quantity: Math.max(1, Math.floor(Number(event.target.value) || 1)) })
          }
        />{' '}
        <Text span size="xs" tone="dimmed" className={classes.piecesUnit}>
          шт.
        </Text>
      </Table.Td>
      <Table.Td className={classes.checkCell}>
        <Checkbox
          aria-label={`Добавить в корзину: ${label}`}
          checked={choice.include}
          disabled={!offer}
          onChange={(event) => onChange({ ...choice, include: event.currentTarget.checked })}
        />
      </Table.Td>
    </Table.Tr>
  );
}

function MissedLines({ lines }: { lines: readonly ListSearchLine[] }) {
  return (
    <Stack gap={4}>
      <Title order={2} size={4}>
        Не найдено ({lines.length})
      </Title>
      <ul className={classes.notFound} aria-label="Не найденные строки">
        {lines.map((line) => (
          <li key={line.line}>
            <Text span size="sm" tone="dimmed">
              {line.line}.
            </Text>{' '}
            <Text span size="sm" className={classes.lineText}>
              {line.text}
            </Text>{' '}
            <Text span size="sm" tone={line.status === 'invalid' ? 'error' : 'dimmed'}>
              — {line.message}
            </Text>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
