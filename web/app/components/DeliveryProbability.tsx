import { Text, VisuallyHidden } from '../ui/index.ts';
import { deliveryProbabilityLabel, formatProbability } from '@detal/contract/browser';

/**
 * A supplier's delivery probability beside a delivery time: «90 %», titled «Вероятность поставки 90 %» (the
 * title for a pointer, the same words hidden in the text for a screen reader). Nothing when the shop states none.
 */
export function DeliveryProbability({ percent }: { percent: number | null | undefined }) {
  const shown = formatProbability(percent);
  const label = deliveryProbabilityLabel(percent);
  if (shown === null || label === null) return null;
  return (
    <Text
      component="span"
      size="xs"
      c="gray.7"
      ml={6}
      title={label}
      data-delivery-probability={percent}
      style={{ whiteSpace: 'nowrap' }}
    >
      <VisuallyHidden component="span">Вероятность поставки </VisuallyHidden>
      {shown}
    </Text>
  );
}
