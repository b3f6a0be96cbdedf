import {
  BRAND_MAIN_SPELLING_MESSAGE,
  BRAND_MERGE_SELF_MESSAGE,
  BRAND_NOT_FOUND_MESSAGE,
  CROSS_REFERENCE_NOT_FOUND_MESSAGE,
  CROSS_REFERENCE_SAME_PART_MESSAGE,
  brandSpellingTakenMessage,
  normalizeArticle,
  normalizeBrand,
  pageOffset,
  paginationMeta,
  unknownBrandMessage,
  type AdminBrand,
  type BrandAliasRequest,
  type BrandListFilters,
  type BrandMergeRequest,
  type CrossReference,
  type CrossReferenceKey,
  type CrossReferenceListFilters,
  type CrossReferenceSaveRequest,
  type Paginated,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { emit } from '../../events/bus.ts';
import {
  brandById,
  deleteAlias,
  deletePair,
  findBrandBySpelling,
  findPair,
  insertAlias,
  listBrandPage,
  listCrossReferencePage,
  lockBrand,
  mergeBrandRows,
  upsertPair,
  type PartKey,
} from './brands-queries.ts';

/*
 * The back office's brands and cross-references (issue 26): spellings added to a brand or taken off it, two
 * brands merged into one, pairs added and removed by hand. Each write is one transaction with its audit row; the
 * suggestions this instance keeps are forgotten after a change of what a search finds (decision 0032).
 */

interface Actor {
  staffId: number;
  at: Date;
}

export async function listBrands(
  db: DbExecutor,
  filters: BrandListFilters,
  page: number,
): Promise<Paginated<AdminBrand>> {
  const prefix = filters.q ? normalizeBrand(filters.q) || null : null;
  const { total, rows } = await listBrandPage(db, prefix, filters.per_page, pageOffset(page, filters.per_page));
  return { data: rows, ...paginationMeta(total, page, filters.per_page) };
}

const spellingOf = (alias: string): string => {
  const spelling = normalizeBrand(alias);
  if (spelling === '') throw validationFailed({ alias: ['В написании нет ни букв, ни цифр'] });
  return spelling;
};

async function lockedBrand(tx: Tx, id: number) {
  const brand = await lockBrand(tx, id);
  if (!brand) throw notFound(BRAND_NOT_FOUND_MESSAGE);
  return brand;
}

async function shownBrand(db: DbExecutor, id: number): Promise<AdminBrand> {
  const brand = await brandById(db, id);
  if (!brand) throw notFound(BRAND_NOT_FOUND_MESSAGE);
  return brand;
}

/** A new spelling for a brand; one that is another brand's is refused (that is a merge). */
export async function addBrandAlias(db: Db, request: BrandAliasRequest, actor: Actor): Promise<AdminBrand> {
  const spelling = spellingOf(request.alias);
  await db.transaction(async (tx) => {
    const brand = await lockedBrand(tx, request.brand_id);
    const owner = await findBrandBySpelling(tx, spelling);
    if (owner && owner.id !== brand.id) {
      throw validationFailed({ alias: [brandSpellingTakenMessage(request.alias.trim(), owner.name)] });
    }
    if (owner) return;
    await insertAlias(tx, brand.id, spelling);
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'brand.alias_add',
      entity: 'brand',
      entityId: brand.id,
      after: { alias: spelling },
      at: actor.at,
    });
    await emit(tx, 'CatalogVisibilityChanged', { reason: 'brand' });
  });
  return shownBrand(db, request.brand_id);
}

/** A spelling taken off a brand (never its own name's): the next list that writes it makes a brand of its own. */
export async function removeBrandAlias(db: Db, request: BrandAliasRequest, actor: Actor): Promise<AdminBrand> {
  const spelling = spellingOf(request.alias);
  await db.transaction(async (tx) => {
    const brand = await lockedBrand(tx, request.brand_id);
    if (spelling === brand.nameNormalized) throw validationFailed({ alias: [BRAND_MAIN_SPELLING_MESSAGE] });
    if (!(await deleteAlias(tx, brand.id, spelling))) {
      throw validationFailed({ alias: [`У бренда «${brand.name}» нет написания «${request.alias.trim()}»`] });
    }
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'brand.alias_remove',
      entity: 'brand',
      entityId: brand.id,
      before: { alias: spelling },
      at: actor.at,
    });
    await emit(tx, 'CatalogVisibilityChanged', { reason: 'brand' });
  });
  return shownBrand(db, request.brand_id);
}

