import type { CatalogGroup } from '@detal/contract';
import { paths } from '../../paths.ts';

/** A group's address in the shop: its slug, or its id when the catalogue gives no slug (an external service). */
export const groupKey = (group: CatalogGroup): string => group.slug ?? String(group.id);

export const groupPath = (group: CatalogGroup): string => paths.catalogGroup(groupKey(group));

/** The group with that key and its ancestors from the root down (itself last), or null when there is none. */
export function findGroup(tree: readonly CatalogGroup[], key: string): CatalogGroup[] | null {
  for (const group of tree) {
    if (groupKey(group) === key) return [group];
    const below = findGroup(group.children, key);
    if (below) return [group, ...below];
  }
  return null;
}

/** Every group of the tree, parents before their children. */
export function allGroups(tree: readonly CatalogGroup[]): CatalogGroup[] {
  return tree.flatMap((group) => [group, ...allGroups(group.children)]);
}
