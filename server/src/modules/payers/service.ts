import {
  PAYER_ARCHIVED_MESSAGE,
  PAYER_LIMIT_MESSAGE,
  PAYER_MAX_ACTIVE,
  PAYER_NOT_FOUND_MESSAGE,
  type Payer,
  type PayerRequisites,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { emit } from '../../events/bus.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import {
  archivePayerRow,
  countActivePayers,
  firstActivePayerId,
  insertPayer,
  lockClientPayers,
  payerOf,
  requisitesOf,
  selectPayer,
  selectPayers,
  setDefaultPayer,
  updatePayerRequisites,
} from './queries.ts';

/**
 * Payers (issue 30, decision 0052). Every write takes the client's payer lock first (one writer per client at a
 * time: the default flag, the limit and versions stay consistent) and runs in one transaction. A payer that an
 * order names is never rewritten: correcting its requisites archives it and creates a new version in its place
 * (the answer carries the new id and `replaces_id`), so each order, bill and УПД keeps naming what it named.
 */

/** Who writes: the client themself, or a staff member (whose writes go to the audit log). */
export type PayerActor = { kind: 'client' } | { kind: 'staff'; staffId: number | null };

const payerNotFound = () => notFound(PAYER_NOT_FOUND_MESSAGE);

export async function listPayers(db: DbExecutor, clientId: number, withArchived: boolean): Promise<Payer[]> {
  return (await selectPayers(db, clientId, withArchived)).map(payerOf);
}

async function audit(
  tx: Tx,
  actor: PayerActor,
  action: string,
  payerId: number,
  before: Payer | null,
  after: Payer | null,
  now: Date,
) {
  if (actor.kind !== 'staff') return;
  await emit(tx, 'StaffWrite', {
    staffId: actor.staffId,
    action,
    entity: 'payer',
    entityId: payerId,
    before: before as unknown as Record<string, unknown> | null,
    after: after as unknown as Record<string, unknown> | null,
    at: now,
  });
}

async function reread(tx: Tx, id: number): Promise<Payer> {
  const row = await selectPayer(tx, id, null);
  return payerOf(row!);
}

/**
 * Adds a payer inside the caller's transaction (registration uses it too). The client's first active payer is the
 * default whatever was asked; `isDefault` moves the default to the new one.
 */
export async function addPayerIn(
  tx: Tx,
  clientId: number,
  requisites: PayerRequisites,
  isDefault: boolean,
  now: Date,
  actor: PayerActor = { kind: 'client' },
): Promise<Payer> {
  await lockClientPayers(tx, clientId);
  const active = await countActivePayers(tx, clientId);
  if (active >= PAYER_MAX_ACTIVE) throw validationFailed({ _: [PAYER_LIMIT_MESSAGE] }, PAYER_LIMIT_MESSAGE);
  const id = await insertPayer(tx, clientId, requisites, { isDefault: false, replacesId: null, now });
  if (isDefault || active === 0) await setDefaultPayer(tx, clientId, id, now);
  const payer = await reread(tx, id);
  await audit(tx, actor, 'payer.create', id, null, payer, now);
  return payer;
}

export function createPayer(
  db: Db,
  clientId: number,
  requisites: PayerRequisites,
  isDefault: boolean,
  now: Date,
  actor: PayerActor = { kind: 'client' },
): Promise<Payer> {
  return db.transaction((tx) => addPayerIn(tx, clientId, requisites, isDefault, now, actor));
}

const sameRequisites = (a: PayerRequisites, b: PayerRequisites) =>
  (Object.keys(a) as (keyof PayerRequisites)[]).every((key) => a[key] === b[key]);

/**
 * Corrects a payer. `clientId` null: staff, any client's payer. Unchanged requisites change nothing (only the
 * default flag may move); a payer no order names is updated in place; one an order names is archived and a new
 * version takes its place (and its default flag).
 */
export async function updatePayer(
  db: Db,
  clientId: number | null,
  id: number,
  requisites: PayerRequisites,
  isDefault: boolean,
  now: Date,
  actor: PayerActor = { kind: 'client' },
): Promise<Payer> {
  return db.transaction(async (tx) => {
    const found = await selectPayer(tx, id, clientId);
    if (!found) throw payerNotFound();
    await lockClientPayers(tx, found.clientId);
    const row = (await selectPayer(tx, id, clientId, true))!;
    if (row.archivedAt !== null) throw validationFailed({ _: [PAYER_ARCHIVED_MESSAGE] }, PAYER_ARCHIVED_MESSAGE);
    const before = payerOf(row);
    let currentId = id;
    if (!sameRequisites(requisitesOf(row), requisites)) {
      if (row.used) {
        await archivePayerRow(tx, id, now);
        currentId = await insertPayer(tx, row.clientId, requisites, { isDefault: false, replacesId: id, now });
        if (row.isDefault) await setDefaultPayer(tx, row.clientId, currentId, now);
      } else {
        await updatePayerRequisites(tx, id, requisites, now);
      }
    }
    if (isDefault) await setDefaultPayer(tx, row.clientId, currentId, now);
    const after = await reread(tx, currentId);
    await audit(tx, actor, currentId === id ? 'payer.update' : 'payer.version', currentId, before, after, now);
    return after;
  });
}

/** Makes one of the client's active payers the default. */
export async function makeDefaultPayer(db: Db, clientId: number, id: number, now: Date): Promise<Payer> {
  return db.transaction(async (tx) => {
    await lockClientPayers(tx, clientId);
    const row = await selectPayer(tx, id, clientId, true);
    if (!row) throw payerNotFound();
    if (row.archivedAt !== null) throw validationFailed({ _: [PAYER_ARCHIVED_MESSAGE] }, PAYER_ARCHIVED_MESSAGE);
    await setDefaultPayer(tx, clientId, id, now);
    return reread(tx, id);
  });
}

/**
 * Archives a payer (kept for the documents that name it). Archiving the default one passes the default to the
 * oldest active payer left, so that checkout still preselects one. Archiving an archived payer changes nothing.
 */
export async function archivePayer(
  db: Db,
  clientId: number | null,
  id: number,
  now: Date,
  actor: PayerActor = { kind: 'client' },
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await selectPayer(tx, id, clientId);
    if (!found) throw payerNotFound();
    await lockClientPayers(tx, found.clientId);
    const row = (await selectPayer(tx, id, clientId, true))!;
    if (row.archivedAt !== null) return;
    await archivePayerRow(tx, id, now);
    if (row.isDefault) {
      const next = await firstActivePayerId(tx, row.clientId);
      if (next !== null) await setDefaultPayer(tx, row.clientId, next, now);
    }
    await audit(tx, actor, 'payer.archive', id, payerOf(row), await reread(tx, id), now);
  });
}

/**
 * The payer an order is placed for (checkout, inside its transaction): one of the client's active payers, its id
 * and its requisites now. Another client's, an unknown or an archived payer answers 404 / 422 and nothing is
 * created. Locked, so that an edit waiting on it makes a new version rather than rewriting what the order names.
 */
export async function payerForOrder(
  tx: Tx,
  clientId: number,
  payerId: number,
): Promise<{ id: number; requisites: PayerRequisites }> {
  const row = await selectPayer(tx, payerId, clientId, true);
  if (!row) throw payerNotFound();
  if (row.archivedAt !== null) {
    throw validationFailed({ payer_id: [PAYER_ARCHIVED_MESSAGE] }, PAYER_ARCHIVED_MESSAGE);
  }
  return { id: row.id, requisites: requisitesOf(row) };
}
