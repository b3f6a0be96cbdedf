import { useId, useState } from 'react';
import { Badge, Table, Tooltip, VisuallyHidden } from '../../ui/index.ts';
import { formatRoubles, pluralRu } from '@detal/contract/browser';
import type { SearchItem, SearchSort } from '@detal/contract';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { Link, useLocation } from 'react-router';
import { AddToBasket } from '../basket/AddToBasket.tsx';
import type { AnalogOf } from '../basket/basket-api.ts';
import { DeliveryTime } from '../../components/DeliveryTime.tsx';
import { DeliveryStats } from '../../components/DeliveryStats.tsx';
import { OFFERS_SHOWN_PER_PART, groupByPart, type PartOffers } from './offer-groups.ts';
import { searchOptionsQuery, type SearchOptions } from './search-options.ts';
import { formatStock, formatWeight, offersText } from './search-text.ts';
import { FactList, type Fact } from './FactList.tsx';
import classes from './search.module.css';
import { NoReturnMark } from '../../components/NoReturnMark.tsx';

interface OfferListProps {
  items: readonly SearchItem[];
  /** Names the table and the cards for assistive technology: 'Предложения KNECHT OC 90', 'Аналоги'. */
  label: string;
  /** The page's sort and filters: the «Срок» and «Цена» headers link to sorting by them. */
  options?: SearchOptions;
  /** The part searched, when these offers are its analogs: an add counts for the pair (issue 32). */
  analogOf?: AnalogOf;
}

/**
 * The columns each table layout shows, which a row across the table spans: a fixed-layout table would add a
 * column for a span wider than its columns.
 */
const WIDE_COLUMNS = 9;
const MIDDLE_COLUMNS = 6;

/**
 * Offers in the three sizes of the spec: the wide table (from 1280 px) has every column on one line per offer;
 * the middle one (>= md) puts the brand over the article and the supplier under the description and leaves the
 * weight out; below md each offer is a card. Offers are grouped by part (brand and article): the best
 * OFFERS_SHOWN_PER_PART of each show, the rest open with «ещё N», a link to the group (opened by `:target` before
 * and without scripts) that scripts turn into a toggle.
 */
export function OfferList({ items, label, options, analogOf }: OfferListProps) {
  const id = useId();
  const parts = groupByPart(items);
  return (
    <>
      <div className={classes.tableView}>
        <Table className={classes.table} verticalSpacing={4} horizontalSpacing="xs" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={`${classes.large} ${classes.colBrand}`}>Бренд</Table.Th>
              <Table.Th className={`${classes.large} ${classes.colArticle}`}>Артикул</Table.Th>
              <Table.Th className={`${classes.middle} ${classes.colBrandArticle}`}>Бренд, артикул</Table.Th>
              <Table.Th>Описание</Table.Th>
              <Table.Th className={`${classes.large} ${classes.colSupplier}`}>Поставщик</Table.Th>
              <SortHeader sort="delivery" options={options} className={`${classes.numeric} ${classes.colDelivery}`}>
                Срок
              </SortHeader>
              <Table.Th className={`${classes.numeric} ${classes.colStock}`}>Наличие</Table.Th>
              <SortHeader sort="price" options={options} className={`${classes.numeric} ${classes.colPrice}`}>
                Цена
              </SortHeader>
              <Table.Th className={`${classes.large} ${classes.numeric} ${classes.colWeight}`}>Вес</Table.Th>
              <Table.Th className={classes.basketCell}>
                <VisuallyHidden>В корзину</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          {parts.map((part, index) => (
            <PartRows key={part.key} part={part} id={`${id}t${index}`} analogOf={analogOf} />
          ))}
        </Table>
      </div>
      <div className={classes.cardView}>
        {parts.map((part, index) => (
          <PartCards key={part.key} part={part} id={`${id}c${index}`} analogOf={analogOf} />
        ))}
      </div>
    </>
  );
}

const SORT_HINTS: Record<SearchSort, string> = { price: 'Сначала дешевле', delivery: 'Сначала быстрее' };

/**
 * A column the result can be sorted by: a link to the same page sorted by it (works without scripts), or, when
 * it is the sort already, the header marked ascending.
 */
