import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link, useFetcher } from 'react-router';
import {
  RETURN_RATE_KINDS,
  RETURN_RATE_KIND_NAMES,
  type ReturnRateKind,
  type ReturnRateRow,
  type ReturnRateSort,
  type ReturnRateThreshold,
} from '@detal/contract';
import { paths } from '../../paths.ts';
import { DenseTable } from '../admin-shell/DenseList.tsx';
import { SortHeader } from '../admin-shell/SortHeader.tsx';
import { SubmitButton } from '../admin-shell/SubmitButton.tsx';
import { WriteOutcome } from '../admin-shell/WriteOutcome.tsx';
import { FieldInput, Intent } from './ReturnForms.tsx';
import { TabLinks } from './ReturnsNav.tsx';
import { returnRatesSearch, type ReturnRatesQuery } from './returns-query.ts';
import type { ReturnActionResult } from './returns-actions.ts';
import classes from './Returns.module.css';
import cards from './ReturnCards.module.css';

/**
 * Return rates in the back office (issue 32, point 6; decision 0065): analog pairs, brands and suppliers, highest
 * rate first; the threshold over which search lists a pair's analog below the others; a pair withdrawn by hand or
 * restored. The view and its sort live in the URL.
 */

/** What each view counts as a return: «не подошла» for a pair, «брак» for a brand or a supplier. */
const RETURNS_LABEL: Record<ReturnRateKind, string> = { pair: 'Не подошла', brand: 'Брак', supplier: 'Брак' };
const SORT_LABELS: Record<ReturnRateSort, string> = { purchases: 'Покупок', returns: 'Возвратов', rate: 'Доля' };
/** The sortable columns, in their order after the name. */
const SORT_COLUMNS: readonly ReturnRateSort[] = ['purchases', 'returns', 'rate'];

/** «Пары аналогов», «Бренды», «Поставщики» as tabs: links to the same screen, the sort kept. */
export function ReturnRateKinds({ query }: { query: ReturnRatesQuery }) {
  const tabs = RETURN_RATE_KINDS.map((kind) => ({
    to: paths.adminReturnRates(returnRatesSearch({ kind, sort: query.sort })),
    current: kind === query.kind,
    label: RETURN_RATE_KIND_NAMES[kind],
    kind,
  }));
  return <TabLinks label="Что показать" tabs={tabs} />;
}

/** The threshold: a pair over `max_percent` of at least `min_purchases` purchases is listed lower in search. */
export function ReturnRateThresholdForm({ threshold }: { threshold: ReturnRateThreshold }) {
  const fetcher = useFetcher<ReturnActionResult>();
  const result = fetcher.data?.intent === 'rate-threshold-save' ? fetcher.data : undefined;
  return (
    <fetcher.Form method="post" aria-label="Порог возвратов" noValidate>
      <Intent value="rate-threshold-save" />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <FieldInput
          result={result}
          name="max_percent"
          label="Порог возвратов, %"
          defaultValue={String(threshold.max_percent)}
          inputMode="decimal"
          w={140}
        />
        <FieldInput
          result={result}
          name="min_purchases"
          label="Покупок не меньше"
          defaultValue={String(threshold.min_purchases)}
          inputMode="numeric"
          w={140}
        />
        <SubmitButton size="xs" loading={fetcher.state !== 'idle'}>
          Сохранить порог
        </SubmitButton>
      </Group>
      <Text fz="xs" c="gray.7" mt={4}>
        Пара, у которой возвратов «не подошла» больше порога, в поиске стоит ниже других аналогов.
      </Text>
      <WriteOutcome result={result} text="Порог сохранён" shown={['max_percent', 'min_purchases']} />
    </fetcher.Form>
  );
}

