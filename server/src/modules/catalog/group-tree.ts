import type { CatalogGroup } from '@detal/contract';

export interface GroupRow {
  id: number;
  parentId: number | null;
  slug: string;
  name: string;
}

/**
 * The group forest of flat rows. Siblings keep the order of `rows` (the query sorts them by position), so the
 * caller decides the order once. A row whose parent is missing from `rows` cannot occur (a foreign key with
 * cascading delete), and is shown as a root rather than lost.
 */
export function buildGroupTree(rows: readonly GroupRow[]): CatalogGroup[] {
  const nodes = new Map<number, CatalogGroup>();
  for (const row of rows)
    nodes.set(row.id, { id: row.id, slug: row.slug, name: row.name, parent_id: row.parentId, children: [] });

  const roots: CatalogGroup[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
