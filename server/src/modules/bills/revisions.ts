import { kopecksToDecimal } from '@detal/contract';
import type { DbExecutor, Tx } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import { composeBill, storedBillDocument, type BillDocument, type BillSettings } from './bill-document.ts';
import { findBillForPrint, findBillRevision, insertBillRevision } from './queries.ts';

/**
 * A bill's documents (issue 26, decision 0039). A bill is issued at checkout as revision 0: everything its PDF
 * prints is composed then and stored (`bill_revisions.document`), and every print of it reads that, whatever the
 * owner saves in the settings later. A change to a bill not wholly paid (a line canceled) issues the next
 * revision, «Счёт на оплату № 12 от 03.03.2025 (изм. 1)», which says which one it replaces; the earlier ones
 * stay as they were, downloadable. A wholly paid bill is never revised.
 */

/** The shop's requisites and VAT rate now; null while the shop has not filled its requisites in. */
async function findBillSettings(db: DbExecutor, timeZone: string): Promise<BillSettings | null> {
  const [requisites, vat] = await Promise.all([readShopSetting(db, 'requisites'), readShopSetting(db, 'vat')]);
  return requisites ? { requisites, vatRate: vat?.rate ?? null, timeZone } : null;
}

/** The shop's requisites and VAT rate now; a shop that never filled its requisites in cannot issue a bill. */
export async function readBillSettings(db: DbExecutor, timeZone: string): Promise<BillSettings> {
  const settings = await findBillSettings(db, timeZone);
  if (!settings)
    throw new Error("The shop's requisites (shop setting 'requisites') are not set: bills cannot be issued");
  return settings;
}

type RevisionReason = 'issued' | 'line_canceled' | 'line_repriced' | 'frozen';

const revisionRow = (document: BillDocument, reason: RevisionReason) => ({
  billId: document.id,
  revision: document.revision,
  issuedAt: new Date(document.issuedAt),
  priceSum: kopecksToDecimal(document.totalKopecks),
  reason,
  document,
});

/**
 * Revision 0 of a bill just written (checkout), in the caller's transaction. A shop that has not filled its
 * requisites in still takes orders: its bills are issued at their first print, once it has (see freezeOldBill).
 */
export async function issueBill(tx: Tx, billId: number, timeZone: string): Promise<void> {
  const settings = await findBillSettings(tx, timeZone);
  if (!settings) return;
  const row = await findBillForPrint(tx, billId, null);
  if (!row) throw new Error(`Bill ${billId} was not written`);
  await insertBillRevision(tx, revisionRow(composeBill(row, settings), 'issued'));
}

/**
 * A bill issued before revisions existed (or before the shop filled its requisites in) has none: it is frozen as
 * revision 0 at its first print, from its order's billed lines and the settings of that moment (the best record
 * there is), and stays so from then on.
 * False when the bill is not `clientId`'s (any client's when null) or does not exist.
 */
async function freezeOldBill(
  db: DbExecutor,
  billId: number,
  clientId: number | null,
  settings: BillSettings,
): Promise<boolean> {
  const row = await findBillForPrint(db, billId, clientId);
  if (!row) return false;
  // Two first prints at once: the second insert does nothing and both read the one stored.
  await insertBillRevision(db, revisionRow(composeBill(row, settings), 'frozen'));
  return true;
}

/**
 * The document of a bill's revision (the current one when `revision` is null), when the bill is `clientId`'s
 * (any client's when null); null when there is no such bill or revision.
 */
export async function findBillDocument(
  db: DbExecutor,
  timeZone: string,
  billId: number,
  clientId: number | null,
  revision: number | null,
): Promise<BillDocument | null> {
  let stored = await findBillRevision(db, billId, clientId, revision);
  if (
    !stored &&
    (revision === null || revision === 0) &&
    (await freezeOldBill(db, billId, clientId, await readBillSettings(db, timeZone)))
  ) {
    stored = await findBillRevision(db, billId, clientId, revision);
  }
  return stored ? storedBillDocument(stored.document) : null;
}

/**
 * Before a change to a bill's lines: its current document (frozen now if the bill predates revisions), so that
 * the next revision says what it replaces. Null while the shop has no requisites and the bill was never issued:
 * then there is no document to revise, and the bill is issued at its first print. The caller holds the bill's
 * row lock.
 */
export async function currentBillDocument(tx: Tx, billId: number, timeZone: string): Promise<BillDocument | null> {
  const stored = await findBillRevision(tx, billId, null, null);
  if (stored) return storedBillDocument(stored.document);
  const settings = await findBillSettings(tx, timeZone);
  if (!settings || !(await freezeOldBill(tx, billId, null, settings))) return null;
  return storedBillDocument((await findBillRevision(tx, billId, null, null))!.document);
}

/**
 * The next revision of a bill after its lines changed (the caller holds the bill's row lock, has checked that it
 * is not wholly paid, and read `previous` before the change): composed from the lines billed now and the
 * settings now, saying what it replaces. Answers it.
 */
export async function reviseBill(
  tx: Tx,
  previous: BillDocument,
  at: Date,
  timeZone: string,
  reason: Extract<RevisionReason, 'line_canceled' | 'line_repriced'> = 'line_canceled',
): Promise<BillDocument> {
  const row = await findBillForPrint(tx, previous.id, null);
  if (!row) throw new Error(`Bill ${previous.id} not found`);
  const document = composeBill(row, await readBillSettings(tx, timeZone), {
    revision: previous.revision + 1,
    issuedAt: at,
    previous,
  });
  if (!(await insertBillRevision(tx, revisionRow(document, reason)))) {
    throw new Error(`Bill ${previous.id}: revision ${document.revision} exists already`);
  }
  return document;
}
