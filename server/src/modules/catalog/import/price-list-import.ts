import { sql, type SQL } from 'drizzle-orm';
import { isMassRemoval, massRemovalMessage, type MassRemovalCounts } from '@detal/contract';
import { bigint, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../../db/index.ts';
import { BrandKeys, brandIdsOf, createMissingBrands } from './brand-keys.ts';
import { DuplicateSieve } from './duplicate-sieve.ts';
import { elapsed, type ImportEvents } from './import-events.ts';
import {
  analyzeChangedTables,
  openImportSession,
  tuneForBulkWork,
  type ImportSession,
  type StagingWriter,
} from './import-session.ts';
import { LayoutReader, type LayoutSpec } from './layout-reader.ts';
import { layoutFromColumnList, parsePriceRow, type PriceRow, type ReadingRules, Refusal } from './price-row.ts';
import { forEachRecord, type ReadTotals } from './read-records.ts';
import type { RecordSourceOptions } from './record-source.ts';
import { emit } from '../../../events/bus.ts';

/** The file's valid rows, staged before the supplier's offers are replaced (a temporary table). */
const priceListStaging = pgTable('price_list_staging', {
  line: integer('line').notNull(),
  article: text('article').notNull(),
  articleNormalized: text('article_normalized').notNull(),
  brandKey: text('brand_key').notNull(),
  description: text('description').notNull(),
  deliveryDays: integer('delivery_days'),
  price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
  quantity: integer('quantity').notNull(),
  weight: numeric('weight', { precision: 10, scale: 3, mode: 'string' }),
});

/** Later rows of a part already in the file (same brand, through its aliases, and article). */
const priceListDuplicates = pgTable('price_list_duplicates', {
  line: integer('line').notNull(),
  firstLine: integer('first_line').notNull(),
});

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

/**
 * The list would remove most of the supplier's offers (`isMassRemoval`) and the import was told to guard against
 * it: it stopped before changing anything.
 */
export class MassRemoval extends Error {
  constructor(readonly counts: MassRemovalCounts) {
    super(massRemovalMessage(counts));
    this.name = 'MassRemoval';
  }
}

const duplicateReason = (firstLine: number) => `повтор строки ${firstLine} (тот же бренд и артикул)`;

// Two imports of one supplier at a time would interleave their replacements; the second waits for the first.
const importLockClass = 0x44_54_4c; // any fixed int4: the advisory lock's class, with the supplier id as key

async function countOf(tx: Db, query: SQL): Promise<number> {
  const result = await tx.execute<{ count: number }>(query);
  return result.rows[0]?.count ?? 0;
}

interface Supplier {
  id: number;
  defaultDeliveryDays: number;
  created: boolean;
}

async function lockSupplier(tx: Db, name: string, defaultDeliveryDays: number | undefined): Promise<Supplier> {
  const inserted = await tx.execute<{ id: number }>(
    sql`insert into suppliers (name, default_delivery_days) values (${name}, ${defaultDeliveryDays ?? 0}::int)
        on conflict (name) do nothing returning id`,
  );
  if (defaultDeliveryDays !== undefined && inserted.rows.length === 0) {
    await tx.execute(
      sql`update suppliers set default_delivery_days = ${defaultDeliveryDays}::int where name = ${name}`,
    );
  }
  const found = await tx.execute<{ id: number; default_delivery_days: number }>(
    sql`select id, default_delivery_days from suppliers where name = ${name}`,
  );
  const row = found.rows[0];
  if (!row) throw new Error(`Supplier ${name} could not be created`);
  await tx.execute(sql`select pg_advisory_xact_lock(${importLockClass}::int, ${row.id}::int)`);
  return { id: row.id, defaultDeliveryDays: row.default_delivery_days, created: inserted.rows.length > 0 };
}

/**
 * Refuses every later row of a part the file lists twice (same brand through its aliases, same normalized
 * article), keeping the first; reports them, and removes them from the staging table.
 */
async function dropDuplicates(tx: Db, onReject: ImportEvents['onReject']): Promise<number> {
  await tx.execute(sql`drop table if exists ${priceListDuplicates}`);
  await tx.execute(sql`
    create temporary table ${priceListDuplicates} on commit drop as
    with keyed as (
      select s.line, a.brand_id, s.article_normalized
        from ${priceListStaging} s join brand_aliases a on a.alias_normalized = s.brand_key
    ), repeated as (
      select brand_id, article_normalized, min(line) as first_line
        from keyed group by brand_id, article_normalized having count(*) > 1
    )
    select k.line, r.first_line
      from keyed k join repeated r using (brand_id, article_normalized)
     where k.line <> r.first_line`);
  const count = await countOf(tx, sql`select count(*)::int as count from ${priceListDuplicates}`);
  if (count === 0) return 0;
  if (onReject) {
    // Page by page, so that a file of mostly repeated rows does not come into memory at once.
    let after = 0;
    for (;;) {
      const page = await tx.execute<{ line: number; first_line: number }>(sql`
        select line, first_line from ${priceListDuplicates} where line > ${after} order by line limit 10000`);
      for (const row of page.rows) {
        onReject({
          line: row.line,
          reason: duplicateReason(row.first_line),
          fields: [],
        });
      }
      const last = page.rows.at(-1);
      if (!last) break;
      after = last.line;
    }
  }
  await tx.execute(sql`delete from ${priceListStaging} s using ${priceListDuplicates} d where s.line = d.line`);
  return count;
}

/** True when two brand spellings of the file name one brand, so that rows with different keys may be one part. */
async function spellingsShareBrands(tx: Db, brandKeys: BrandKeys): Promise<boolean> {
  const keys = [...brandKeys.spellings.keys()];
  const shared = await countOf(
    tx,
    sql`select count(*)::int as count from (
          select brand_id from brand_aliases where alias_normalized = any(${sql.param(keys)}::text[])
           group by brand_id having count(*) > 1) shared`,
  );
  return shared > 0;
}

interface ReplaceCounts {
  deleted: number;
  updated: number;
  inserted: number;
  loaded: number;
}

/** What the new list does to each of the supplier's offers: only the rows that change something. */
const priceListChanges = pgTable('price_list_changes', {
  /** The staged row; null for an offer the list no longer has. */
  line: integer('line'),
  /** The offer; null for a part new to the supplier. */
  offerId: bigint('offer_id', { mode: 'number' }),
});

/**
 * Turns the supplier's offers into the staged list. One pass over both finds what changes: parts new to the
 * supplier, offers whose part (brand, normalized article) the list still has but with other values, and offers
 * it no longer has; an unchanged offer is not touched. Offers that stay are updated in place and keep their id
 * (baskets hold offer ids); new ones are inserted in index order.
 */
async function replaceOffers(tx: Db, supplier: Supplier, guardRemoval: boolean): Promise<ReplaceCounts> {
  const delivery = sql`coalesce(s.delivery_days, ${supplier.defaultDeliveryDays}::int)`;
  const loaded = await countOf(tx, sql`select count(*)::int as count from ${priceListStaging}`);
  // A supplier's first list (or a list after an empty one) has nothing to compare with: every row is new.
  const hadOffers =
    !supplier.created &&
    (await countOf(
      tx,
      sql`select count(*)::int as count from (select 1 from offers where supplier_id = ${supplier.id} limit 1) o`,
    )) > 0;
  if (!hadOffers) {
    const inserted = await insertOffers(tx, supplier, delivery, sql`true`);
    return { deleted: 0, updated: 0, inserted, loaded };
  }

  await tx.execute(sql`drop table if exists ${priceListChanges}`);
  // Hash joins only: with an offers table analyzed while it was small, the planner could pick a million lookups.
  await tx.execute(sql`set local enable_nestloop = off`);
  await tx.execute(sql`
    create temporary table ${priceListChanges} on commit drop as
    select s.line, o.id as offer_id
      from (select s.*, a.brand_id from ${priceListStaging} s join brand_aliases a on a.alias_normalized = s.brand_key) s
      full join (select * from offers where supplier_id = ${supplier.id}) o
        on o.brand_id = s.brand_id and o.article_normalized = s.article_normalized
     where o.id is null or s.line is null
        or (o.article, o.description, o.delivery_days, o.price, o.quantity, o.weight)
           is distinct from (s.article, s.description, ${delivery}, s.price, s.quantity, s.weight)`);
  await tx.execute(sql`set local enable_nestloop = on`);
  await tx.execute(sql`analyze ${priceListChanges}`);
  if (guardRemoval) {
    const removing = await countOf(tx, sql`select count(*)::int as count from ${priceListChanges} where line is null`);
    const offers = await countOf(tx, sql`select count(*)::int as count from offers where supplier_id = ${supplier.id}`);
    if (isMassRemoval(offers, removing)) throw new MassRemoval({ offers, removed: removing, loaded });
  }

  const deleted = await countOf(
    tx,
    sql`with gone as (
          delete from offers o using ${priceListChanges} c
           where c.line is null and o.id = c.offer_id
          returning 1)
        select count(*)::int as count from gone`,
  );
  const updated = await countOf(
    tx,
    sql`with changed as (
          update offers o
             set article = s.article, description = s.description, delivery_days = ${delivery},
                 price = s.price, quantity = s.quantity, weight = s.weight, updated_at = now()
            from (select c.offer_id, s.*
                    from ${priceListChanges} c join ${priceListStaging} s on s.line = c.line
                   where c.offer_id is not null
                   -- In the offers' physical order: pages are then visited once each, not at random
                   -- (measured: a third less time for a million changed prices).
                   order by c.offer_id) s
           where o.id = s.offer_id
          returning 1)
        select count(*)::int as count from changed`,
  );
  const inserted = await insertOffers(
    tx,
    supplier,
    delivery,
    sql`s.line in (select line from ${priceListChanges} where offer_id is null)`,
  );
  return { deleted, updated, inserted, loaded };
}

async function insertOffers(tx: Db, supplier: Supplier, delivery: SQL, which: SQL): Promise<number> {
  return countOf(
    tx,
    sql`with added as (
          insert into offers (supplier_id, brand_id, article, article_normalized, description, delivery_days,
                              price, quantity, weight)
          select ${supplier.id}::int, a.brand_id, s.article, s.article_normalized, s.description, ${delivery},
                 s.price, s.quantity, s.weight
            from ${priceListStaging} s join brand_aliases a on a.alias_normalized = s.brand_key
           where ${which}
           order by s.article_normalized, a.brand_id
          returning 1)
        select count(*)::int as count from added`,
  );
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

/** The columns of offers a new supplier's rows are copied into. */
const offersCopied = pgTable('offers', {
  supplierId: integer('supplier_id').notNull(),
  brandId: integer('brand_id').notNull(),
  article: text('article').notNull(),
  articleNormalized: text('article_normalized').notNull(),
  description: text('description').notNull(),
  deliveryDays: integer('delivery_days'),
  price: numeric('price', { precision: 12, scale: 2, mode: 'string' }).notNull(),
  quantity: integer('quantity').notNull(),
  weight: numeric('weight', { precision: 10, scale: 3, mode: 'string' }),
});

// Rows held back, from the first one whose brand the import cannot name yet, before the brands are resolved.
const HELD_ROWS = 5000;

interface HeldRow {
  line: number;
  row: PriceRow;
  brandKey: string;
}

/**
 * Copies a supplier's rows straight into offers, in the file's order, inside the import's transaction. A row
 * needs its brand's id: from the first row whose brand key is not resolved yet, rows are held back (a few
 * thousand at most), then the copy pauses while their brands are resolved (created if new) in one statement, and
 * goes on with them, so that offers keep the file's order: their ids rise with the line, and `lines` maps the
 * n-th copied offer back to its line.
 */
class OffersCopy {
  private writer: StagingWriter<typeof offersCopied>;
  private readonly brandIds = new Map<string, string>();
  private held: HeldRow[] = [];
  private copied = 0;
  private lineOf = new Int32Array(1 << 16);
  readonly sieve = new DuplicateSieve();
  brandsCreated = 0;

  constructor(
    private readonly tx: Db,
    private readonly session: ImportSession & Required<Pick<ImportSession, 'copyInto'>>,
    private readonly supplier: Supplier,
    private readonly brandKeys: BrandKeys,
  ) {
    this.writer = session.copyInto(offersCopied);
  }

  add(line: number, row: PriceRow, brandKey: string): Promise<void> | undefined {
    if (this.held.length === 0) {
      const brandId = this.brandIds.get(brandKey);
      if (brandId !== undefined) return this.write(line, row, brandId);
    }
    this.held.push({ line, row, brandKey });
    return this.held.length >= HELD_ROWS ? this.resolveHeld() : undefined;
  }

  /** The line of the `position`-th copied offer (1-based, in id order). */
  lineAt(position: number): number {
    return this.lineOf[position - 1] ?? 0;
  }

  async finish(): Promise<void> {
    if (this.held.length > 0) await this.resolveHeld();
    await this.writer.finish();
  }

  /** Ends the COPY under way after a failure, so that the transaction can roll back. */
  async abort(reason: unknown): Promise<void> {
    this.held = [];
    await this.writer.abort(reason instanceof Error ? reason : new Error(String(reason)));
  }

  private write(line: number, row: PriceRow, brandId: string): Promise<void> | undefined {
    if (this.copied === this.lineOf.length) {
      const grown = new Int32Array(this.lineOf.length * 2);
      grown.set(this.lineOf);
      this.lineOf = grown;
    }
    this.lineOf[this.copied] = line;
    this.copied += 1;
    this.sieve.add(brandId, row.articleNormalized);
    return this.writer.add({
      supplierId: this.supplier.id,
      brandId: brandId as unknown as number,
      article: row.article,
      articleNormalized: row.articleNormalized,
      description: row.description,
      deliveryDays: row.deliveryDays ?? this.supplier.defaultDeliveryDays,
      price: row.price,
      quantity: row.quantity,
      weight: row.weight,
    });
  }

  private async resolveHeld(): Promise<void> {
    const held = this.held;
    this.held = [];
    await this.writer.finish();
    const unknown = new Map<string, string>();
    for (const { brandKey } of held) {
      if (!this.brandIds.has(brandKey)) unknown.set(brandKey, this.brandKeys.spellings.get(brandKey) ?? brandKey);
    }
    this.brandsCreated += await createMissingBrands(this.tx, unknown);
    for (const [key, id] of await brandIdsOf(this.tx, [...unknown.keys()])) this.brandIds.set(key, id);
    this.writer = this.session.copyInto(offersCopied);
    for (const { line, row, brandKey } of held) {
      const brandId = this.brandIds.get(brandKey);
      if (brandId === undefined) throw new Error(`Brand ${brandKey} could not be resolved`);
      await this.write(line, row, brandId);
    }
  }
}

/**
 * Refuses every later offer of a part the new supplier's file listed twice, keeping the first: finds them among
 * the supplier's offers (their order is the file's), reports them with their lines and deletes them.
 */
async function dropCopiedDuplicates(
  tx: Db,
  supplier: Supplier,
  copy: OffersCopy,
  onReject: ImportEvents['onReject'],
): Promise<number> {
  const repeated = await tx.execute<{ id: number; position: number; first_position: number }>(sql`
    select id::float8 as id, position::int as position, first_position::int as first_position
      from (select id, position, copies,
                   first_value(position) over (partition by brand_id, article_normalized order by id) as first_position
              from (select id, brand_id, article_normalized, row_number() over (order by id) as position,
                           count(*) over (partition by brand_id, article_normalized) as copies
                      from offers where supplier_id = ${supplier.id}) numbered) o
     where copies > 1 and position <> first_position`);
  if (repeated.rows.length === 0) return 0;
  const refused = repeated.rows
    .map((row) => ({ id: row.id, line: copy.lineAt(row.position), firstLine: copy.lineAt(row.first_position) }))
    .sort((a, b) => a.line - b.line);
  for (const { line, firstLine } of refused) {
    onReject?.({ line, reason: duplicateReason(firstLine), fields: [] });
  }
  await tx.execute(sql`delete from offers where id = any(${sql.param(refused.map((row) => row.id))}::bigint[])`);
  return refused.length;
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

async function supplierHasOffers(db: Db, name: string): Promise<boolean> {
  const found = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from offers o join suppliers s on s.id = o.supplier_id where s.name = ${name}) as found`);
  return found.rows[0]?.found ?? false;
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
    if (
      !supplier.created &&
      (await countOf(
        tx,
        sql`select count(*)::int as count from (select 1 from offers where supplier_id = ${supplier.id} limit 1) o`,
      )) > 0
    ) {
      return undefined;
    }
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
