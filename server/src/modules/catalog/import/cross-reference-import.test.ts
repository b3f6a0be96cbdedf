import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, shopEndpoints } from '@detal/contract';
import type { Database } from '../../../db/index.ts';
import { brandAliases, brands, crossReferences } from '../../../db/schema/index.ts';
import { buildTestApp } from '../../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../../test/helpers/db.ts';
import { importCrossReferences } from './cross-reference-import.ts';
import type { RejectedRow } from './import-events.ts';
import { importPriceList } from './price-list-import.ts';
import { NUL_REFUSAL } from './price-row.ts';
import { buildXlsx, createTempFolder, type TempFolder } from '../../../../test/fixtures/import-files.ts';

let database: Database;
let app: FastifyInstance;
let folder: TempFolder;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await createTempFolder();
  ({ app } = await buildTestApp(database, { logLevel: 'silent' }));
  const prices = [
    'article;brand;price;quantity',
    'OC 90;MAHLE;500;3',
    'W 712/75;MANN-FILTER;450;1',
    'OC 91;KNECHT;400;2',
  ].join('\n');
  await importPriceList(database, { supplierName: 'Склад', file: await folder.write('prices.csv', prices) });
  // MAHLE is also known as 'Mahle Original'.
  const [mahle] = await database.db.select({ id: brands.id }).from(brands).where(eq(brands.name, 'MAHLE'));
  await database.db.insert(brandAliases).values({ aliasNormalized: 'MAHLEORIGINAL', brandId: mahle!.id });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await folder?.remove();
});

async function runCrosses(file: string) {
  const rejected: RejectedRow[] = [];
  const summary = await importCrossReferences(database, { file, onReject: (row) => rejected.push(row) });
  return { summary, rejected: rejected.map(({ line, reason }) => ({ line, reason })) };
}

/** The stored pairs as 'BRAND ARTICLE -> BRAND ARTICLE (type)'. */
async function storedPairs(): Promise<string[]> {
  const brandA = alias(brands, 'brand_a');
  const brandB = alias(brands, 'brand_b');
  const rows = await database.db
    .select({
      a: sql<string>`${brandA.name} || ' ' || ${crossReferences.articleNormalizedA}`,
      b: sql<string>`${brandB.name} || ' ' || ${crossReferences.articleNormalizedB}`,
      type: crossReferences.type,
    })
    .from(crossReferences)
    .innerJoin(brandA, eq(brandA.id, crossReferences.brandIdA))
    .innerJoin(brandB, eq(brandB.id, crossReferences.brandIdB))
    .orderBy(asc(brandA.name), asc(crossReferences.articleNormalizedA));
  return rows.map((row) => `${row.a} -> ${row.b} (${row.type})`);
}

/** Brand and article of the analog offers products-search shows for an article of a brand. */
async function analogsOf(article: string, brandName: string): Promise<string[]> {
  const response = await app.inject({
    method: 'POST',
    url: `${SHOP_API_PREFIX}products-search`,
    payload: { article, brand_name: brandName },
  });
  expect(response.statusCode).toBe(200);
  const { items } = shopEndpoints['products-search'].response.parse(response.json()).data.result_products_search;
  return items.filter((item) => item.group === 'analog').map((item) => `${item.brand_name} ${item.article}`);
}

const crosses = [
  'brand1;article1;brand2;article2;type',
  'Mahle Original;OC 90;Mann-Filter;W 712/75;analog',
  'VAG;06A 115 561 B;MAHLE;OC 90;OEM',
  'Bosch;;Mahle;OC90;',
  'Knecht;OC91;knecht;oc-91;',
  'Knecht;OC 91;Mahle;OC 90;похожий',
  'MANN FILTER;W71275;MAHLE;OC-90;',
  'Knecht;OC 91;Mahle;OC 90;замена',
].join('\n');

