import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { fromKopecks, toKopecks, type AdminBill, type Payment, type PaymentSource } from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { bills, clients, payments, staff } from '../../db/schema/index.ts';
import { adminBillColumns, clientNameOf, toAdminBill } from '../bills/admin-queries.ts';

/** The payments module owns `payments` and keeps `bills.paid` / `bills.paid_at` as the flag derived from them. */

export async function findAdminBill(db: DbExecutor, billId: number): Promise<AdminBill | null> {
  const [row] = await db
    .select(adminBillColumns)
    .from(bills)
    .innerJoin(clients, eq(clients.id, bills.clientId))
    .where(eq(bills.id, billId));
  return row ? toAdminBill(row) : null;
}

export interface PaymentInsert {
  billId: number;
  amount: string;
  paidOn: string;
  reference: string;
  source: PaymentSource;
  statementKey: string | null;
  staffId: number | null;
  createdAt: Date;
}

/** Inserts the payment; null when a payment of that statement document exists already (the unique index). */
export async function insertPayment(tx: Tx, values: PaymentInsert): Promise<number | null> {
  const rows = await tx
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.statementKey })
    .returning({ id: payments.id });
  return rows[0]?.id ?? null;
}

/** The bill a statement document was recorded against, or null. */
export async function findStatementPayments(db: DbExecutor, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: payments.statementKey, billId: payments.billId })
    .from(payments)
    .where(inArray(payments.statementKey, [...keys]));
  return new Map(rows.map((row) => [row.key!, row.billId]));
}

/** Removes the payments the command line recorded against a bill (bill-paid --unpaid); answers their sum. */
export async function deleteCliPayments(tx: Tx, billId: number): Promise<{ id: number; amount: string }[]> {
  return tx
    .delete(payments)
    .where(and(eq(payments.billId, billId), eq(payments.source, 'cli')))
    .returning({ id: payments.id, amount: payments.amount });
}

const paymentColumns = {
  id: payments.id,
  billId: payments.billId,
  orderId: bills.orderId,
  clientId: bills.clientId,
  clientName: clientNameOf,
  amount: payments.amount,
  paidOn: payments.paidOn,
  reference: payments.reference,
  source: payments.source,
  staffEmail: staff.email,
  createdAt: payments.createdAt,
};

type PaymentRow = {
  id: number;
  billId: number;
  orderId: number;
  clientId: number;
  clientName: string;
  amount: string;
  paidOn: string;
  reference: string;
  source: string;
  staffEmail: string | null;
  createdAt: Date;
};

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  bill_id: row.billId,
  order_id: row.orderId,
  client_id: row.clientId,
  client_name: row.clientName,
  amount: fromKopecks(toKopecks(row.amount)),
  date: row.paidOn,
  reference: row.reference,
  source: row.source as PaymentSource,
  staff_email: row.staffEmail,
  created_at: row.createdAt.toISOString(),
});

export interface PaymentFilter {
  dateFrom?: string | null;
  dateTo?: string | null;
  billId?: number | null;
  clientId?: number | null;
}

function paymentConditions(filter: PaymentFilter): SQL | undefined {
  return and(
    filter.dateFrom ? gte(payments.paidOn, filter.dateFrom) : undefined,
    filter.dateTo ? lte(payments.paidOn, filter.dateTo) : undefined,
    filter.billId != null ? eq(payments.billId, filter.billId) : undefined,
    filter.clientId != null ? eq(bills.clientId, filter.clientId) : undefined,
  );
}

export async function countPayments(db: DbExecutor, filter: PaymentFilter): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .where(paymentConditions(filter));
  return row?.total ?? 0;
}

/** Payments newest first (by the day the money arrived, then id). */
export async function listPayments(
  db: DbExecutor,
  filter: PaymentFilter,
  limit: number,
  offset: number,
): Promise<Payment[]> {
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .innerJoin(clients, eq(clients.id, bills.clientId))
    .leftJoin(staff, eq(staff.id, payments.staffId))
    .where(paymentConditions(filter))
    .orderBy(desc(payments.paidOn), desc(payments.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toPayment);
}

export async function findPayment(db: DbExecutor, paymentId: number): Promise<Payment | null> {
  const rows = await db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .innerJoin(clients, eq(clients.id, bills.clientId))
    .leftJoin(staff, eq(staff.id, payments.staffId))
    .where(eq(payments.id, paymentId));
  return rows[0] ? toPayment(rows[0]) : null;
}

/** A client's billed and paid totals (decimal text). */
export async function clientMoney(db: DbExecutor, clientId: number): Promise<{ billed: string; paid: string }> {
  const [billed] = await db
    .select({ sum: sql<string>`coalesce(sum(${bills.priceSum}), 0)::text` })
    .from(bills)
    .where(eq(bills.clientId, clientId));
  const [paid] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .innerJoin(bills, eq(bills.id, payments.billId))
    .where(eq(bills.clientId, clientId));
  return { billed: billed?.sum ?? '0', paid: paid?.sum ?? '0' };
}

/** The bills of `ids` that exist, by id. */
export async function findAdminBills(db: DbExecutor, ids: readonly number[]): Promise<Map<number, AdminBill>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(adminBillColumns)
    .from(bills)
    .innerJoin(clients, eq(clients.id, bills.clientId))
    .where(inArray(bills.id, [...ids]));
  return new Map(rows.map((row) => [row.id, toAdminBill(row)]));
}

/** A client whose INN a statement names, with its bills not paid yet. */
export interface PayerBills {
  clientId: number;
  clientName: string;
  inn: string;
  bills: AdminBill[];
}

/** The clients with these INNs, each with its unpaid bills (a client with none is listed with none). */
export async function findClientsByInn(db: DbExecutor, inns: readonly string[]): Promise<PayerBills[]> {
  if (inns.length === 0) return [];
  const found = await db
    .select({
      id: clients.id,
      inn: clients.inn,
      name: sql<string>`coalesce(nullif(${clients.companyName}, ''), ${clientNameOf})`,
    })
    .from(clients)
    .where(inArray(clients.inn, [...inns]));
  if (found.length === 0) return [];
  const open = await db
    .select(adminBillColumns)
    .from(bills)
    .innerJoin(clients, eq(clients.id, bills.clientId))
    .where(
      and(
        inArray(
          bills.clientId,
          found.map((client) => client.id),
        ),
        eq(bills.paid, false),
      ),
    )
    .orderBy(bills.id);
  return found.map((client) => ({
    clientId: client.id,
    clientName: client.name,
    inn: client.inn ?? '',
    bills: open.filter((bill) => bill.clientId === client.id).map(toAdminBill),
  }));
}
