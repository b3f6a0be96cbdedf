import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { fromKopecks, toKopecks, type AdminBill, type BillState } from '@detal/contract';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor } from '../../db/index.ts';
import { bills, clients, payments } from '../../db/schema/index.ts';

/*
 * Bills as the back office sees them (issue 14): with what their payments add up to, and the staff's bill list.
 * The paid sum and state read the payments table (owned by modules/payments, which sits above bills and keeps
 * `bills.paid` in step with it): the bill's own view of the money received, so that bills imports no module.
 */

/** What a bill's payments add up to (decimal text). */
const paidSumOf = sql<string>`(select coalesce(sum(${payments.amount}), 0)::text from ${payments}
  where ${payments.billId} = ${bills.id})`;

export const clientNameOf = sql<string>`trim(${clients.lastName} || ' ' || ${clients.firstName} || ' ' ||
  coalesce(${clients.middleName}, ''))`;

export interface AdminBillRow {
  id: number;
  orderId: number;
  clientId: number;
  clientName: string;
  dateBill: Date;
  priceSum: string;
  paidSum: string;
  paid: boolean;
  paidAt: Date | null;
}

export function billStateOf(priceKopecks: number, paidKopecks: number): BillState {
  if (paidKopecks >= priceKopecks) return 'paid';
  return paidKopecks > 0 ? 'partly_paid' : 'unpaid';
}

export function toAdminBill(row: AdminBillRow): AdminBill {
  const price = toKopecks(row.priceSum);
  const paid = toKopecks(row.paidSum);
  return {
    id: row.id,
    order_id: row.orderId,
    client_id: row.clientId,
    client_name: row.clientName,
    date_bill: row.dateBill.toISOString(),
    price_sum: fromKopecks(price),
    paid_sum: fromKopecks(paid),
    remaining: fromKopecks(Math.max(0, price - paid)),
    // The stored flag is what the client sees; it is kept equal to "covered" by every payment write.
    state: row.paid ? 'paid' : billStateOf(price, paid),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

export const adminBillColumns = {
  id: bills.id,
  orderId: bills.orderId,
  clientId: bills.clientId,
  clientName: clientNameOf,
  dateBill: bills.dateBill,
  priceSum: bills.priceSum,
  paidSum: paidSumOf,
  paid: bills.paid,
  paidAt: bills.paidAt,
};

export interface BillFilter {
  state?: BillState | null;
  billId?: number | null;
  clientId?: number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
}

const hasPayments = sql`exists (select 1 from ${payments} where ${payments.billId} = ${bills.id})`;

function billConditions(filter: BillFilter, timeZone: string): SQL | undefined {
  const state: Record<BillState, SQL> = {
    paid: sql`${bills.paid}`,
    partly_paid: sql`not ${bills.paid} and ${hasPayments}`,
    unpaid: sql`not ${bills.paid} and not ${hasPayments}`,
  };
  return and(
    filter.state ? state[filter.state] : undefined,
    filter.billId != null ? eq(bills.id, filter.billId) : undefined,
    filter.clientId != null ? eq(bills.clientId, filter.clientId) : undefined,
    ...withinDays(bills.dateBill, filter.dateFrom, filter.dateTo, timeZone),
  );
}

export async function countAdminBills(db: DbExecutor, filter: BillFilter, timeZone: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(bills).where(billConditions(filter, timeZone));
  return row?.total ?? 0;
}

export async function listAdminBills(
  db: DbExecutor,
  filter: BillFilter,
  timeZone: string,
  limit: number,
  offset: number,
): Promise<AdminBill[]> {
  const rows = await db
    .select(adminBillColumns)
    .from(bills)
    .innerJoin(clients, eq(clients.id, bills.clientId))
    .where(billConditions(filter, timeZone))
    .orderBy(desc(bills.dateBill), desc(bills.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toAdminBill);
}
