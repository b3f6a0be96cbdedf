import { Badge } from '@mantine/core';
import { billStatusText } from '@detal/contract';

/** 'Оплачен' (green) or 'Ждем оплаты' (orange), spec section 4. */
export function BillStatusBadge({ paid }: { paid: boolean }) {
  return (
    <Badge
      color={paid ? 'green' : 'orange'}
      variant="light"
      radius="sm"
      tt="none"
      fw={600}
      size="md"
      // The status is never cut to "Ждем о…": the badge keeps its text's width in a narrow table column.
      styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}
    >
      {billStatusText(paid)}
    </Badge>
  );
}
