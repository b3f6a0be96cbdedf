import { Badge } from '../../ui/index.ts';
import type { OrderStatus } from '@detal/contract';
import type { PaletteName } from '../../design/tokens.ts';

/**
 * A colour per stage: blue while the shop works on it, grey while ordered, teal on its way, orange when a supplier
 * refused it, green when it can be collected, dark once done. Only the design tokens' palettes (indigo, violet and
 * cyan are none: the kit drew them as dark fills with black text, black on purple).
 */
const STATUS_COLORS: Readonly<Record<OrderStatus, PaletteName>> = {
  new: 'blue',
  in_work: 'blue',
  ordered: 'gray',
  in_transit: 'teal',
  supplier_refused: 'orange',
  ready: 'green',
  issued: 'dark',
  canceled: 'red',
};

/** The status of an order or a line, by its Russian name from the API. */
export function OrderStatusBadge({ status, name }: { status: OrderStatus; name: string }) {
  return (
    // Never cut short: the name is the information (the badge keeps its width and its neighbours wrap instead).
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" textCase="as-written" style={{ flexShrink: 0 }}>
      {name}
    </Badge>
  );
}
