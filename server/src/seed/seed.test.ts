import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database } from '../db/index.ts';
import { normalizeArticle, normalizeBrand } from '@detal/contract';
import { readShopSetting } from '../db/shop-settings.ts';
import { seedDemoData, seedIfEmpty, wipeDemoData, type SeedSummary } from './index.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';

const { brands, brandAliases, suppliers, offers, crossReferences, catalogGroups, catalogGroupArticles } = schema;
const now = new Date('2026-05-15T09:00:00.000Z');

async function countRows(database: Database, table: PgTable): Promise<number> {
  const [row] = await database.db.select({ value: count() }).from(table);
  return row?.value ?? -1;
}

async function brandIdByAlias(database: Database, spelling: string): Promise<number | undefined> {
  const [row] = await database.db
    .select({ brandId: brandAliases.brandId })
    .from(brandAliases)
    .where(eq(brandAliases.aliasNormalized, normalizeBrand(spelling)));
  return row?.brandId;
}

async function allOffers(database: Database) {
  return database.db.select().from(offers).orderBy(asc(offers.id));
}

/** Integer kopecks of a '1234.50' string, without passing through a float. */
function kopecks(price: string): bigint {
  const [roubles, cents] = price.split('.');
  return BigInt(roubles ?? '0') * 100n + BigInt(cents ?? '0');
}

