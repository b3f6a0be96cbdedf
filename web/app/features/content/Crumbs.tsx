import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface Crumb {
  title: string;
  /** Absent for the page itself (the last crumb). */
  to?: string;
}

/** Where a page sits: links up to the home page, the page itself last and unlinked. */
export function Crumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Навигационная цепочка">
      {/* Crumbs wrap (Mantine keeps each on one line): a long news title must not widen a phone's page. */}
      <Breadcrumbs
        separator="›"
        separatorMargin={6}
        mb="sm"
        style={{ rowGap: 4 }}
        styles={{ breadcrumb: { whiteSpace: 'normal', lineHeight: 1.4, minWidth: 0 } }}
      >
        {items.map((item) =>
          item.to ? (
            <Anchor key={item.to} component={Link} to={item.to} size="sm">
              {item.title}
            </Anchor>
          ) : (
            <Text key="current" size="sm" c="gray.7" aria-current="page">
              {item.title}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}
