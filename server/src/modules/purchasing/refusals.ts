import type { Tx } from '../../db/index.ts';
import { supplierRefusals } from '../../db/schema/index.ts';

/** The refusals told, each with the client line that now carries the refused pieces (decision 0049). */
export async function insertRefusals(tx: Tx, rows: readonly (typeof supplierRefusals.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(supplierRefusals).values([...rows]);
}
