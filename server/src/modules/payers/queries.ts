import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { PAYER_KIND_NAMES, type Payer, type PayerKind, type PayerRequisites } from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { payerSearchDocument, payers } from '../../db/schema/index.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';

/** The payers table's SQL (issue 30): only this module writes it; orders read a payer through service.ts. */

/** Payer writes of one client queue behind each other (the default flag, the count limit, versions). */
const PAYER_LOCK_CLASS = 0x50_41_59; // 'PAY': any fixed int4, the advisory lock's class; the client id is the key

export async function lockClientPayers(tx: Tx, clientId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PAYER_LOCK_CLASS}::int, ${clientId}::int)`);
}

const columns = {
  id: payers.id,
  clientId: payers.clientId,
  kind: payers.kind,
  fullName: payers.fullName,
  shortName: payers.shortName,
  inn: payers.inn,
  kpp: payers.kpp,
  ogrn: payers.ogrn,
  legalAddress: payers.legalAddress,
  bankName: payers.bankName,
  bik: payers.bik,
  correspondentAccount: payers.correspondentAccount,
  settlementAccount: payers.settlementAccount,
  isDefault: payers.isDefault,
  archivedAt: payers.archivedAt,
  replacesId: payers.replacesId,
  createdAt: payers.createdAt,
  // Spelled out: inside the subquery an unqualified "id" would be the order's.
  used: sql<boolean>`exists (select 1 from "orders" where "orders"."payer_id" = "payers"."id")`,
};

type PayerRow = {
  id: number;
  clientId: number;
  kind: string;
  fullName: string;
  shortName: string;
  inn: string;
  kpp: string | null;
  ogrn: string;
  legalAddress: string;
  bankName: string;
  bik: string;
  correspondentAccount: string;
  settlementAccount: string;
  isDefault: boolean;
  archivedAt: Date | null;
  replacesId: number | null;
  createdAt: Date;
  used: boolean;
};

export const requisitesOf = (row: PayerRow): PayerRequisites => ({
  kind: row.kind as PayerKind,
  full_name: row.fullName,
  short_name: row.shortName,
  inn: row.inn,
  kpp: row.kpp,
  ogrn: row.ogrn,
  legal_address: row.legalAddress,
  bank_name: row.bankName,
  bik: row.bik,
  correspondent_account: row.correspondentAccount,
  settlement_account: row.settlementAccount,
});

export const payerOf = (row: PayerRow): Payer => ({
  id: row.id,
  ...requisitesOf(row),
  kind_name: PAYER_KIND_NAMES[row.kind as PayerKind],
  is_default: row.isDefault && row.archivedAt === null,
  archived: row.archivedAt !== null,
  used: Boolean(row.used),
  replaces_id: row.replacesId,
  created_at: row.createdAt.toISOString(),
});

export type StoredPayer = PayerRow;

/** The ids of the clients one of whose payers (archived ones too) matches `query`, a tsquery: by payers_search_idx. */
export const payerClientsMatching = (query: SQL) =>
  sql`select ${payers.clientId} from ${payers} where ${payerSearchDocument} @@ ${query}`;

/** The active payers of these clients, briefly (short name and INN), the default first. */
export async function selectPayerNamesOf(
  db: DbExecutor,
  clientIds: number[],
): Promise<Array<{ clientId: number; name: string; inn: string }>> {
  if (clientIds.length === 0) return [];
  return db
    .select({ clientId: payers.clientId, name: payers.shortName, inn: payers.inn })
    .from(payers)
    .where(and(inArray(payers.clientId, clientIds), isNull(payers.archivedAt)))
    .orderBy(desc(payers.isDefault), asc(payers.createdAt), asc(payers.id));
}

/** The client's payers: active ones first (the default first of them), then archived, oldest first within each. */
export async function selectPayers(db: DbExecutor, clientId: number, withArchived: boolean): Promise<PayerRow[]> {
  return db
    .select(columns)
    .from(payers)
    .where(and(eq(payers.clientId, clientId), withArchived ? undefined : isNull(payers.archivedAt)))
    .orderBy(sql`${payers.archivedAt} is not null`, desc(payers.isDefault), asc(payers.createdAt), asc(payers.id));
}

/** One payer, only when it is this client's (`clientId` null: any client's, for staff); locked when in a transaction. */
export async function selectPayer(
  db: DbExecutor,
  id: number,
  clientId: number | null,
  lock = false,
): Promise<PayerRow | null> {
  const query = db
    .select(columns)
    .from(payers)
    .where(and(eq(payers.id, id), clientId === null ? undefined : eq(payers.clientId, clientId)));
  const [row] = lock ? await query.for('update', { of: payers }) : await query;
  return row ?? null;
}

export async function countActivePayers(db: DbExecutor, clientId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payers)
    .where(and(eq(payers.clientId, clientId), isNull(payers.archivedAt)));
  return Number(row?.count ?? 0);
}

const valuesOf = (requisites: PayerRequisites) => ({
  kind: requisites.kind,
  fullName: requisites.full_name,
  shortName: requisites.short_name,
  inn: requisites.inn,
  kpp: requisites.kpp,
  ogrn: requisites.ogrn,
  legalAddress: requisites.legal_address,
  bankName: requisites.bank_name,
  bik: requisites.bik,
  correspondentAccount: requisites.correspondent_account,
  settlementAccount: requisites.settlement_account,
});

export async function insertPayer(
  tx: Tx,
  clientId: number,
  requisites: PayerRequisites,
  options: { isDefault: boolean; replacesId: number | null; now: Date },
): Promise<number> {
  const [row] = await tx
    .insert(payers)
    .values({
      clientId,
      ...valuesOf(requisites),
      isDefault: options.isDefault,
      replacesId: options.replacesId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning({ id: payers.id });
  return row!.id;
}

export async function updatePayerRequisites(tx: Tx, id: number, requisites: PayerRequisites, now: Date) {
  await tx
    .update(payers)
    .set({ ...valuesOf(requisites), updatedAt: now })
    .where(eq(payers.id, id));
}

/** Archives a payer; it stops being the default. */
export async function archivePayerRow(tx: Tx, id: number, now: Date) {
  await tx.update(payers).set({ archivedAt: now, isDefault: false, updatedAt: now }).where(eq(payers.id, id));
}

/** Makes `id` the client's only default among the active payers (the partial unique index holds it). */
export async function setDefaultPayer(tx: Tx, clientId: number, id: number, now: Date) {
  await tx
    .update(payers)
    .set({ isDefault: false, updatedAt: now })
    .where(and(eq(payers.clientId, clientId), eq(payers.isDefault, true), ne(payers.id, id)));
  await tx.update(payers).set({ isDefault: true, updatedAt: now }).where(eq(payers.id, id));
}

/** The oldest active payer of the client, to become the default when the default one is archived. */
export async function firstActivePayerId(tx: Tx, clientId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: payers.id })
    .from(payers)
    .where(and(eq(payers.clientId, clientId), isNull(payers.archivedAt)))
    .orderBy(asc(payers.createdAt), asc(payers.id))
    .limit(1);
  return row?.id ?? null;
}

/** The audit log's names for payers: «ООО «Колесо», ИНН 7707083893». */
export const payerAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({ id: payers.id, label: sql<string>`${payers.shortName} || ', ИНН ' || ${payers.inn}` })
      .from(payers)
      .where(inArray(payers.id, [...ids])),
  );