/** Withdraw a pair (search lists its analog below the others) or restore it; the list reloads with its new state. */
function PairWithdrawForm({ row }: { row: ReturnRateRow }) {
  const fetcher = useFetcher<ReturnActionResult>();
  const label = row.withdrawn ? 'Вернуть' : 'Снять';
  return (
    <fetcher.Form method="post" aria-label={`${label} пару ${row.name}`}>
      <Intent value="rate-pair-withdraw" />
      <input type="hidden" name="pair_id" value={row.id ?? ''} />
      <input type="hidden" name="withdrawn" value={row.withdrawn ? 'false' : 'true'} />
      <SubmitButton
        size="compact-xs"
        variant={row.withdrawn ? 'default' : 'light'}
        color={row.withdrawn ? undefined : 'red'}
        loading={fetcher.state !== 'idle'}
        aria-label={`${label} пару ${row.name}`}
      >
        {label}
      </SubmitButton>
      {fetcher.data && !fetcher.data.ok && <WriteOutcome result={fetcher.data} text="" shown={[]} />}
    </fetcher.Form>
  );
}

function RowName({ row }: { row: ReturnRateRow }) {
  if (row.kind === 'brand') {
    return (
      <Anchor component={Link} to={paths.adminBrands(`q=${encodeURIComponent(row.name)}`)} fz="xs" fw={600}>
        {row.name}
      </Anchor>
    );
  }
  if (row.kind === 'supplier' && row.id !== null) {
    return (
      <Anchor component={Link} to={paths.adminSupplier(row.id)} fz="xs" fw={600}>
        {row.name}
      </Anchor>
    );
  }
  return (
    <Text fz="xs" fw={600} span>
      {row.name}
    </Text>
  );
}

/** A pair's place in search: withdrawn by staff, over the threshold (both listed lower), or as any analog. */
function PairState({ row }: { row: ReturnRateRow }) {
  if (row.withdrawn) {
    return (
      <Badge color="gray" variant="light" size="sm" radius="sm" tt="none">
        Снята
      </Badge>
    );
  }
  if (row.demoted) {
    return (
      <Badge color="orange" variant="light" size="sm" radius="sm" tt="none">
        Выше порога
      </Badge>
    );
  }
  return (
    <Text fz="xs" c="gray.7" span>
      в поиске как все
    </Text>
  );
}

const percentText = (value: number | null) =>
  value === null ? '—' : `${value.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} %`;

/**
 * The rows, highest first by the URL's sort; a pair's place in search and its withdraw or restore under its name,
 * so that four columns fit a phone's width.
 */
export function ReturnRatesTable({ rows, query }: { rows: ReturnRateRow[]; query: ReturnRatesQuery }) {
  if (rows.length === 0) {
    return (
      <Text fz="sm" c="gray.7" data-testid="rates-empty">
        Покупок и возвратов пока не посчитано
      </Text>
    );
  }
  const pairs = query.kind === 'pair';
  return (
    <DenseTable
      label="Доля возвратов"
      minWidth={360}
      frameClassName={cards.frame}
      striped={false}
      data-testid="return-rates"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{RETURN_RATE_KIND_NAMES[query.kind]}</Table.Th>
          {SORT_COLUMNS.map((sort) => (
            <SortHeader
              key={sort}
              sort={sort}
              active={sort === query.sort}
              to={paths.adminReturnRates(returnRatesSearch({ kind: query.kind, sort }))}
              label={SORT_LABELS[sort]}
              fz="xs"
              className={classes.nowrap}
            />
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={`${row.kind}:${row.id ?? row.name}`} data-rate-id={row.id ?? undefined}>
            <Table.Td>
              <RowName row={row} />
              {pairs && (
                <Group gap={6} mt={2} wrap="nowrap">
                  <PairState row={row} />
                  {row.id !== null && <PairWithdrawForm row={row} />}
                </Group>
              )}
            </Table.Td>
            <Table.Td ta="right">{row.purchases}</Table.Td>
            <Table.Td ta="right" title={RETURNS_LABEL[row.kind]}>
              {row.returns}
            </Table.Td>
            <Table.Td ta="right" className={classes.nowrap} fw={row.demoted ? 700 : undefined} data-testid="rate">
              {percentText(row.return_percent)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </DenseTable>
  );
}

/** What a view counts, said once above its table. */
export const RETURN_RATES_NOTE: Record<ReturnRateKind, string> = {
  pair: 'Пара — деталь, которую искали, и аналог, который купили; возврат — «не подошла».',
  brand: 'Возврат бренда — «брак».',
  supplier: 'Возврат поставщика — «брак».',
};
