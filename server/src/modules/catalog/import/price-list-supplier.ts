import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { countOf } from './count-of.ts';

/** The supplier whose offers an import replaces, locked for the import's transaction. */
export interface Supplier {
  id: number;
  defaultDeliveryDays: number;
  created: boolean;
}

// Two imports of one supplier at a time would interleave their replacements; the second waits for the first.
const importLockClass = 0x44_54_4c; // any fixed int4: the advisory lock's class, with the supplier id as key

/** Finds or creates the supplier, sets its default delivery time when given, and takes its import lock. */
export async function lockSupplier(tx: Db, name: string, defaultDeliveryDays: number | undefined): Promise<Supplier> {
  const inserted = await tx.execute<{ id: number }>(
    sql`insert into suppliers (name, default_delivery_days) values (${name}, ${defaultDeliveryDays ?? 0}::int)
        on conflict (name) do nothing returning id`,
  );
  if (defaultDeliveryDays !== undefined && inserted.rows.length === 0) {
    await tx.execute(
      sql`update suppliers set default_delivery_days = ${defaultDeliveryDays}::int where name = ${name}`,
    );
  }
  const found = await tx.execute<{ id: number; default_delivery_days: number }>(
    sql`select id, default_delivery_days from suppliers where name = ${name}`,
  );
  const row = found.rows[0];
  if (!row) throw new Error(`Supplier ${name} could not be created`);
  await tx.execute(sql`select pg_advisory_xact_lock(${importLockClass}::int, ${row.id}::int)`);
  return { id: row.id, defaultDeliveryDays: row.default_delivery_days, created: inserted.rows.length > 0 };
}

/** Whether the locked supplier has an offer (a supplier created by this import has none). */
export async function lockedSupplierHasOffers(tx: Db, supplier: Supplier): Promise<boolean> {
  if (supplier.created) return false;
  const found = await countOf(
    tx,
    sql`select count(*)::int as count from (select 1 from offers where supplier_id = ${supplier.id} limit 1) o`,
  );
  return found > 0;
}

/** Whether the supplier of that name has an offer, before any lock: a guess the locked transaction confirms. */
export async function supplierHasOffers(db: Db, name: string): Promise<boolean> {
  const found = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from offers o join suppliers s on s.id = o.supplier_id where s.name = ${name}) as found`);
  return found.rows[0]?.found ?? false;
}
