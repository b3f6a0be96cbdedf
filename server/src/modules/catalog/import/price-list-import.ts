import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/index.ts';
import { BrandKeys, createMissingBrands } from './brand-keys.ts';
import { DuplicateSieve } from './duplicate-sieve.ts';
import { elapsed, type ImportEvents } from './import-events.ts';
import { analyzeChangedTables, openImportSession, tuneForBulkWork, type ImportSession } from './import-session.ts';
import { LayoutReader, type LayoutSpec } from './layout-reader.ts';
import { dropCopiedDuplicates, OffersCopy } from './offers-copy.ts';
import { replaceOffers } from './offers-replace.ts';
import { dropDuplicates, priceListStaging, spellingsShareBrands } from './price-list-staging.ts';
import { lockedSupplierHasOffers, lockSupplier, supplierHasOffers } from './price-list-supplier.ts';
import { layoutFromColumnList, parsePriceRow, type PriceRow, type ReadingRules, Refusal } from './price-row.ts';
import { forEachRecord, type ReadTotals } from './read-records.ts';
import type { RecordSourceOptions } from './record-source.ts';
import { emit } from '../../../events/bus.ts';

/*
 * The price-list import's two ways (decision 0044 names the files): a supplier without offers on PostgreSQL gets
 * its rows copied straight into offers (offers-copy.ts); any other import stages the file (price-list-staging.ts)
 * and replaces the supplier's offers with it in one transaction (offers-replace.ts).
 */

// Callers meet the guard's refusal here, with the import it stops.
export { MassRemoval } from './offers-replace.ts';

/** Where the columns are (`columns`, `headers`, `headerRow`, `headerLine`): see LayoutSpec. */
export interface PriceListImportOptions extends RecordSourceOptions, ImportEvents, LayoutSpec {
  /** The supplier whose offers the file replaces; created when unknown. */
  supplierName: string;
  /**
   * Sets the supplier's delivery time for rows that give none (a new supplier otherwise gets 0 days, the
   * schema's default; a known one keeps its own).
   */
  defaultDeliveryDays?: number;
  file: string;
  /** How words and bounds for stock and delivery are read ('есть', '<5', '3-5'); default: DEFAULT_READING_RULES. */
  rules?: ReadingRules;
  /**
   * Stops the import before it changes anything when the list would remove most of the supplier's offers
   * (`isMassRemoval`): it throws MassRemoval with the counts. Unset: any list replaces the old one.
   */
  guardRemoval?: boolean;
}

export interface PriceListImportSummary {
  supplier: string;
  supplierCreated: boolean;
  /** Data rows in the file. */
  read: number;
  /** Offers the supplier has now: read minus rejected. */
  loaded: number;
  rejected: number;
  /** Of the loaded offers: new ones, changed ones (updated in place, keeping their id) and unchanged ones. */
  inserted: number;
  updated: number;
  unchanged: number;
  /** The supplier's offers that the file no longer lists, deleted. */
  deleted: number;
  brandsCreated: number;
  /** Of `seconds`: reading and staging the file; the rest is the transaction that changes the shop's tables. */
  readingSeconds: number;
  seconds: number;
  rowsPerSecond: number;
}

/** Hands each valid row of a file to `accept`, which returns a promise only when the reading has to wait. */
type AcceptRow = (line: number, row: PriceRow, brandKey: string) => Promise<void> | undefined;

/**
 * Reads the file's rows: the header (or the given layout), then each row validated; refused rows go to `reject`,
 * valid ones to `accept`. Throws when the file is empty or has no valid row.
 */
