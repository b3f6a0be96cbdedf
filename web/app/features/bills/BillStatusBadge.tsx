import { Badge } from '../../ui/index.ts';
import { billStatusText } from '@detal/contract/browser';

/** 'Оплачен' (green) or 'Ждем оплаты' (orange), spec section 4. */
export function BillStatusBadge({ paid }: { paid: boolean }) {
  return (
    <Badge
      color={paid ? 'green' : 'orange'}
      variant="light"
      radius="sm"
      textCase="as-written"
      weight={600}
      size="md"
      // The status is never cut to "Ждем о…": the badge keeps its text's width in a narrow table column.
      style={{ flexShrink: 0 }}
    >
      {billStatusText(paid)}
    </Badge>
  );
}