/** Brand `from_id` joins the brand `into` names: everything of it moves, and it is gone. */
export async function mergeBrands(db: Db, request: BrandMergeRequest, actor: Actor): Promise<AdminBrand> {
  const intoId = await db.transaction(async (tx) => {
    const target = await findBrandBySpelling(tx, normalizeBrand(request.into));
    if (!target) throw validationFailed({ into: [unknownBrandMessage(request.into.trim())] });
    if (target.id === request.from_id) throw validationFailed({ into: [BRAND_MERGE_SELF_MESSAGE] });
    // Both locked, the lower id first: two merges of the same pair the other way round wait rather than deadlock.
    const [first, second] = [request.from_id, target.id].sort((x, y) => x - y);
    await lockedBrand(tx, first!);
    await lockedBrand(tx, second!);
    const from = await lockedBrand(tx, request.from_id);
    const offersMoved = await mergeBrandRows(tx, from.id, target.id);
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'brand.merge',
      entity: 'brand',
      entityId: target.id,
      before: { merged: from.name, merged_id: from.id },
      after: { name: target.name, offers_moved: offersMoved },
      at: actor.at,
    });
    await emit(tx, 'CatalogVisibilityChanged', { reason: 'brand' });
    return target.id;
  });
  return shownBrand(db, intoId);
}

export async function listCrossReferences(
  db: DbExecutor,
  filters: CrossReferenceListFilters,
  page: number,
): Promise<Paginated<CrossReference>> {
  const article = normalizeArticle(filters.article);
  let brandId: number | null = null;
  if (filters.brand) {
    const brand = await findBrandBySpelling(db, normalizeBrand(filters.brand));
    if (!brand) return { data: [], ...paginationMeta(0, page, filters.per_page) };
    brandId = brand.id;
  }
  const { total, rows } = await listCrossReferencePage(
    db,
    article,
    brandId,
    filters.per_page,
    pageOffset(page, filters.per_page),
  );
  return { data: rows, ...paginationMeta(total, page, filters.per_page) };
}

interface ResolvedPair {
  a: PartKey & { name: string };
  b: PartKey & { name: string };
}

/** Both parts of a pair by brands the shop knows (never a new brand made by a typo) and normalized articles. */
async function resolvePair(db: DbExecutor, key: CrossReferenceKey): Promise<ResolvedPair> {
  const part = async (side: 'a' | 'b') => {
    const brandText = key[`brand_${side}`];
    const brand = await findBrandBySpelling(db, normalizeBrand(brandText));
    const article = normalizeArticle(key[`article_${side}`]);
    const errors: Record<string, string[]> = {};
    if (!brand) errors[`brand_${side}`] = [unknownBrandMessage(brandText)];
    if (article === '') errors[`article_${side}`] = ['В артикуле нет ни букв, ни цифр'];
    return { brand, article, errors };
  };
  const [a, b] = await Promise.all([part('a'), part('b')]);
  const errors = { ...a.errors, ...b.errors };
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  if (a.brand!.id === b.brand!.id && a.article === b.article) {
    throw validationFailed({ article_b: [CROSS_REFERENCE_SAME_PART_MESSAGE] });
  }
  return {
    a: { brandId: a.brand!.id, article: a.article, name: a.brand!.name },
    b: { brandId: b.brand!.id, article: b.article, name: b.brand!.name },
  };
}

const pairOf = ({ a, b }: ResolvedPair, type: CrossReference['type']): CrossReference => ({
  brand_a: a.name,
  article_a: a.article,
  brand_b: b.name,
  article_b: b.article,
  type,
});

const pairText = ({ a, b }: ResolvedPair): string => `${a.name} ${a.article} ↔ ${b.name} ${b.article}`;

/** A pair added by hand, or its type changed; the pair already stored the other way round is the one changed. */
export async function saveCrossReference(
  db: Db,
  request: CrossReferenceSaveRequest,
  actor: Actor,
): Promise<CrossReference> {
  const resolved = await resolvePair(db, request);
  const saved = await db.transaction(async (tx) => {
    const existing = await findPair(tx, resolved.a, resolved.b);
    const [first, second] = existing?.swapped ? [resolved.b, resolved.a] : [resolved.a, resolved.b];
    await upsertPair(tx, first, second, request.type);
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'cross_reference.save',
      entity: 'cross_reference',
      entityId: pairText(resolved),
      before: existing ? { type: existing.type } : null,
      after: { type: request.type },
      at: actor.at,
    });
    await emit(tx, 'CatalogVisibilityChanged', { reason: 'cross_reference' });
    return pairOf(existing?.swapped ? { a: resolved.b, b: resolved.a } : resolved, request.type);
  });
  return saved;
}

/** A wrong pair removed, whichever way round it was stored. */
export async function removeCrossReference(db: Db, key: CrossReferenceKey, actor: Actor): Promise<CrossReference> {
  const resolved = await resolvePair(db, key);
  const removed = await db.transaction(async (tx) => {
    const existing = await findPair(tx, resolved.a, resolved.b);
    if (!existing) throw notFound(CROSS_REFERENCE_NOT_FOUND_MESSAGE);
    await deletePair(tx, resolved.a, resolved.b);
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'cross_reference.remove',
      entity: 'cross_reference',
      entityId: pairText(resolved),
      before: { type: existing.type },
      at: actor.at,
    });
    await emit(tx, 'CatalogVisibilityChanged', { reason: 'cross_reference' });
    return pairOf(resolved, existing.type);
  });
  return removed;
}
