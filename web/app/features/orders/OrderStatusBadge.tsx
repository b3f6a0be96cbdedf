import { Badge } from '../../ui/index.ts';
import type { OrderStatus } from '@detal/contract';

/** A colour per stage: blue while the shop works on it, green when it can be collected, grey once done. */
const STATUS_COLORS: Readonly<Record<OrderStatus, string>> = {
  new: 'blue',
  in_work: 'indigo',
  ordered: 'violet',
  in_transit: 'cyan',
  supplier_refused: 'orange',
  ready: 'green',
  issued: 'gray',
  canceled: 'red',
};

/** The status of an order or a line, by its Russian name from the API. */
export function OrderStatusBadge({ status, name }: { status: OrderStatus; name: string }) {
  return (
    // Never cut short: the name is the information (the badge keeps its width and its neighbours wrap instead).
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" tt="none" maw="none" style={{ flexShrink: 0 }}>
      {name}
    </Badge>
  );
}
