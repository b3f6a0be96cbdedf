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
  type CounterClient,
  COUNTER_SEARCH_LIMIT,
  type Paginated,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { clientMoney } from '../payments/queries.ts';
import { listBillsPage } from '../bills/admin.ts';
import { listPaymentsPage } from '../payments/service.ts';
import { basisPointsToPercent, percentToBasisPoints } from '../pricing/profile-file.ts';
import { setClientDiscount, setClientGroup } from '../pricing/groups.ts';
import { emit } from '../../events/bus.ts';
import {
  countOrdersOf,
  lockClientRow,
  selectClientGroups,
  selectClientScreenRow,
  selectClientState,
  selectClientsPage,
  selectCounterClients,
  selectLatestOrders,
  updateClientBlocked,
  type ClientListRow,
} from './admin-queries.ts';
import { revokeClientSessions } from './queries.ts';
import { selectPayerNamesOf } from '../payers/queries.ts';

/**
 * The shop's clients in the back office (issue 14, point 6): list and search, a client's screen, group and
 * personal discount (through the pricing module's functions the CLI uses), block and unblock. Every write is
 * audited in its transaction.
 */

const toRow = (row: ClientListRow): AdminClientRow => ({
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

export async function listClients(
  db: DbExecutor,
  filters: AdminClientListFilters,
  page: number,
): Promise<Paginated<AdminClientRow>> {
  const { rows, total } = await selectClientsPage(db, filters.q, filters.per_page, pageOffset(page, filters.per_page));
  return { data: rows.map(toRow), ...paginationMeta(total, page, filters.per_page) };
}

/**
 * The counter's search (issue 30). A text of phone characters only is read as a phone or an INN: its digits, an
 * 11-digit number without its 7 or 8 (the documents hold the ten national digits and the last four); a bare
 * number of up to nine digits also names the client with that number.
 */
export async function findClientsAtCounter(db: DbExecutor, q: string): Promise<CounterClient[]> {
  const digits = q.replace(/\D/g, '');
  const phoneLike = /^[\d\s()+-]+$/.test(q) && digits.length >= 4;
  const text = phoneLike ? digits.replace(/^[78](?=\d{10}$)/, '') : q;
  const clientId = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const rows = await selectCounterClients(db, text, clientId, COUNTER_SEARCH_LIMIT);
  const payers = await selectPayerNamesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    phone: row.phoneNumber,
    email: row.email,
    company_name: row.companyName,
    inn: row.inn,
    payers: payers.filter((payer) => payer.clientId === row.id).map(({ name, inn }) => ({ name, inn })),
  }));
}

const SCREEN_LIST_SIZE = 50;

/** The client's screen, or a 404. */
export async function clientScreen(db: Db, clientId: number, timeZone: string): Promise<AdminClient> {
  if (!fitsIntegerId(clientId)) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  const row = await selectClientScreenRow(db, clientId);
  if (!row) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  const [orderRows, orderCount, bills, payments, money, groups] = await Promise.all([
    selectLatestOrders(db, clientId, SCREEN_LIST_SIZE),
    countOrdersOf(db, clientId),
    listBillsPage(db, { client_id: clientId, per_page: SCREEN_LIST_SIZE }, 1, timeZone),
    listPaymentsPage(db, { client_id: clientId, per_page: SCREEN_LIST_SIZE }, 1),
    clientMoney(db, clientId),
    selectClientGroups(db),
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
    orders_total: orderCount,
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
  if (!(await lockClientRow(tx, clientId))) throw notFound(CLIENT_NOT_FOUND_MESSAGE);
  const row = await selectClientState(tx, clientId);
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
    await updateClientBlocked(tx, clientId, blocked, now);
    if (blocked) await revokeClientSessions(tx, clientId, now);
  });
}