async function readPriceRows(
  options: PriceListImportOptions,
  brandKeys: BrandKeys,
  reject: (line: number, reason: string, fields: readonly string[]) => void,
  accept: AcceptRow,
): Promise<ReadTotals & { accepted: number }> {
  const layouts = new LayoutReader(options);
  let accepted = 0;
  const totals = await forEachRecord(options.file, options, options, (record) => {
    const layout = layouts.next(record);
    if (layout === null) return false;
    const row = parsePriceRow(record.fields, layout, options.rules);
    if (row instanceof Refusal) {
      reject(record.line, row.reason, record.fields);
      return true;
    }
    const brandKey = brandKeys.keyOf(row.brand);
    if (brandKey === '') {
      reject(record.line, `в бренде нет ни букв, ни цифр: «${row.brand}»`, record.fields);
      return true;
    }
    accepted += 1;
    const waiting = accept(record.line, row, brandKey);
    return waiting ? waiting.then(() => true) : true;
  });
  layouts.finish();
  // A truncated export or a file of another layout must not wipe the supplier's catalogue.
  if (accepted === 0) {
    throw new Error(`The file has no valid row; the offers of "${options.supplierName.trim()}" are left as they were`);
  }
  return { ...totals, accepted };
}

/**
 * Replaces a supplier's offers with a price list (CSV or XLSX), atomically: the file is read and validated into
 * a staging table, then one transaction creates the brands it names, updates the offers that stay, deletes the
 * ones it no longer lists and inserts the new ones. Until that transaction commits, searches see the old list;
 * if anything fails, or the import is aborted, the old list stays as it was. Refused rows go to `onReject`.
 *
 * A supplier without offers (a new one, or one whose offers are all gone) has no old list to keep: on PostgreSQL
 * its rows are copied straight into offers while the file is read, in one transaction that commits when the
 * file is read, without a staging table and the second pass over it.
 */
export async function importPriceList(
  database: Database,
  options: PriceListImportOptions,
): Promise<PriceListImportSummary> {
  const startedAt = performance.now();
  const supplierName = options.supplierName.trim();
  if (supplierName === '') throw new Error('The supplier name is empty');
  const { defaultDeliveryDays } = options;
  const validDelivery = (days: number) => Number.isInteger(days) && days >= 0 && days <= 2_147_483_647;
  if (defaultDeliveryDays !== undefined && !validDelivery(defaultDeliveryDays)) {
    throw new Error(`The default delivery time must be a whole number of days, got ${defaultDeliveryDays}`);
  }
  if (options.columns !== undefined) layoutFromColumnList(options.columns); // a wrong list fails before any work

  const session = await openImportSession(database);
  try {
    let summary: PriceListImportSummary | undefined;
    if (session.copyInto && !(await supplierHasOffers(session.db, supplierName))) {
      summary = await importIntoEmptySupplier(
        { ...session, copyInto: session.copyInto },
        { ...options, supplierName },
        startedAt,
      );
    }
    summary ??= await importThroughStaging(session, { ...options, supplierName }, startedAt);
    return summary;
  } finally {
    await session.close();
  }
}

/** Counts refused rows, telling `onReject` of each. */
function rejectionCounter(options: PriceListImportOptions) {
  const counter = {
    rejected: 0,
    reject(line: number, reason: string, fields: readonly string[]) {
      counter.rejected += 1;
      options.onReject?.({ line, reason, fields });
    },
  };
  return counter;
}

/**
 * The import of a supplier that has no offers, on PostgreSQL: undefined when the supplier turns out to have
 * offers after all (another import committed meanwhile), for the staged import to run instead.
 */
