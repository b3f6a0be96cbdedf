import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import type { BrandKeys } from './brand-keys.ts';
import { brandIdsOf, createMissingBrands } from './brand-keys.ts';
import { DuplicateSieve } from './duplicate-sieve.ts';
import type { ImportEvents } from './import-events.ts';
import type { ImportSession, StagingWriter } from './import-session.ts';
import { duplicateReason, offersCopied } from './price-list-staging.ts';
import type { PriceRow } from './price-row.ts';
import type { Supplier } from './price-list-supplier.ts';

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
export class OffersCopy {
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
export async function dropCopiedDuplicates(
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
