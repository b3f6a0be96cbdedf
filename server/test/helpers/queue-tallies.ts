import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../src/db/index.ts';

/** The queue's tallies (decision 0059) beside the waiting lines counted one by one, per supplier and status. */
export async function talliesAgainstLines(db: DbExecutor) {
  const result = await db.execute<{ supplier_id: number | null; status: string; tallied: string; counted: string }>(sql`
    with tallied as (
      select supplier_id, status, sum(lines) as lines, sum(quantity) as quantity, sum(purchase_kopecks) as kopecks
        from purchase_queue_tallies group by supplier_id, status
    ), counted as (
      select i.supplier_id, i.status, count(*) as lines, sum(i.quantity) as quantity,
             sum(i.quantity * round(coalesce(i.purchase_price, 0) * 100)) as kopecks
        from order_items i
       where i.status in ('new', 'in_work', 'supplier_refused')
         and not exists (select 1 from supplier_order_lines l where l.order_item_id = i.id and l.released_at is null)
       group by i.supplier_id, i.status
    )
    select coalesce(t.supplier_id, c.supplier_id) as supplier_id, coalesce(t.status, c.status) as status,
           coalesce(t.lines, 0) || '/' || coalesce(t.quantity, 0) || '/' || coalesce(t.kopecks, 0) as tallied,
           coalesce(c.lines, 0) || '/' || coalesce(c.quantity, 0) || '/' || coalesce(c.kopecks, 0) as counted
      from tallied t full join counted c
        on t.supplier_id is not distinct from c.supplier_id and t.status = c.status
     -- A (supplier, status) whose tallies add up to nothing and no line counts is no row (folding drops it).
     where c.lines is not null or t.lines <> 0 or t.quantity <> 0 or t.kopecks <> 0
     order by 1, 2`);
  return result.rows;
}
