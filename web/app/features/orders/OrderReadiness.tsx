import { Text } from '../../ui/index.ts';
import { formatDate, formatReadyDay, latestReadyDay, readyDayBy, shopToday } from '@detal/contract/browser';
import { useDeliveryCalendar } from '../../components/DeliveryTime.tsx';
import classes from './orders.module.css';

/**
 * «Заказ будет готов к 28 ноября»: the expected ready day of the order being placed, its latest line's (a line of
 * unknown delivery leaves the day to the manager). Counted from the server's «now» with the shop's calendar, as
 * every line's day is; nothing when the template (and with it the calendar) could not be read.
 */
export function OrderReadiness({ deliveries }: { deliveries: readonly (number | null)[] }) {
  const calendar = useDeliveryCalendar();
  if (!calendar) return null;
  const ready = latestReadyDay(deliveries.map((days) => readyDayBy(calendar, days)));
  return (
    <Text size="sm" data-testid="order-ready" data-ready-day={ready ?? undefined}>
      {ready === null ? (
        'Срок готовности заказа уточнит менеджер'
      ) : (
        <>
          Заказ будет готов{' '}
          <Text component="span" weight={700} className={classes.readyDay} title={formatDate(ready)}>
            {formatReadyDay(ready, shopToday(calendar))}
          </Text>
        </>
      )}
    </Text>
  );
}
