import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type Database } from './index.ts';
import { insertMany } from './insert-many.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';

describe(`insertMany (${testDriver})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('stores every row across several statements, values exact and nulls kept', async () => {
    const [brand] = await database.db
      .insert(schema.brands)
      .values({ name: 'MAHLE', nameNormalized: 'MAHLE' })
      .returning({ id: schema.brands.id });
    const [supplier] = await database.db
      .insert(schema.suppliers)
      .values({ name: 'Партс-Центр', defaultDeliveryDays: 2 })
      .returning({ id: schema.suppliers.id });
    const updatedAt = new Date('2026-03-01T09:30:00.000Z');
    const rows = Array.from({ length: 7 }, (_, index) => ({
      supplierId: supplier?.id ?? 0,
      brandId: brand?.id ?? 0,
      article: `OC ${90 + index}`,
      articleNormalized: `OC${90 + index}`,
      description: index === 0 ? 'Фильтр масляный, "картридж"; {a,b}' : 'Фильтр масляный',
      deliveryDays: index % 2 === 0 ? null : index,
      price: index === 0 ? '9999999999.99' : `${index}.05`,
      quantity: index,
      weight: index === 1 ? null : '0.315',
      updatedAt,
    }));

    await insertMany(database.db, schema.offers, rows, 3);

    const stored = await database.db.select().from(schema.offers).orderBy(schema.offers.id);
    expect(stored).toHaveLength(7);
    expect(stored.map(({ id: _id, ...offer }) => offer)).toEqual(rows);
  });

  it('casts enum columns', async () => {
    const [brand] = await database.db
      .insert(schema.brands)
      .values({ name: 'KNECHT', nameNormalized: 'KNECHT' })
      .returning({ id: schema.brands.id });
    const brandId = brand?.id ?? 0;
    const rows = [
      {
        brandIdA: brandId,
        articleNormalizedA: 'A1',
        brandIdB: brandId,
        articleNormalizedB: 'B1',
        type: 'oem' as const,
      },
      {
        brandIdA: brandId,
        articleNormalizedA: 'A1',
        brandIdB: brandId,
        articleNormalizedB: 'B2',
        type: 'replacement' as const,
      },
    ];

    await insertMany(database.db, schema.crossReferences, rows);

    const stored = await database.db
      .select()
      .from(schema.crossReferences)
      .orderBy(schema.crossReferences.articleNormalizedB);
    expect(stored).toEqual(rows);
  });

  it('does nothing for no rows', async () => {
    await expect(insertMany(database.db, schema.news, [])).resolves.toBeUndefined();
    expect(await database.db.select().from(schema.news)).toEqual([]);
  });
});
