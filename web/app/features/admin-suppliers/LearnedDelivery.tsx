import { Text } from '@mantine/core';
import type { SupplierDeliveryFigures } from '@detal/contract';
import { formatDateTime, pluralRu } from '@detal/contract/browser';

/**
 * (issue 33, decision 0068) What the supplier really did over the shop's window, as the hourly refresh last
 * computed it: what the owner looks at before switching its offers to the learned days or probability.
 */
export function LearnedDelivery({ figures }: { figures: SupplierDeliveryFigures | null }) {
  if (figures === null) {
    return (
      <Text size="xs" c="dimmed" data-learned-delivery="none">
        По истории заказов: заказов у поставщика за окно ещё нет (пересчёт раз в час).
      </Text>
    );
  }
  const lines = figures.delivered_lines + figures.late_open_lines;
  const days = (value: number | null) => (value === null ? '—' : `${value} дн.`);
  const percent = (value: number | null) => (value === null ? '—' : `${value} %`);
  return (
    <Text size="xs" data-learned-delivery={figures.enough ? 'enough' : 'below-minimum'}>
      По истории заказов ({lines} {pluralRu(lines, 'позиция', 'позиции', 'позиций')}, пересчитано{' '}
      {formatDateTime(figures.computed_at)}): обычно {days(figures.median_days)}, 80 % — за {days(figures.p80_days)}, 90
      % — за {days(figures.p90_days)}; вовремя {percent(figures.on_time_percent)}; отказы{' '}
      {percent(figures.refusal_percent)}.
      {figures.enough ? null : ' Меньше минимума: клиенты этого не видят, действуют введённые срок и вероятность.'}
    </Text>
  );
}
