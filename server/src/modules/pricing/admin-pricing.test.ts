import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminPricing, PricingFile, PricingPreview } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { auditLog } from '../../db/schema/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';
import { insertBrand, insertOffers, insertSupplier } from '../../../test/fixtures/offers.ts';
import { listGroups } from './groups.ts';

describe('back office: pricing', () => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    owner = await staffCookieFor(database.db, (await createTestStaff(database.db, 'owner')).member.id);
    const mann = await insertBrand(database.db, 'MANN-FILTER');
    const bosch = await insertBrand(database.db, 'BOSCH');
    const supplier = await insertSupplier(database.db, 'АвтоРесурс');
    await insertOffers(database.db, mann, supplier, [{ article: 'W 712/75', price: '500.00', quantity: 3 }]);
    await insertOffers(database.db, bosch, supplier, [{ article: 'W712/75', price: '1500.00', quantity: 1 }]);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const retail = (changes: Partial<PricingFile> = {}): PricingFile => ({
    group: 'Розница',
    base_markup: 20,
    bands: [
      { from: 0, to: 1000, markup: 50 },
      { from: 1000, to: null, markup: 30 },
    ],
    brands: {},
    suppliers: {},
    supplier_brands: [],
    rounding: 'rouble',
    min_margin: 0,
    ...changes,
  });

  const preview = async (profile: unknown, article = 'w712-75') => {
    const response = await callAdmin(app, 'pricing-preview', { cookie: owner, body: { profile, article } });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PricingPreview }).data;
  };

  it('previews every offer of an article under the unsaved profile, saving nothing', async () => {
    const before = await listGroups(database.db);
    const shown = await preview(retail({ brands: { bosch: 10 } }));
    expect(shown.problems).toEqual({});
    expect(shown.offers.map((offer) => [offer.brand, offer.supplier, offer.purchase_price])).toEqual([
      ['BOSCH', 'АвтоРесурс', 1500],
      ['MANN-FILTER', 'АвтоРесурс', 500],
    ]);
    const [bosch, mann] = shown.offers;
    expect(bosch!.prices).toEqual([
      { group: 'Розница', edited: true, price: 1650, margin: 150, rule: 'brand', markup: 10, at_minimum_margin: false },
    ]);
    expect(mann!.prices[0]).toMatchObject({ price: 750, margin: 250, rule: 'band', markup: 50 });
    // Nothing written: the group keeps its profile.
    expect((await listGroups(database.db)).map((group) => group.profileId)).toEqual(before.map((g) => g.profileId));
  });

  it('names the problems of an unsaved profile (overlapping bands, unknown brand) and prices by the stored one', async () => {
    const shown = await preview(
      retail({
        bands: [
          { from: 0, to: 1000, markup: 50 },
          { from: 500, to: null, markup: 30 },
        ],
        brands: { NOBRAND: 5 },
      }),
    );
    expect(shown.problems).toMatchObject({
      'bands.1': expect.stringContaining('пересекается'),
      'brands.NOBRAND': expect.any(String),
    });
    expect(shown.offers[0]!.prices[0]).toMatchObject({ edited: false });
  });

  it('saves a profile with an audit row; a bad one is a 422 in Russian and changes nothing', async () => {
    const bad = await callAdmin(app, 'pricing-save', {
      cookie: owner,
      body: { profile: retail({ bands: [{ from: 1000, to: 500, markup: 5 }] }) },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      message: 'В профиле есть ошибки, ничего не изменено',
      error: { 'bands.0': [expect.any(String)] },
    });

    const saved = await callAdmin(app, 'pricing-save', {
      cookie: owner,
      body: { profile: retail({ group: 'Опт', bands: [], base_markup: 12.5, min_margin: 30 }) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const screen = (saved.json() as { data: AdminPricing }).data;
    expect(screen.groups.map((group) => group.name)).toEqual(['Розница', 'Опт']);
    expect(screen.groups[1]!.profile).toMatchObject({ base_markup: 12.5, min_margin: 30, rounding: 'rouble' });
    expect(screen.suppliers).toEqual([{ id: expect.any(Number), name: 'АвтоРесурс' }]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entity, 'pricing_group'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'pricing_group.create',
      after: expect.objectContaining({ group: 'Опт' }),
    });

    // The shop prices by it at the next request, and the preview shows both groups.
    const both = await preview(retail());
    expect(both.offers[1]!.prices.map((price) => [price.group, price.price])).toEqual([
      ['Розница', 750],
      ['Опт', 563],
    ]);
  });
});
