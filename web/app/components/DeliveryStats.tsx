import type { DeliveryStats as Stats } from '@detal/contract';
import { formatDeliveryStats, pluralRu } from '@detal/contract/browser';
import classes from './DeliveryStats.module.css';

/**
 * «обычно 4 дн., вовремя 92 %» under an offer's delivery time (issue 33, decision 0068): the supplier's median days
 * and on-time share from the shop's own orders, titled with the number of lines they are over. Nothing below the
 * shop's minimum of lines (`stats` null).
 */
export function DeliveryStats({ stats }: { stats: Stats | null | undefined }) {
  const text = formatDeliveryStats(stats);
  if (!stats || text === null) return null;
  return (
    <span
      className={classes.stats}
      title={`По ${stats.lines} ${pluralRu(stats.lines, 'позиции', 'позициям', 'позициям')}, заказанным магазином у этого поставщика`}
      data-delivery-stats
    >
      {text}
    </span>
  );
}