async function importIntoEmptySupplier(
  session: ImportSession & Required<Pick<ImportSession, 'copyInto'>>,
  options: PriceListImportOptions,
  startedAt: number,
): Promise<PriceListImportSummary | undefined> {
  const brandKeys = new BrandKeys();
  const refusals = rejectionCounter(options);
  return session.db.transaction(async (tx) => {
    await tuneForBulkWork(tx);
    const supplier = await lockSupplier(tx, options.supplierName, options.defaultDeliveryDays);
    if (await lockedSupplierHasOffers(tx, supplier)) return undefined;
    const copy = new OffersCopy(tx, session, supplier, brandKeys);
    let totals: Awaited<ReturnType<typeof readPriceRows>>;
    try {
      totals = await readPriceRows(options, brandKeys, refusals.reject, (line, row, brandKey) =>
        copy.add(line, row, brandKey),
      );
      await copy.finish();
    } catch (error) {
      await copy.abort(error);
      throw error;
    }
    const readingSeconds = (performance.now() - startedAt) / 1000;
    const progress = { rowsRead: totals.rowsRead, bytesRead: totals.bytesRead, totalBytes: totals.totalBytes };
    await options.onProgress?.({ phase: 'replacing', ...progress });
    const duplicates = copy.sieve.mayHaveDuplicates
      ? await dropCopiedDuplicates(tx, supplier, copy, options.onReject)
      : 0;
    const inserted = totals.accepted - duplicates;
    await analyzeChangedTables(tx, [
      { name: 'offers', changedRows: inserted },
      { name: 'brands', changedRows: copy.brandsCreated },
      { name: 'brand_aliases', changedRows: copy.brandsCreated },
    ]);
    await emit(tx, 'PriceListReplaced', { supplierId: supplier.id, supplierName: options.supplierName });
    options.signal?.throwIfAborted();
    await options.onProgress?.({ phase: 'committing', ...progress });
    return {
      supplier: options.supplierName,
      supplierCreated: supplier.created,
      read: totals.rowsRead,
      loaded: inserted,
      rejected: refusals.rejected + duplicates,
      inserted,
      updated: 0,
      unchanged: 0,
      deleted: 0,
      brandsCreated: copy.brandsCreated,
      readingSeconds,
      ...elapsed(startedAt, totals.rowsRead),
    };
  });
}

/** The import through a staging table: the file is read first, then one short transaction changes offers. */
async function importThroughStaging(
  session: ImportSession,
  options: PriceListImportOptions,
  startedAt: number,
): Promise<PriceListImportSummary> {
  const brandKeys = new BrandKeys();
  const sieve = new DuplicateSieve();
  const refusals = rejectionCounter(options);
  const staging = await session.stage(priceListStaging);
  const totals = await readPriceRows(options, brandKeys, refusals.reject, (line, row, brandKey) => {
    sieve.add(brandKey, row.articleNormalized);
    return staging.add({
      line,
      article: row.article,
      articleNormalized: row.articleNormalized,
      brandKey,
      description: row.description,
      deliveryDays: row.deliveryDays,
      price: row.price,
      quantity: row.quantity,
      weight: row.weight,
    });
  });
  await staging.finish();
  // Temporary tables get no statistics of their own; without them the planner guesses badly at a million rows.
  await session.db.execute(sql`analyze ${priceListStaging}`);

  const readingSeconds = (performance.now() - startedAt) / 1000;
  const progress = { rowsRead: totals.rowsRead, bytesRead: totals.bytesRead, totalBytes: totals.totalBytes };
  await options.onProgress?.({ phase: 'replacing', ...progress });
  let { rejected } = refusals;
  const outcome = await session.db.transaction(async (tx) => {
    await tuneForBulkWork(tx);
    const supplier = await lockSupplier(tx, options.supplierName, options.defaultDeliveryDays);
    const brandsCreated = await createMissingBrands(tx, brandKeys.spellings);
    if (sieve.mayHaveDuplicates || (await spellingsShareBrands(tx, brandKeys))) {
      rejected += await dropDuplicates(tx, options.onReject);
    }
    const counts = await replaceOffers(tx, supplier, options.guardRemoval === true);
    await analyzeChangedTables(tx, [
      { name: 'offers', changedRows: counts.inserted + counts.updated + counts.deleted },
      { name: 'brands', changedRows: brandsCreated },
      { name: 'brand_aliases', changedRows: brandsCreated },
    ]);
    await emit(tx, 'PriceListReplaced', { supplierId: supplier.id, supplierName: options.supplierName });
    options.signal?.throwIfAborted();
    await options.onProgress?.({ phase: 'committing', ...progress });
    return { supplier, brandsCreated, counts };
  });

  const { counts } = outcome;
  return {
    supplier: options.supplierName,
    supplierCreated: outcome.supplier.created,
    read: totals.rowsRead,
    loaded: counts.loaded,
    rejected,
    inserted: counts.inserted,
    updated: counts.updated,
    unchanged: counts.loaded - counts.inserted - counts.updated,
    deleted: counts.deleted,
    brandsCreated: outcome.brandsCreated,
    readingSeconds,
    ...elapsed(startedAt, totals.rowsRead),
  };
}
