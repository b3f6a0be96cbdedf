import { VisuallyHidden } from '../ui/index.ts';
import { deliveryProbabilityLabel, formatProbability } from '@detal/contract/browser';
import classes from './DeliveryTime.module.css';

/**
 * A supplier's delivery probability beside a delivery time: «90 %», titled «Вероятность поставки 90 %» (the
 * title for a pointer, the same words hidden in the text for a screen reader). Nothing when the shop states none.
 */
export function DeliveryProbability({ percent }: { percent: number | null | undefined }) {
  const shown = formatProbability(percent);
  const label = deliveryProbabilityLabel(percent);
  if (shown === null || label === null) return null;
  // A plain span with a class rather than the kit's Text: a result page has one per offer, twice (table and card),
  // and Text's inline style was a fifth of each one's markup.
  return (
    <span className={classes.probability} title={label} data-delivery-probability={percent}>
      <VisuallyHidden component="span">Вероятность поставки </VisuallyHidden>
      {shown}
    </span>
  );
}
