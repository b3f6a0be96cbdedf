import { Anchor, Text } from '../../ui/index.ts';
import classes from './Crumbs.module.css';
import { Link } from 'react-router';

export interface Crumb {
  title: string;
  /** Absent for the page itself (the last crumb). */
  to?: string;
}

/** Where a page sits: links up to the home page, the page itself last and unlinked. Crumbs wrap on phones. */
export function Crumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Навигационная цепочка">
      <ol className={classes.crumbs}>
        {items.map((item) => (
          <li key={item.to ?? 'current'} className={classes.crumb}>
            {item.to ? (
              <Anchor component={Link} to={item.to} size="sm">
                {item.title}
              </Anchor>
            ) : (
              <Text span size="sm" tone="muted" aria-current="page">
                {item.title}
              </Text>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