describe(`seedDemoData (${testDriver})`, () => {
  let database: Database;
  let summary: SeedSummary;

  beforeAll(async () => {
    database = await createTestDatabase();
    summary = await seedDemoData(database, { offers: 5000, seed: 7, now });
  });
  afterAll(async () => {
    await database.close();
  });

  it('fills exactly the number of offers asked, and the summary tells the truth', async () => {
    expect(summary.offers).toBe(5000);
    expect(summary.seed).toBe(7);
    expect(await countRows(database, offers)).toBe(5000);
    expect(await countRows(database, brands)).toBe(summary.brands);
    expect(await countRows(database, brandAliases)).toBe(summary.brandAliases);
    expect(await countRows(database, suppliers)).toBe(summary.suppliers);
    expect(await countRows(database, crossReferences)).toBe(summary.crossReferences);
    expect(await countRows(database, catalogGroups)).toBe(summary.catalogGroups);
    expect(await countRows(database, catalogGroupArticles)).toBe(summary.catalogGroupArticles);
    expect(await countRows(database, schema.recommendations)).toBe(summary.recommendations);
    expect(await countRows(database, schema.pages)).toBe(5);
    expect(await countRows(database, schema.news)).toBe(12);
    expect(await countRows(database, schema.shopSettings)).toBe(6);
    expect(summary.brands).toBeGreaterThanOrEqual(40);
    expect(summary.suppliers).toBe(8);
  });

  it('matches brands through their aliases, whatever the spelling', async () => {
    const mann = await brandIdByAlias(database, 'MANN-FILTER');
    expect(mann).toBeDefined();
    for (const spelling of ['MANN', 'Mann-Filter', 'mann filter'])
      expect(await brandIdByAlias(database, spelling)).toBe(mann);

    const vag = await brandIdByAlias(database, 'VAG');
    expect(vag).toBeDefined();
    expect(await brandIdByAlias(database, 'VW')).toBe(vag);
    const hyundai = await brandIdByAlias(database, 'HYUNDAI/KIA');
    for (const spelling of ['Hyundai', 'KIA', 'Mobis']) expect(await brandIdByAlias(database, spelling)).toBe(hyundai);
    expect(await brandIdByAlias(database, 'LEMFÖRDER')).toBe(await brandIdByAlias(database, 'LEMFORDER'));
    expect(new Set([mann, vag, hyundai]).size).toBe(3);
  });

  it('sells OC 90 under several brands, written as usual, with analogs', async () => {
    const searched = normalizeArticle('ос-90'); // Cyrillic "о" and "с", as typed on a Russian keyboard
    expect(searched).toBe('OC90');
    const rows = await database.db
      .select({ brand: brands.name, brandId: brands.id, article: offers.article, supplierId: offers.supplierId })
      .from(offers)
      .innerJoin(brands, eq(brands.id, offers.brandId))
      .where(eq(offers.articleNormalized, searched));

    const brandNames = new Set(rows.map((row) => row.brand));
    expect(brandNames).toEqual(new Set(['MAHLE', 'KNECHT']));
    expect(new Set(rows.map((row) => row.article))).toEqual(new Set(['OC 90']));
    expect(new Set(rows.map((row) => row.supplierId)).size).toBeGreaterThanOrEqual(2);

    const mahleId = rows.find((row) => row.brand === 'MAHLE')?.brandId ?? -1;
    const links = await database.db
      .select()
      .from(crossReferences)
      .where(
        or(
          and(eq(crossReferences.brandIdA, mahleId), eq(crossReferences.articleNormalizedA, 'OC90')),
          and(eq(crossReferences.brandIdB, mahleId), eq(crossReferences.articleNormalizedB, 'OC90')),
        ),
      );
    const linkedArticles = links.map((link) =>
      link.brandIdA === mahleId && link.articleNormalizedA === 'OC90'
        ? link.articleNormalizedB
        : link.articleNormalizedA,
    );
    expect(links.some((link) => link.type === 'analog')).toBe(true);
    expect(linkedArticles).toEqual(expect.arrayContaining(['W71275', 'OP5201', '0451103316', 'OC90', '030115561AN']));
  });

  it('has the other well-known articles, the OEM number crossed to aftermarket parts', async () => {
    const found = await database.db
      .selectDistinct({ article: offers.article, brand: brands.name })
      .from(offers)
      .innerJoin(brands, eq(brands.id, offers.brandId))
      .where(inArray(offers.articleNormalized, ['W71275', 'BKR6E', '06A115561B']));
    expect(found).toEqual(
      expect.arrayContaining([
        { article: 'W 712/75', brand: 'MANN-FILTER' },
        { article: 'BKR6E', brand: 'NGK' },
        { article: '06A 115 561 B', brand: 'VAG' },
      ]),
    );

    const vagId = await brandIdByAlias(database, 'VAG');
    const oemLinks = await database.db
      .select({ article: crossReferences.articleNormalizedB, type: crossReferences.type })
      .from(crossReferences)
      .where(and(eq(crossReferences.brandIdA, vagId ?? -1), eq(crossReferences.articleNormalizedA, '06A115561B')));
    expect(oemLinks.map((link) => link.type)).toEqual(oemLinks.map(() => 'oem'));
    expect(oemLinks.map((link) => link.article)).toEqual(expect.arrayContaining(['W71945', 'OC456', 'OP5261']));
  });

  it('stores money exactly: numeric strings with two decimals that add up without rounding', async () => {
    const rows = await allOffers(database);
    for (const row of rows) expect(row.price).toMatch(/^\d+\.\d{2}$/);
    const [total] = await database.db.select({ sum: sql<string>`sum(${offers.price})::text` }).from(offers);
    const expected = rows.reduce((sum, row) => sum + kopecks(row.price), 0n);
    expect(kopecks(total?.sum ?? '0')).toBe(expected);
    expect(rows.every((row) => kopecks(row.price) > 0n)).toBe(true);
    expect(new Set(rows.map((row) => row.price.endsWith('.00'))).size).toBe(2);
  });

  it('gives offers plausible delivery days, stock, weights and Russian descriptions', async () => {
    const rows = await allOffers(database);
    const delivery = rows.map((row) => row.deliveryDays);
    expect(delivery).toContain(0);
    expect(delivery).toContain(null);
    expect(delivery.every((days) => days === null || (days >= 0 && days <= 30))).toBe(true);
    expect(rows.every((row) => row.quantity > 0)).toBe(true);
    expect(rows.some((row) => row.weight === null)).toBe(true);
    expect(rows.every((row) => row.weight === null || /^\d+\.\d{3}$/.test(row.weight))).toBe(true);
    expect(rows.every((row) => /^[А-ЯЁ][а-яё]/.test(row.description))).toBe(true);
    expect(rows.every((row) => row.articleNormalized === normalizeArticle(row.article))).toBe(true);
  });

  it('links every part on offer to a leaf of the catalogue tree', async () => {
    const unlinked = await database.db.execute<{ missing: number }>(sql`
      select count(*)::int as missing from ${offers} o
      where not exists (select 1 from ${catalogGroupArticles} g
                        where g.brand_id = o.brand_id and g.article_normalized = o.article_normalized)`);
    expect(unlinked.rows[0]?.missing).toBe(0);

    const groups = await database.db.select().from(catalogGroups);
    const roots = groups.filter((group) => group.parentId === null).map((group) => group.name);
    expect(roots).toEqual(expect.arrayContaining(['Фильтры', 'Тормозная система', 'Двигатель', 'Электрика']));
    const parents = new Set(groups.map((group) => group.parentId));
    const linkedGroups = await database.db
      .selectDistinct({ id: catalogGroupArticles.groupId })
      .from(catalogGroupArticles);
    expect(linkedGroups.every((group) => !parents.has(group.id))).toBe(true);
    const oilFilters = groups.find((group) => group.slug === 'filtry-maslyanye');
    expect(groups.find((group) => group.id === oilFilters?.parentId)?.name).toBe('Фильтры');
  });

  it('recommends parts on offer for the home block, the well-known ones first', async () => {
    const recommended = await database.db
      .select({
        brand: brands.name,
        article: schema.recommendations.articleNormalized,
        offers: sql<number>`(select count(*)::int from ${offers} o
          where o.brand_id = ${schema.recommendations.brandId}
            and o.article_normalized = ${schema.recommendations.articleNormalized})`,
      })
      .from(schema.recommendations)
      .innerJoin(brands, eq(brands.id, schema.recommendations.brandId))
      .where(eq(schema.recommendations.blockId, 1))
      .orderBy(asc(schema.recommendations.position));
    expect(recommended).toHaveLength(12);
    expect(recommended[0]).toMatchObject({ brand: 'MAHLE', article: 'OC90' });
    expect(recommended.every((part) => part.offers > 0)).toBe(true);
  });

  it('writes content and shop settings in Russian, menus pointing at existing pages', async () => {
    const pages = await database.db
      .select({ slug: schema.pages.slug, html: schema.pages.contentHtml })
      .from(schema.pages);
    expect(pages.map((page) => page.slug).sort()).toEqual(['about', 'delivery', 'payment', 'returns', 'warranty']);
    expect(pages.every((page) => page.html.startsWith('<p>') && !/<script|on\w+=/i.test(page.html))).toBe(true);

    const news = await database.db
      .select()
      .from(schema.news)
      .orderBy(sql`${schema.news.publishedAt} desc`);
    expect(news).toHaveLength(12);
    expect(news.every((item) => item.publishedAt < now)).toBe(true);
    expect(news.every((item) => /[а-я]/.test(item.title) && item.contentHtml.length > 100)).toBe(true);

    const shop = await readShopSetting(database.db, 'shop');
    expect(shop?.name).toBe('Деталь');
    expect(shop?.address).toContain('Москва');
    const menu = await readShopSetting(database.db, 'menu');
    const articleLinks = [...(menu?.header ?? []), ...(menu?.footer ?? [])]
      .map((link) => /^\/articles\/(.+)$/.exec(link.url)?.[1])
      .filter((slug) => slug !== undefined);
    expect(articleLinks.length).toBeGreaterThan(0);
    expect(articleLinks.every((slug) => pages.some((page) => page.slug === slug))).toBe(true);
    expect(menu?.footer.map((link) => link.url)).toEqual(expect.arrayContaining(['/news', '/contacts']));
    expect((await readShopSetting(database.db, 'requisites'))?.name).toContain('ДЕМО');
    expect(await readShopSetting(database.db, 'vat')).toEqual({ rate: null });
    const methods = await readShopSetting(database.db, 'delivery_methods');
    expect(methods?.length).toBeGreaterThan(0);
    expect(methods?.every((method) => /^\d+\.\d{2}$/.test(method.price))).toBe(true);
    // The working calendar: Monday to Friday with Russia's days off of 2026 and 2027.
    const calendar = await readShopSetting(database.db, 'delivery_calendar');
    expect(calendar?.working_weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(calendar?.holidays).toEqual(
      expect.arrayContaining(['2026-01-07', '2026-11-04', '2026-12-31', '2027-01-07']),
    );
  });

  it('refuses a database that already holds shop data, changing nothing', async () => {
    await expect(seedDemoData(database, { offers: 10, seed: 7, now })).rejects.toThrow('already holds shop data');
    expect(await countRows(database, offers)).toBe(5000);
  });

  it('is deterministic: the same seed gives the same offers, another seed other ones', async () => {
    const same = await createTestDatabase();
    const other = await createTestDatabase();
    try {
      await seedDemoData(same, { offers: 5000, seed: 7, now });
      await seedDemoData(other, { offers: 5000, seed: 8, now });
      const expected = await allOffers(database);
      expect(await allOffers(same)).toEqual(expected);

      const differentFrom = (rows: typeof expected) =>
        rows
          .slice(0, 200)
          .filter((row, index) => row.price !== expected[index]?.price || row.article !== expected[index]?.article);
      expect(differentFrom(await allOffers(other)).length).toBeGreaterThan(100);
    } finally {
      await Promise.all([same.close(), other.close()]);
    }
    // Two more databases and two whole seeds: 53 s measured on a loaded 2-core machine, past the default 30 s.
  }, 180_000);
});

describe(`seedIfEmpty (${testDriver})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('seeds an empty database once, then does nothing', async () => {
    const first = await seedIfEmpty(database, { offers: 300, now });
    expect(first?.offers).toBe(300);
    const brandCount = await countRows(database, brands);

    expect(await seedIfEmpty(database, { offers: 300, now })).toBeNull();
    expect(await countRows(database, offers)).toBe(300);
    expect(await countRows(database, brands)).toBe(brandCount);
  });

  it('does nothing when only settings exist', async () => {
    await wipeDemoData(database);
    await database.db.insert(schema.shopSettings).values({ key: 'vat', value: { rate: 20 } });

    expect(await seedIfEmpty(database, { offers: 300, now })).toBeNull();
    expect(await countRows(database, offers)).toBe(0);
    expect(await countRows(database, brands)).toBe(0);
  });

  it('seeds again after the demo tables are wiped', async () => {
    await wipeDemoData(database);
    expect(await countRows(database, schema.shopSettings)).toBe(0);

    const again = await seedIfEmpty(database, { offers: 120, now });
    expect(again?.offers).toBe(120);
    expect(await countRows(database, offers)).toBe(120);
    // Identities restart, so a wiped and reseeded database numbers its offers from 1 again.
    const [first] = await database.db.select({ id: offers.id }).from(offers).orderBy(asc(offers.id)).limit(1);
    expect(first?.id).toBe(1);
  });

  it('seeds once when several instances start together', async () => {
    await wipeDemoData(database);
    const results = await Promise.all([1, 2, 3].map(() => seedIfEmpty(database, { offers: 200, now })));

    expect(results.filter((result) => result !== null)).toHaveLength(1);
    expect(await countRows(database, offers)).toBe(200);
  });
});

describe(`seeding the default demo size (${testDriver})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('seeds 50,000 offers', async () => {
    const summary = await seedDemoData(database, { offers: 50_000 });
    console.log(`[seed] 50,000 offers on ${testDriver} in ${summary.durationMs} ms`);
    expect(await countRows(database, offers)).toBe(50_000);
    expect(summary.crossReferences).toBeGreaterThan(10_000);
  });
});
