import { useRouteLoaderData } from 'react-router';
import { formatDate, formatDelivery, formatReadyDay, readyDayBy, shopToday } from '@detal/contract/browser';
import type { DeliveryCalendar, Template } from '@detal/contract';
import { DeliveryProbability } from './DeliveryProbability.tsx';
import classes from './DeliveryTime.module.css';

/**
 * The shop's working calendar with the server's «now», from the template every page loads (root loader): a page
 * rendered on the server and hydrated in the browser dates delivery from the same moment. Null when the template
 * call failed: the days then show alone.
 */
export function useDeliveryCalendar(): DeliveryCalendar | null {
  return useRouteLoaderData<{ template?: Template | null }>('root')?.template?.delivery_calendar ?? null;
}

/**
 * «сегодня», «завтра» or «к 28 ноября» for a ready day, titled with its full date. Beside the days, or on a line of
 * its own (`block`); a page may move it by `[data-ready-day]` (the search table puts it beside the days when wide).
 */
export function ReadyDay({
  day,
  calendar,
  block = false,
}: {
  day: string;
  calendar: DeliveryCalendar;
  block?: boolean;
}) {
  return (
    <span
      className={block ? `${classes.readyDay} ${classes.block}` : classes.readyDay}
      title={`Ожидаемая готовность: ${formatDate(day)}`}
      data-ready-day={day}
    >
      {formatReadyDay(day, shopToday(calendar))}
    </span>
  );
}

interface DeliveryTimeProps {
  days: number | null;
  /** The supplier's delivery probability beside it (search, basket, checkout); omitted where it is not shown. */
  probability?: number | null;
  /** False for a placed order: its days were counted from when it was placed, not from now. */
  dated?: boolean;
  /** The ready day on a line of its own under the days (a narrow table column). */
  stacked?: boolean;
}

/** A delivery time: «3 дн.», the day it is expected («к 28 ноября») and the supplier's probability («90 %»). */
export function DeliveryTime({ days, probability, dated = true, stacked = false }: DeliveryTimeProps) {
  const calendar = useDeliveryCalendar();
  const ready = dated && calendar ? readyDayBy(calendar, days) : null;
  const readyDay = ready && calendar ? <ReadyDay day={ready} calendar={calendar} block={stacked} /> : null;
  return (
    <>
      <span className={classes.days}>{formatDelivery(days)}</span>
      {stacked ? null : readyDay}
      <DeliveryProbability percent={probability} />
      {stacked ? readyDay : null}
    </>
  );
}
