import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './index.ts';
import { readShopSetting, writeShopSetting } from './shop-settings.ts';
import { createTestDatabase, testDriver } from '../../test/helpers/db.ts';

describe(`shop settings (${testDriver})`, () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads null for a setting never written', async () => {
    expect(await readShopSetting(database.db, 'vat')).toBeNull();
  });

  it('reads back what was written, and a second write replaces it', async () => {
    await writeShopSetting(database.db, 'vat', { rate: 20 });
    expect(await readShopSetting(database.db, 'vat')).toEqual({ rate: 20 });

    await writeShopSetting(database.db, 'vat', { rate: null });
    expect(await readShopSetting(database.db, 'vat')).toEqual({ rate: null });

    const menu = { header: [{ title: 'Каталог', url: '/catalog' }], footer: [] };
    await writeShopSetting(database.db, 'menu', menu);
    expect(await readShopSetting(database.db, 'menu')).toEqual(menu);
    expect(await readShopSetting(database.db, 'vat')).toEqual({ rate: null });
  });
});
