import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRAND_MAIN_SPELLING_MESSAGE,
  CROSS_REFERENCE_NOT_FOUND_MESSAGE,
  brandSpellingTakenMessage,
  normalizeBrand,
  type AdminBrand,
  type CrossReference,
  type Paginated,
  type SearchResult,
} from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog, brandAliases, brands, crossReferences, offers } from '../../db/schema/index.ts';
import { createMissingBrands } from './import/brand-keys.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { callShop } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';

/*
 * Brands and cross-references in the back office (issue 26 point 7): a price list's new spelling of a brand
 * silently became a brand of its own, nothing merged brands or added spellings, and a wrong cross-reference could
 * never be removed. Through the real app, every write audited.
 */

let database: Database;
let app: FastifyInstance;
let manager: string;
let editor: string;
let knecht: number;
let knechtTypo: number;
let mahle: number;

const ok = async <T>(endpoint: string, body: object, cookie = manager): Promise<T> => {
  const response = await callAdmin(app, endpoint as never, { cookie, body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
};
const search = async (article: string, brand: string): Promise<SearchResult> => {
  const response = await callShop(app, 'products-search', { body: { article, brand_name: brand } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: { result_products_search: SearchResult } }).data.result_products_search;
};

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
  const { db } = database;
  knecht = await insertBrand(db, 'KNECHT');
  mahle = await insertBrand(db, 'MAHLE');
  // As a price list makes them: brand rows with their own spelling as alias.
  await createMissingBrands(db, new Map([[normalizeBrand('KNEHT'), 'KNEHT']]));
  knechtTypo = (await db.select().from(brands).where(eq(brands.nameNormalized, 'KNEHT')))[0]!.id;
  await db.execute(sql`insert into brand_aliases (alias_normalized, brand_id)
    select name_normalized, id from brands on conflict do nothing`);
  const supplier = await insertSupplier(db, 'ООО Бренды', { displayName: 'Склад Б' });
  await insertOffers(db, knecht, supplier, [{ article: 'OC 90', description: 'Фильтр', price: '500.00', quantity: 3 }]);
  await insertOffers(db, knechtTypo, supplier, [
    { article: 'OC 90', description: 'Фильтр', price: '480.00', quantity: 2 },
    { article: 'OC 47', description: 'Фильтр', price: '300.00', quantity: 2 },
  ]);
  await insertOffers(db, mahle, supplier, [{ article: 'OC 91', description: 'Фильтр', price: '400.00', quantity: 1 }]);
  await db.insert(crossReferences).values([
    { brandIdA: knechtTypo, articleNormalizedA: 'OC90', brandIdB: mahle, articleNormalizedB: 'OC91', type: 'analog' },
    // A wrong pair: the typo's OC 47 named as KNECHT's OC 90.
    { brandIdA: knechtTypo, articleNormalizedA: 'OC47', brandIdB: knecht, articleNormalizedB: 'OC90', type: 'analog' },
  ]);
  manager = await staffCookieFor(db, (await createTestStaff(db, 'manager')).member.id);
  editor = await staffCookieFor(db, (await createTestStaff(db, 'content_editor')).member.id);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('brands in the back office', () => {
  it('lists brands newest first with their spellings, found by the start of any spelling; managers only', async () => {
    const all = await ok<Paginated<AdminBrand>>('brand-list', { per_page: 50 });
    expect(all.data[0]).toMatchObject({ id: knechtTypo, name: 'KNEHT', aliases: ['KNEHT'] });
    const found = await ok<Paginated<AdminBrand>>('brand-list', { q: 'kne', per_page: 50 });
    expect(found.data.map((brand) => brand.name).sort()).toEqual(['KNECHT', 'KNEHT']);
    const refused = await callAdmin(app, 'brand-list', { cookie: editor, body: {} });
    expect(refused.statusCode).toBe(403);
  });

  it("adds a spelling, refuses one that is another brand's and removing the brand's own name", async () => {
    const added = await ok<{ brand: AdminBrand }>('brand-alias-add', { brand_id: knecht, alias: 'Knecht Filter' });
    expect(added.brand.aliases).toEqual(['KNECHT', 'KNECHTFILTER']);
    const taken = await callAdmin(app, 'brand-alias-add', {
      cookie: manager,
      body: { brand_id: knecht, alias: 'kneht' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error).toEqual({ alias: [brandSpellingTakenMessage('kneht', 'KNEHT')] });
    const own = await callAdmin(app, 'brand-alias-remove', {
      cookie: manager,
      body: { brand_id: knecht, alias: 'KNECHT' },
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().error).toEqual({ alias: [BRAND_MAIN_SPELLING_MESSAGE] });
    const removed = await ok<{ brand: AdminBrand }>('brand-alias-remove', { brand_id: knecht, alias: 'knecht-filter' });
    expect(removed.brand.aliases).toEqual(['KNECHT']);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.entity, 'brand'));
    expect(rows.map((row) => row.action)).toEqual(['brand.alias_add', 'brand.alias_remove']);
  });

  it('merges a misspelt brand into the real one: offers, cross-references and spellings move, in one step', async () => {
    expect((await search('OC90', 'KNECHT')).items.filter((item) => item.group === 'requested')).toHaveLength(1);
    const merged = await ok<{ brand: AdminBrand }>('brand-merge', { from_id: knechtTypo, into: 'knecht' });
    expect(merged.brand).toEqual({ id: knecht, name: 'KNECHT', aliases: ['KNECHT', 'KNEHT'] });
    expect(await database.db.select().from(brands).where(eq(brands.id, knechtTypo))).toEqual([]);
    expect(
      (await database.db.select().from(offers).where(eq(offers.brandId, knecht))).map((row) => row.article).sort(),
    ).toEqual(['OC 47', 'OC 90', 'OC 90']);
    // Both OC 90 offers are KNECHT's now, and the typo's analog came along.
    const result = await search('OC90', 'KNECHT');
    expect(result.items.filter((item) => item.group === 'requested')).toHaveLength(2);
    expect(result.items.some((item) => item.group === 'analog' && item.brand_name === 'MAHLE')).toBe(true);
    // The next list that writes KNEHT finds KNECHT.
    const [alias] = await database.db.select().from(brandAliases).where(eq(brandAliases.aliasNormalized, 'KNEHT'));
    expect(alias!.brandId).toBe(knecht);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'brand.merge'));
    expect(audit).toMatchObject({ entityId: String(knecht), before: { merged: 'KNEHT' }, after: { offers_moved: 2 } });
  });
});

describe('cross-references in the back office', () => {
  it('lists an article’s pairs from either side, removes a wrong one whichever way it is named, audited', async () => {
    const pairs = await ok<Paginated<CrossReference>>('cross-reference-list', { article: 'oc-90', per_page: 50 });
    expect(pairs.data).toEqual([
      { brand_a: 'KNECHT', article_a: 'OC47', brand_b: 'KNECHT', article_b: 'OC90', type: 'analog' },
      { brand_a: 'KNECHT', article_a: 'OC90', brand_b: 'MAHLE', article_b: 'OC91', type: 'analog' },
    ]);
    const removed = await ok<{ removed: CrossReference }>('cross-reference-remove', {
      brand_a: 'Knecht',
      article_a: 'OC 90',
      brand_b: 'KNECHT',
      article_b: 'oc-47',
    });
    expect(removed.removed.type).toBe('analog');
    const again = await callAdmin(app, 'cross-reference-remove', {
      cookie: manager,
      body: { brand_a: 'KNECHT', article_a: 'OC90', brand_b: 'KNECHT', article_b: 'OC47' },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(CROSS_REFERENCE_NOT_FOUND_MESSAGE);
    const left = await ok<Paginated<CrossReference>>('cross-reference-list', { article: 'OC90', per_page: 50 });
    expect(left.data.map((pair) => pair.article_a)).toEqual(['OC90']);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'cross_reference.remove'));
    expect(audit).toMatchObject({ entityId: 'KNECHT OC90 ↔ KNECHT OC47', before: { type: 'analog' } });
  });

  it('adds a pair by hand between brands the shop knows, changes its type, refuses an unknown brand', async () => {
    const saved = await ok<{ cross_reference: CrossReference }>('cross-reference-save', {
      brand_a: 'MAHLE',
      article_a: 'OC 91',
      brand_b: 'KNECHT',
      article_b: 'OC 47',
      type: 'replacement',
    });
    expect(saved.cross_reference).toEqual({
      brand_a: 'MAHLE',
      article_a: 'OC91',
      brand_b: 'KNECHT',
      article_b: 'OC47',
      type: 'replacement',
    });
    // Named the other way round: the stored pair's type changes, no second row.
    await ok('cross-reference-save', {
      brand_a: 'KNECHT',
      article_a: 'OC47',
      brand_b: 'MAHLE',
      article_b: 'OC91',
      type: 'oem',
    });
    const rows = await database.db.select().from(crossReferences).where(eq(crossReferences.articleNormalizedB, 'OC47'));
    expect(rows.map((row) => row.type)).toEqual(['oem']);
    const unknown = await callAdmin(app, 'cross-reference-save', {
      cookie: manager,
      body: { brand_a: 'NOBRAND', article_a: 'X1', brand_b: 'MAHLE', article_b: 'OC91' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toEqual({ brand_a: ['Бренд «NOBRAND» магазину не известен'] });
    expect(await database.db.select().from(brands).where(eq(brands.nameNormalized, 'NOBRAND'))).toEqual([]);
  });
});
