import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { clientGroups, clientSearchDocument, clients, orders } from '../../db/schema/index.ts';
import { payerClientsMatching } from '../payers/queries.ts';
import { orderStateSql } from '../order-state/order-state.ts';
import { clientNameOf } from '../bills/admin-queries.ts';

/** The back office's reads and writes of clients (admin.ts is the service over them). */

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

export type ClientListRow = {
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

/** The clients matching what staff typed (all without `q`), newest first: one page and the count of all. */
export async function selectClientsPage(
  db: DbExecutor,
  q: string | null | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: ClientListRow[]; total: number }> {
  const where = searchCondition(q);
  const [total] = await db.select({ total: count() }).from(clients).where(where);
  const rows = await db
    .select(rowColumns)
    .from(clients)
    .where(where)
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: total?.total ?? 0 };
}

/**
 * `text` as a query that every word of it begins a word of the document: tokenized by the same 'simple'
 * configuration as the documents (so an e-mail or «ООО «Ромашка»» splits the same way), each word a prefix.
 * Null (nothing matches) when the text has no word.
 */
const prefixQuery = (text: string) =>
  sql`(select to_tsquery('simple', string_agg(quote_literal(lexeme) || ':*', ' & '))
    from unnest(to_tsvector('simple', ${text})))`;

export type CounterClientRow = Pick<ClientListRow, 'id' | 'name' | 'email' | 'phoneNumber' | 'companyName' | 'inn'>;

/**
 * The clients the counter's search finds (issue 30): by their own names, company, INN, e-mail or phone
 * (clients_search_idx), by a payer's names or INN (payers_search_idx), or by the number `clientId`; that one
 * first, then the newest. At most `limit`.
 */
export async function selectCounterClients(
  db: DbExecutor,
  text: string,
  clientId: number | null,
  limit: number,
): Promise<CounterClientRow[]> {
  const query = prefixQuery(text);
  const byNumber = clientId === null ? sql`` : sql` union select ${clientId}::integer`;
  return db
    .select({
      id: clients.id,
      name: clientNameOf,
      email: clients.email,
      phoneNumber: clients.phoneNumber,
      companyName: clients.companyName,
      inn: clients.inn,
    })
    .from(clients)
    .where(
      sql`${clients.id} in (select id from clients where ${clientSearchDocument} @@ ${query}
        union ${payerClientsMatching(query)}${byNumber})`,
    )
    .orderBy(sql`${clients.id} = ${clientId ?? 0}::integer desc`, desc(clients.createdAt), desc(clients.id))
    .limit(limit);
}

/** A client as the screen shows them, with the group they are priced by. */
export async function selectClientScreenRow(db: DbExecutor, clientId: number) {
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
  return row;
}

/** The client's newest orders, at most `limit`. */
export function selectLatestOrders(db: DbExecutor, clientId: number, limit: number) {
  return db
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
    .limit(limit);
}

export async function countOrdersOf(db: DbExecutor, clientId: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(orders).where(eq(orders.clientId, clientId));
  return row?.total ?? 0;
}

/** Every client group, for the screen's choice of group. */
export function selectClientGroups(db: DbExecutor) {
  return db
    .select({ id: clientGroups.id, name: clientGroups.name, is_default: clientGroups.isDefault })
    .from(clientGroups)
    .orderBy(clientGroups.id);
}

/** Locks the client's row for the transaction; false when there is no such client. */
export async function lockClientRow(tx: Tx, clientId: number): Promise<boolean> {
  const [locked] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update');
  return locked !== undefined;
}

/** What the audit keeps of a client: group, personal discount (basis points) and blocking. */
export async function selectClientState(tx: Tx, clientId: number) {
  const [row] = await tx
    .select({ group: groupNameOf, discount: clients.personalDiscount, blockedAt: clients.blockedAt })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row;
}

/** Blocks (when not blocked yet) or unblocks the client. */
export async function updateClientBlocked(tx: Tx, clientId: number, blocked: boolean, now: Date): Promise<void> {
  await tx
    .update(clients)
    .set({ blockedAt: blocked ? now : null, updatedAt: now })
    .where(and(eq(clients.id, clientId), blocked ? isNull(clients.blockedAt) : undefined));
}
