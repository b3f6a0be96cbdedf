import { Anchor } from '../../ui/index.ts';
import type { CatalogGroup } from '@detal/contract';
import { Link } from 'react-router';
import { groupPath } from './group-tree.ts';
import classes from './GroupTree.module.css';

/** A group's sub-groups as a nested list of links (the deeper levels indented). */
function SubGroups({ groups, depth }: { groups: CatalogGroup[]; depth: number }) {
  if (groups.length === 0) return null;
  return (
    <ul className={depth > 0 ? `${classes.subGroups} ${classes.nested}` : classes.subGroups}>
      {groups.map((group) => (
        <li key={group.id}>
          <Link to={groupPath(group)} className={classes.subLink}>
            {group.name}
          </Link>
          <SubGroups groups={group.children} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

interface GroupTreeProps {
  groups: CatalogGroup[];
  /** Heading level of each top group's name. */
  headingOrder: 2 | 3;
  /** Columns at full width (the home page's column is narrower than the catalogue page). */
  columns?: 2 | 3;
}

/** The catalogue as cards: each top group with its sub-groups listed under it. */
export function GroupTree({ groups, headingOrder, columns = 3 }: GroupTreeProps) {
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  return (
    <div className={columns === 3 ? `${classes.grid} ${classes.threeColumns}` : classes.grid}>
      {groups.map((group) => (
        <section key={group.id} className={classes.card} aria-label={group.name}>
          <Heading className={headingOrder === 2 ? `${classes.heading} ${classes.heading2}` : classes.heading}>
            <Anchor component={Link} to={groupPath(group)} inherit>
              {group.name}
            </Anchor>
          </Heading>
          <SubGroups groups={group.children} depth={0} />
        </section>
      ))}
    </div>
  );
}
