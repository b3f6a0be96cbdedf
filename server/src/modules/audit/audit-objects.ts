import type { DbExecutor } from '../../db/index.ts';

/**
 * What the audit log shows for the object of a row: «Иванов Иван», «KNECHT OC 90, заказ № 12», rather than
 * «Клиент № 2» (issue 26). Each module that writes audit rows about its own rows reads their names itself, with
 * its own SQL, through one of these readers; the app hands them to the log by entity kind, so the staff module
 * reads no other module's tables. This module sits below every other (decision 0042): a module that names its
 * rows imports it, never the staff module above it.
 */
export interface AuditObject {
  label: string;
  /** The order the object belongs to (a line, a bill), for a link to the order's screen; null for none. */
  orderId: number | null;
}

/** The objects of one entity kind by their ids; an id not found (a row since removed) is simply left out. */
export type AuditObjectReader = (db: DbExecutor, ids: readonly number[]) => Promise<Map<number, AuditObject>>;

export type AuditObjectReaders = Readonly<Record<string, AuditObjectReader>>;

/** Rows of `id, label[, order_id]` as a reader's answer. */
export const auditObjectsOf = (
  rows: readonly { id: number | string; label: string; orderId?: number | null }[],
): Map<number, AuditObject> =>
  new Map(rows.map((row) => [Number(row.id), { label: row.label, orderId: row.orderId ?? null }]));

/** The objects named by a page of rows, one query per entity kind that has a reader. */
export async function readAuditObjects(
  db: DbExecutor,
  readers: AuditObjectReaders,
  rows: readonly { entity: string; entityId: string | null }[],
): Promise<Map<string, AuditObject>> {
  const idsByEntity = new Map<string, Set<number>>();
  for (const row of rows) {
    if (row.entityId === null || !/^\d{1,15}$/.test(row.entityId) || !Object.hasOwn(readers, row.entity)) continue;
    const ids = idsByEntity.get(row.entity) ?? new Set<number>();
    ids.add(Number(row.entityId));
    idsByEntity.set(row.entity, ids);
  }
  const found = new Map<string, AuditObject>();
  await Promise.all(
    [...idsByEntity].map(async ([entity, ids]) => {
      for (const [id, object] of await readers[entity]!(db, [...ids])) found.set(`${entity}:${id}`, object);
    }),
  );
  return found;
}
