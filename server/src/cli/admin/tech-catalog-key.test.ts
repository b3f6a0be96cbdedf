import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadAdminCommands, type AdminCommand } from '../admin.ts';
import type { Database } from '../../db/index.ts';
import { seedIfEmpty } from '../../seed/index.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';

const getAllGroups = (app: FastifyInstance, key: string) =>
  app.inject({ method: 'POST', url: '/api/tech/get-all-groups', payload: { key } });

describe('the technical catalogue key without TECH_CATALOG_KEY', () => {
  let database: Database;
  let commands: Map<string, AdminCommand>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    commands = await loadAdminCommands(undefined, 'tech-catalog-key');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is a random key generated once, kept in the database, shown by the admin command, and the only key accepted', async () => {
    // The command run before the shop's first start must not make the database look filled (no demo data).
    const before = await runAdminInProcess(database, commands, ['tech-catalog-key']);
    expect(before.code).toBe(0);
    const key = before.out.trim();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await seedIfEmpty(database, { offers: 10 })).not.toBeNull();

    ({ app } = await buildTestApp(database, { techCatalogKey: undefined }));
    expect((await getAllGroups(app, key)).statusCode).toBe(200);
    for (const guess of ['detal-demo-catalog-key', '', `${key}x`]) {
      expect((await getAllGroups(app, guess)).statusCode, guess).not.toBe(200);
    }
    expect((await runAdminInProcess(database, commands, ['tech-catalog-key'])).out.trim()).toBe(key);
  });

  it('a fresh database gets a different key', async () => {
    const other = await createTestDatabase();
    try {
      const run = await runAdminInProcess(other, commands, ['tech-catalog-key']);
      const first = (await runAdminInProcess(database, commands, ['tech-catalog-key'])).out.trim();
      expect(run.out.trim()).not.toBe(first);
    } finally {
      await other.close();
    }
  });
});