function SortHeader({
  sort,
  options,
  className,
  children,
}: {
  sort: SearchSort;
  options: SearchOptions | undefined;
  className: string;
  children: string;
}) {
  const { pathname } = useLocation();
  if (!options) return <Table.Th className={className}>{children}</Table.Th>;
  if (options.sort === sort) {
    return (
      <Table.Th className={className} aria-sort="ascending">
        <span className={classes.sorted} title={SORT_HINTS[sort]}>
          {children}
        </span>
      </Table.Th>
    );
  }
  return (
    <Table.Th className={className}>
      <Link
        to={`${pathname}${searchOptionsQuery({ ...options, sort })}`}
        replace
        preventScrollReset
        className={classes.sortLink}
        title={SORT_HINTS[sort]}
      >
        {children}
      </Link>
    </Table.Th>
  );
}

/**
 * «ещё 5 предложений» under a part's best offers. Before the scripts run it is a link to the group, which CSS
 * opens as the page's target; then a button that opens and closes it in place.
 */
function MoreOffers({
  groupId,
  part,
  hidden,
  open,
  onToggle,
}: {
  groupId: string;
  part: PartOffers;
  hidden: number;
  open: boolean;
  onToggle: () => void;
}) {
  const scripted = useHydrated();
  const partName = <VisuallyHidden> {`${part.brandName} ${part.article}`}</VisuallyHidden>;
  const text = open ? 'Свернуть' : `Ещё ${offersText(hidden)}`;
  if (!scripted) {
    return (
      <a href={`#${groupId}`} className={classes.more}>
        {text}
        {partName}
      </a>
    );
  }
  return (
    <button type="button" className={classes.more} aria-expanded={open} aria-controls={groupId} onClick={onToggle}>
      {text}
      {partName}
    </button>
  );
}

/** How many of a part's offers wait behind «ещё N»: none when only one would (its row costs what the link does). */
const hiddenCount = (part: PartOffers): number =>
  part.items.length > OFFERS_SHOWN_PER_PART + 1 ? part.items.length - OFFERS_SHOWN_PER_PART : 0;

function usePartToggle(part: PartOffers) {
  const [open, setOpen] = useState(false);
  return { open, hidden: hiddenCount(part), toggle: () => setOpen((was) => !was) };
}

const groupClass = (base: string | undefined, open: boolean) => (open ? `${base} ${classes.partOpen}` : base);

