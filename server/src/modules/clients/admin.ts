import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import {
  CLIENT_GROUP_NOT_FOUND_MESSAGE,
  CLIENT_NOT_FOUND_MESSAGE,
  fromKopecks,
  orderStatusOfState,
  pageOffset,
  paginationMeta,
  roublesFromDecimal,
  toKopecks,
  type AdminClient,
  type AdminClientListFilters,
  type AdminClientRow,
  type Paginated,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { clientGroups, clients, orders } from '../../db/schema.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { orderStateSql } from '../order-state/order-state.ts';
import { clientMoney, clientNameOf } from '../payments/queries.ts';
import { listBillsPage, listPaymentsPage } from '../payments/service.ts';
import { basisPointsToPercent, percentToBasisPoints } from '../pricing/profile-file.ts';
import { setClientDiscount, setClientGroup } from '../pricing/groups.ts';
import { emit } from '../../events/bus.ts';
import { revokeClientSessions } from './queries.ts';

/**
 * The shop's clients in the back office (issue 14, point 6): list and search, a client's screen, group and
 * personal discount (through the pricing module's functions the CLI uses), block and unblock. Every write is
 * audited in its transaction.
 */

/** The group a client is priced by: theirs, or the default one. */
const groupNameOf = sql<string>`coalesce(
  (select ${clientGroups.name} from ${clientGroups} where ${clientGroups.id} = ${clients.groupId}),
  (select ${clientGroups.name} from ${clientGroups} where ${clientGroups.isDefault}), '')`;

const rowColumns = {
  id: clients.id,
  name: clientNameOf,
  email: clients.email,
  phoneNumber: clients.phoneNumber,
  companyName: clients.companyName,
  inn: clients.inn,
  groupName: groupNameOf,
  blockedAt: clients.blockedAt,
  createdAt: clients.createdAt,
};

type Row = {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
  companyName: string | null;
  inn: string | null;
  groupName: string;
  blockedAt: Date | null;
  createdAt: Date;
};

const toRow = (row: Row): AdminClientRow => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone_number: row.phoneNumber,
  company_name: row.companyName,
  inn: row.inn,
  group_name: row.groupName,
  blocked: row.blockedAt !== null,
  created_at: row.createdAt.toISOString(),
});

/** LIKE's own characters in what staff typed are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function searchCondition(q: string | null | undefined) {
  if (!q) return undefined;
  const pattern = likePattern(q);
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(clientNameOf, pattern),
    ilike(clients.email, pattern),
    ilike(clients.companyName, pattern),
    ilike(clients.inn, pattern),
    ilike(clients.phoneNumber, pattern),
    // A phone typed as 8 999 123-45-67 or (999) 123 45 67: its digits, without the country code.
    digits.length >= 4 ? ilike(clients.phoneNumber, likePattern(digits.replace(/^[78](?=\d{10}$)/, ''))) : undefined,
  );
}

export async function listClients(
  db: DbExecutor,
  filters: AdminClientListFilters,
  page: number,
): Promise<Paginated<AdminClientRow>> {
  const where = searchCondition(filters.q);
  const [total] = await db.select({ total: count() }).from(clients).where(where);
  const rows = await db
    .select(rowColumns)
    .from(clients)
    .where(where)
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(filters.per_page)
    .offset(pageOffset(page, filters.per_page));
  return { data: rows.map(toRow), ...paginationMeta(total?.total ?? 0, page, filters.per_page) };
}

const SCREEN_LIST_SIZE = 50;

/** The client's screen, or a 404. */
export async function clientScreen(db: Db, clientId: number, timeZone: string): Promise<AdminClient> {
  if (!fitsIntegerId(clientId)) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({
      ...rowColumns,
      firstName: clients.firstName,
      lastName: clients.lastName,
      middleName: clients.middleName,
      isBusiness: clients.isBusiness,
      groupId: sql<number>`coalesce(${clients.groupId},
        (select ${clientGroups.id} from ${clientGroups} where ${clientGroups.isDefault}))`,
      personalDiscount: clients.personalDiscount,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!row) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  const [orderRows, orderCount, bills, payments, money, groups] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        state: orderStateSql(),
        totalPrice: orders.totalPrice,
        countPosition: orders.countPosition,
      })
      .from(orders)
      .where(eq(orders.clientId, clientId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(SCREEN_LIST_SIZE),
    db.select({ total: count() }).from(orders).where(eq(orders.clientId, clientId)),
    listBillsPage(db, { client_id: clientId, per_page: SCREEN_LIST_SIZE }, 1, timeZone),
    listPaymentsPage(db, { client_id: clientId, per_page: SCREEN_LIST_SIZE }, 1),
    clientMoney(db, clientId),
    db
      .select({ id: clientGroups.id, name: clientGroups.name, is_default: clientGroups.isDefault })
      .from(clientGroups)
      .orderBy(clientGroups.id),
  ]);
  const billed = toKopecks(money.billed);
  const paid = toKopecks(money.paid);
  return {
    ...toRow(row),
    first_name: row.firstName,
    last_name: row.lastName,
    middle_name: row.middleName,
    is_business: row.isBusiness,
    group_id: row.groupId,
    personal_discount: basisPointsToPercent(row.personalDiscount),
    blocked_at: row.blockedAt?.toISOString() ?? null,
    balance: { billed: fromKopecks(billed), paid: fromKopecks(paid), balance: fromKopecks(billed - paid) },
    orders: orderRows.map((order) => ({
      id: order.id,
      created_at: order.createdAt.toISOString(),
      ...orderStatusOfState(order.state),
      total_price: roublesFromDecimal(order.totalPrice),
      count_position: order.countPosition,
    })),
    orders_total: orderCount[0]?.total ?? 0,
    bills: bills.data,
    bills_total: bills.total,
    payments: payments.data,
    payments_total: payments.total,
    groups,
  };
}

