import { Badge, Table, Tooltip, VisuallyHidden } from '../../ui/index.ts';
import { formatRoubles } from '@detal/contract/browser';
import type { SearchItem } from '@detal/contract';
import type { ReactNode } from 'react';
import { AddToBasket } from '../basket/AddToBasket.tsx';
import { DeliveryTime } from '../../components/DeliveryTime.tsx';
import { formatStock, formatWeight } from './search-text.ts';
import classes from './search.module.css';

interface OfferListProps {
  items: readonly SearchItem[];
  /** Names the table and the cards for assistive technology: 'Предложения KNECHT OC 90', 'Аналоги'. */
  label: string;
}

/**
 * Offers in the three sizes of the spec: the large table (>= lg) has every column; the middle one (>= md) puts
 * the brand over the article and the supplier under the description and leaves the weight out; below md each
 * offer is a card.
 */
export function OfferList({ items, label }: OfferListProps) {
  return (
    <>
      <div className={classes.tableView}>
        <Table className={classes.table} verticalSpacing={6} horizontalSpacing="xs" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={`${classes.large} ${classes.colBrand}`}>Бренд</Table.Th>
              <Table.Th className={`${classes.large} ${classes.colArticle}`}>Артикул</Table.Th>
              <Table.Th className={`${classes.middle} ${classes.colBrandArticle}`}>Бренд, артикул</Table.Th>
              <Table.Th>Описание</Table.Th>
              <Table.Th className={`${classes.large} ${classes.colSupplier}`}>Поставщик</Table.Th>
              <Table.Th className={`${classes.numeric} ${classes.colDelivery}`}>Срок</Table.Th>
              <Table.Th className={`${classes.numeric} ${classes.colStock}`}>Наличие</Table.Th>
              <Table.Th className={`${classes.numeric} ${classes.colPrice}`}>Цена</Table.Th>
              <Table.Th className={`${classes.large} ${classes.numeric} ${classes.colWeight}`}>Вес</Table.Th>
              <Table.Th className={classes.basketCell}>
                <VisuallyHidden>В корзину</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <OfferRow key={item.id} item={item} />
            ))}
          </Table.Tbody>
        </Table>
      </div>
      <div className={classes.cardView}>
        {items.map((item) => (
          <OfferCard key={item.id} item={item} />
        ))}
      </div>
    </>
  );
}

const STALE_HINT = 'Поставщик давно не обновлял прайс-лист: цена и наличие могут быть неточными';

/** «Прайс устарел»: the offer's supplier list is older than the shop allows (search item `stale`, decision 0025). */
function StaleMark({ item }: { item: SearchItem }) {
  if (!item.stale) return null;
  return (
    <Tooltip label={STALE_HINT} multiline w={260} withArrow>
      <Badge color="orange" variant="light" size="xs" ml={4} tabIndex={0} aria-label={`Прайс устарел. ${STALE_HINT}`}>
        Прайс устарел
      </Badge>
    </Tooltip>
  );
}

function OfferRow({ item }: { item: SearchItem }) {
  return (
    <Table.Tr>
      <Table.Td className={`${classes.large} ${classes.brandCell}`}>{item.brand_name}</Table.Td>
      <Table.Td className={`${classes.large} ${classes.articleCell}`}>{item.article}</Table.Td>
      <Table.Td className={classes.middle}>
        <span className={classes.brandCell}>{item.brand_name}</span>
        <span className={`${classes.subline} ${classes.articleCell}`}>{item.article}</span>
      </Table.Td>
      <Table.Td>
        {item.description}
        <span className={`${classes.middle} ${classes.subline}`}>{item.supplier_name ?? ''}</span>
      </Table.Td>
      <Table.Td className={classes.large}>{item.supplier_name ?? '-'}</Table.Td>
      <Table.Td className={classes.numeric}>
        <DeliveryTime days={item.delivery} probability={item.delivery_probability} stacked />
      </Table.Td>
      <Table.Td className={classes.numeric} c={item.quantity > 0 ? undefined : 'dimmed'}>
        {formatStock(item.quantity)}
      </Table.Td>
      <Table.Td className={`${classes.numeric} ${classes.price}`}>
        {formatRoubles(item.price)}
        <StaleMark item={item} />
      </Table.Td>
      <Table.Td className={`${classes.large} ${classes.numeric}`}>{formatWeight(item.weight)}</Table.Td>
      <Table.Td className={classes.basketCell}>
        <AddToBasket offerId={item.id} stock={item.quantity} part={`${item.brand_name} ${item.article}`} compact />
      </Table.Td>
    </Table.Tr>
  );
}

function OfferCard({ item }: { item: SearchItem }) {
  const facts: [string, ReactNode][] = [
    ['Срок', <DeliveryTime key="delivery" days={item.delivery} probability={item.delivery_probability} />],
    ['Наличие', formatStock(item.quantity)],
    ...(item.weight !== null ? [['Вес', formatWeight(item.weight)] as [string, ReactNode]] : []),
  ];
  return (
    <article className={classes.card} aria-label={`${item.brand_name} ${item.article}, ${formatRoubles(item.price)}`}>
      <h3 className={classes.cardTitle}>
        {item.brand_name} <span className={classes.mono}>{item.article}</span>
      </h3>
      <div className={classes.cardPrice}>
        {formatRoubles(item.price)}
        <StaleMark item={item} />
      </div>
      {item.description ? <div className={classes.cardDescription}>{item.description}</div> : null}
      <dl className={classes.cardFacts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className={classes.cardSupplier}>{item.supplier_name ?? ''}</div>
      <div className={classes.cardBasket}>
        <AddToBasket offerId={item.id} stock={item.quantity} part={`${item.brand_name} ${item.article}`} compact />
      </div>
    </article>
  );
}