function PartRows({ part, id, analogOf }: { part: PartOffers; id: string; analogOf?: AnalogOf }) {
  const { open, hidden, toggle } = usePartToggle(part);
  return (
    <Table.Tbody id={id} className={groupClass(classes.partRows, open)}>
      {part.items.map((item, index) => (
        <OfferRow key={item.id} item={item} extra={hidden > 0 && index >= OFFERS_SHOWN_PER_PART} analogOf={analogOf} />
      ))}
      {hidden > 0 ? (
        <Table.Tr className={classes.moreRow}>
          {/* One cell per layout, as wide as its columns; CSS shows one. */}
          <Table.Td colSpan={WIDE_COLUMNS} className={classes.large}>
            <MoreOffers groupId={id} part={part} hidden={hidden} open={open} onToggle={toggle} />
          </Table.Td>
          <Table.Td colSpan={MIDDLE_COLUMNS} className={classes.middle}>
            <MoreOffers groupId={id} part={part} hidden={hidden} open={open} onToggle={toggle} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Table.Tbody>
  );
}

function PartCards({ part, id, analogOf }: { part: PartOffers; id: string; analogOf?: AnalogOf }) {
  const { open, hidden, toggle } = usePartToggle(part);
  return (
    <div id={id} className={groupClass(classes.partCards, open)}>
      {part.items.map((item, index) => (
        <OfferCard key={item.id} item={item} extra={hidden > 0 && index >= OFFERS_SHOWN_PER_PART} analogOf={analogOf} />
      ))}
      {hidden > 0 ? <MoreOffers groupId={id} part={part} hidden={hidden} open={open} onToggle={toggle} /> : null}
    </div>
  );
}

const STALE_HINT = 'Поставщик давно не обновлял прайс-лист: цена и наличие могут быть неточными';

/** «Прайс устарел»: the offer's supplier list is older than the shop allows (search item `stale`, decision 0025). */
function StaleMark({ item }: { item: SearchItem }) {
  if (!item.stale) return null;
  return (
    <Tooltip label={STALE_HINT} multiline width={260} withArrow>
      <Badge
        color="orange"
        variant="light"
        size="xs"
        className={classes.staleMark}
        tabIndex={0}
        aria-label={`Прайс устарел. ${STALE_HINT}`}
      >
        Прайс устарел
      </Badge>
    </Tooltip>
  );
}

function OfferRow({ item, extra, analogOf }: { item: SearchItem; extra: boolean; analogOf?: AnalogOf }) {
  return (
    <Table.Tr data-extra={extra || undefined}>
      <Table.Td className={`${classes.large} ${classes.brandCell} ${classes.clip}`} title={item.brand_name}>
        {item.brand_name}
      </Table.Td>
      <Table.Td className={`${classes.large} ${classes.articleCell} ${classes.clip}`} title={item.article}>
        {item.article}
      </Table.Td>
      <Table.Td className={`${classes.middle} ${classes.clip}`}>
        <span className={classes.brandCell}>{item.brand_name}</span>
        <span className={`${classes.subline} ${classes.articleCell}`}>{item.article}</span>
      </Table.Td>
      <Table.Td className={classes.clip} title={item.description || undefined}>
        {item.description}
        <AnalogStats item={item} />
        <span className={`${classes.middle} ${classes.subline}`}>{item.supplier_name ?? ''}</span>
      </Table.Td>
      <Table.Td className={`${classes.large} ${classes.clip}`}>{item.supplier_name ?? '-'}</Table.Td>
      <Table.Td className={`${classes.numeric} ${classes.deliveryCell}`}>
        <DeliveryTime days={item.delivery} probability={item.delivery_probability} stacked />
        <DeliveryStats stats={item.delivery_stats} />
      </Table.Td>
      <Table.Td className={item.quantity > 0 ? classes.numeric : `${classes.numeric} ${classes.dimmed}`}>
        {formatStock(item.quantity)}
      </Table.Td>
      <Table.Td className={`${classes.numeric} ${classes.price}`}>
        {formatRoubles(item.price)}
        <StaleMark item={item} />
        <NoReturnMark noReturn={item.no_return} className={classes.staleMark} />
      </Table.Td>
      <Table.Td className={`${classes.large} ${classes.numeric}`}>{formatWeight(item.weight)}</Table.Td>
      <Table.Td className={classes.basketCell}>
        <AddToBasket
          offerId={item.id}
          stock={item.quantity}
          part={`${item.brand_name} ${item.article}`}
          analogOf={analogOf}
          compact
        />
      </Table.Td>
    </Table.Tr>
  );
}

function OfferCard({ item, extra, analogOf }: { item: SearchItem; extra: boolean; analogOf?: AnalogOf }) {
  const facts: Fact[] = [
    [
      'Срок',
      <span key="delivery">
        <DeliveryTime days={item.delivery} probability={item.delivery_probability} />
        <DeliveryStats stats={item.delivery_stats} />
      </span>,
    ],
    ['Наличие', formatStock(item.quantity)],
    ...(item.weight !== null ? [['Вес', formatWeight(item.weight)] as const] : []),
  ];
  return (
    <article
      className={classes.card}
      data-extra={extra || undefined}
      aria-label={`${item.brand_name} ${item.article}, ${formatRoubles(item.price)}`}
    >
      <h3 className={classes.cardTitle}>
        {item.brand_name} <span className={classes.mono}>{item.article}</span>
      </h3>
      <div className={classes.cardPrice}>
        {formatRoubles(item.price)}
        <StaleMark item={item} />
        <NoReturnMark noReturn={item.no_return} className={classes.staleMark} />
      </div>
      {item.description ? <div className={classes.cardDescription}>{item.description}</div> : null}
      <AnalogStats item={item} />
      <FactList facts={facts} className={classes.cardFacts} />
      <div className={classes.cardSupplier}>{item.supplier_name ?? ''}</div>
      <div className={classes.cardBasket}>
        <AddToBasket
          offerId={item.id}
          stock={item.quantity}
          part={`${item.brand_name} ${item.article}`}
          analogOf={analogOf}
          compact
        />
      </div>
    </article>
  );
}

/** How often this analog was bought for the part searched, and sent back as not fitting (issue 32). */
function AnalogStats({ item }: { item: SearchItem }) {
  if (!item.analog_stats || item.analog_stats.purchases === 0) return null;
  const { purchases, returns } = item.analog_stats;
  return (
    <span className={classes.subline} data-testid="analog-stats">
      куплено {purchases} {pluralRu(purchases, 'раз', 'раза', 'раз')}, возвратов {returns}
    </span>
  );
}