describe('importing cross-references', () => {
  it('adds pairs once whatever their direction, creates unknown brands and reports bad rows', async () => {
    const brandsBefore = (await database.db.select({ name: brands.name }).from(brands)).map((row) => row.name);
    const { summary, rejected } = await runCrosses(await folder.write('crosses.csv', crosses));
    expect(rejected).toEqual([
      { line: 4, reason: 'нет артикула 1' },
      { line: 5, reason: 'обе стороны называют одну и ту же деталь' },
      { line: 6, reason: 'тип связи не распознан (оригинал, замена или аналог): «похожий»' },
    ]);
    // Line 7 is line 2 the other way round.
    expect(summary).toMatchObject({ read: 7, added: 3, retyped: 0, known: 1, rejected: 3, brandsCreated: 1 });
    expect(await storedPairs()).toEqual([
      'KNECHT OC91 -> MAHLE OC90 (replacement)',
      'MAHLE OC90 -> MANN-FILTER W71275 (analog)',
      'VAG 06A115561B -> MAHLE OC90 (oem)',
    ]);
    const brandsAfter = (await database.db.select({ name: brands.name }).from(brands)).map((row) => row.name);
    expect(brandsAfter.filter((name) => !brandsBefore.includes(name))).toEqual(['VAG']);
  });

  it('makes analogs searchable in both directions, also from a part that has no offers of its own', async () => {
    expect((await analogsOf('oc-90', 'Mahle')).sort()).toEqual(['KNECHT OC 91', 'MANN-FILTER W 712/75']);
    // MAHLE OC 90 is linked to each of them: the others are their analogs at two hops, through it.
    expect((await analogsOf('W712/75', 'mann filter')).sort()).toEqual(['KNECHT OC 91', 'MAHLE OC 90']);
    expect((await analogsOf('OC91', 'KNECHT')).sort()).toEqual(['MAHLE OC 90', 'MANN-FILTER W 712/75']);
    expect((await analogsOf('06A115561B', 'VAG')).sort()).toEqual([
      'KNECHT OC 91',
      'MAHLE OC 90',
      'MANN-FILTER W 712/75',
    ]);
  });

  it('adds nothing twice on a second import, changes a known type, and reads XLSX files', async () => {
    const file = await folder.write(
      'crosses.xlsx',
      buildXlsx([
        ['Бренд 1', 'Артикул 1', 'Бренд 2', 'Артикул 2', 'Тип'],
        ['MANN-FILTER', 'W 712/75', 'Mahle', 'OC 90', null],
        ['Knecht', 'OC 91', 'Mahle', 'OC 90', 'аналог'],
      ]),
    );
    const { summary, rejected } = await runCrosses(file);
    expect(rejected).toEqual([]);
    expect(summary).toMatchObject({ read: 2, added: 0, retyped: 1, known: 1, brandsCreated: 0 });
    expect(await storedPairs()).toEqual([
      'KNECHT OC91 -> MAHLE OC90 (analog)',
      'MAHLE OC90 -> MANN-FILTER W71275 (analog)',
      'VAG 06A115561B -> MAHLE OC90 (oem)',
    ]);
  });

  it('changes nothing, brands included, when it fails before committing', async () => {
    const pairs = await storedPairs();
    const brandCount = await database.db.select({ count: sql<number>`count(*)::int` }).from(brands);
    const file = await folder.write('late.csv', 'NEWBRAND;N1;Mahle;OC90\n');
    await expect(
      importCrossReferences(database, {
        file,
        onProgress: (progress) => {
          if (progress.phase === 'committing') throw new Error('injected failure before commit');
        },
      }),
    ).rejects.toThrow('injected failure before commit');
    expect(await storedPairs()).toEqual(pairs);
    expect(await database.db.select({ count: sql<number>`count(*)::int` }).from(brands)).toEqual(brandCount);
  });
});

describe('a NUL character in a cross-reference row', () => {
  it('refuses that row with the reason in Russian and adds the others', async () => {
    const file = await folder.write(
      'crosses-nul.csv',
      ['brand1;article1;brand2;article2', 'NEW\u0000BRAND;X1;MAHLE;OC 90', 'MANN-FILTER;W 9999;KNECHT;OC 9999'].join(
        '\n',
      ),
    );
    const { summary, rejected } = await runCrosses(file);
    expect(rejected).toEqual([{ line: 2, reason: NUL_REFUSAL }]);
    expect(summary.read - summary.rejected).toBe(1);
    const added = (await storedPairs()).filter((pair) => pair.includes('W9999') || pair.includes('X1'));
    expect(added).toEqual(['MANN-FILTER W9999 -> KNECHT OC9999 (analog)']);
  });
});
