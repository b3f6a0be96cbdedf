import { Anchor, Table, type MantineFontSize } from '@mantine/core';
import { Link } from 'react-router';

/**
 * A column header that sorts its list by the column, highest first (the sort is in the URL, so a sorted list is a
 * link): the current one bold with «↓» and `aria-sort`.
 */
export function SortHeader({
  sort,
  active,
  to,
  label,
  fz,
  className,
}: {
  /** The sort's name in the URL, on the link as `data-sort`. */
  sort: string;
  active: boolean;
  to: string;
  label: string;
  fz: MantineFontSize;
  className?: string;
}) {
  return (
    <Table.Th ta="right" aria-sort={active ? 'descending' : undefined}>
      <Anchor component={Link} to={to} fz={fz} fw={active ? 700 : 500} className={className} data-sort={sort}>
        {label}
        {active ? ' ↓' : ''}
      </Anchor>
    </Table.Th>
  );
}