type ClientState = {
  group: string;
  personal_discount: number;
  blocked: boolean;
};

/** Locks the client's row and reads what the audit keeps of it; a 404 when there is no such client. */
async function lockClient(tx: Tx, clientId: number): Promise<ClientState> {
  if (!fitsIntegerId(clientId)) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  const [locked] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
  if (!locked) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  const [row] = await tx
    .select({ group: groupNameOf, discount: clients.personalDiscount, blockedAt: clients.blockedAt })
    .from(clients)
    .where(eq(clients.id, clientId));
  return {
    group: row!.group,
    personal_discount: basisPointsToPercent(row!.discount),
    blocked: row!.blockedAt !== null,
  };
}

async function changeClient(
  db: Db,
  staff: StaffContext,
  clientId: number,
  action: string,
  now: Date,
  change: (tx: Tx) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockClient(tx, clientId);
    await change(tx);
    const after = await lockClient(tx, clientId);
    await emit(tx, 'StaffWrite', {
      staffId: staff.staffId,
      action,
      entity: 'client',
      entityId: clientId,
      before,
      after,
      at: now,
    });
  });
}

/** Moves the client into a group by its name (pricing's setClientGroup, as the CLI's client-group). */
export async function changeClientGroup(db: Db, staff: StaffContext, clientId: number, group: string, now: Date) {
  await changeClient(db, staff, clientId, 'client.group', now, async (tx) => {
    const outcome = await setClientGroup(tx, clientId, group);
    if (outcome === 'no-group') {
      throw validationFailed({ group: [CLIENT_GROUP_NOT_FOUND_MESSAGE] }, CLIENT_GROUP_NOT_FOUND_MESSAGE);
    }
  });
}

/** Sets the personal discount (pricing's setClientDiscount, as the CLI's client-discount). */
export async function changeClientDiscount(db: Db, staff: StaffContext, clientId: number, percent: number, now: Date) {
  await changeClient(db, staff, clientId, 'client.discount', now, async (tx) => {
    await setClientDiscount(tx, clientId, percentToBasisPoints(percent));
  });
}

/** Blocks (every session ends in the same transaction) or unblocks a client. */
export async function setClientBlocked(db: Db, staff: StaffContext, clientId: number, blocked: boolean, now: Date) {
  await changeClient(db, staff, clientId, blocked ? 'client.block' : 'client.unblock', now, async (tx) => {
    await tx
      .update(clients)
      .set({ blockedAt: blocked ? now : null, updatedAt: now })
      .where(and(eq(clients.id, clientId), blocked ? isNull(clients.blockedAt) : undefined));
    if (blocked) await revokeClientSessions(tx, clientId, now);
  });
}
