import { Anchor, Card, SimpleGrid, Stack, Title } from '../../ui/index.ts';
import type { CatalogGroup } from '@detal/contract';
import { Link } from 'react-router';
import { groupPath } from './group-tree.ts';
import classes from './catalog.module.css';

/** A group's sub-groups as a nested list of links (the deeper levels indented). */
function SubGroups({ groups, depth }: { groups: CatalogGroup[]; depth: number }) {
  if (groups.length === 0) return null;
  return (
    <Stack component="ul" gap={4} className={depth > 0 ? classes.subgroups : undefined}>
      {groups.map((group) => (
        <li key={group.id}>
          <Anchor component={Link} to={groupPath(group)} size="sm" className={classes.groupLink}>
            {group.name}
          </Anchor>
          <SubGroups groups={group.children} depth={depth + 1} />
        </li>
      ))}
    </Stack>
  );
}

interface GroupTreeProps {
  groups: CatalogGroup[];
  /** Heading level of each top group's name. */
  headingOrder: 2 | 3;
  /** Columns at full width (the home page's column is narrower than the catalogue page). */
  columns?: number;
}

/** The catalogue as cards: each top group with its sub-groups listed under it. */
export function GroupTree({ groups, headingOrder, columns = 3 }: GroupTreeProps) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, lg: columns }} spacing="md" verticalSpacing="md">
      {groups.map((group) => (
        <Card key={group.id} withBorder radius="md" padding="md" component="section" aria-label={group.name}>
          <Title order={headingOrder} className={classes.groupTitle}>
            <Anchor component={Link} to={groupPath(group)} inherit>
              {group.name}
            </Anchor>
          </Title>
          <SubGroups groups={group.children} depth={0} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
