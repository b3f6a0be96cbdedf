import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { STAFF_ROLES, adminEndpoints, type AdminEndpointPath, type EndpointDef, type StaffRole } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { buildTestApp } from '../../../test/helpers/app.ts';
import { registerClient } from '../../../test/helpers/clients.ts';
import { createTestDatabase } from '../../../test/helpers/db.ts';
import { callAdmin, createTestStaff, staffCookieFor } from '../../../test/helpers/staff.ts';

/**
 * Every back office endpoint of the registry × every kind of caller, generated from the registry: an endpoint
 * added later is covered without touching this file. An allowed caller gets past the route layer (the empty
 * body then fails validation, or a list answers); nobody else does.
 */
type Caller = 'no session' | 'client token' | StaffRole;
const CALLERS: readonly Caller[] = ['no session', 'client token', 'content_editor', 'manager', 'owner'];

const entries = Object.entries(adminEndpoints) as [AdminEndpointPath, EndpointDef][];

/** The status the route layer must answer, or 'passes' when the call must reach the handler. */
function expectedOf(endpoint: EndpointDef, caller: Caller): 401 | 403 | 'passes' {
  if (!endpoint.roles) return 'passes';
  if (caller === 'no session' || caller === 'client token') return 401;
  return endpoint.roles.includes(caller) ? 'passes' : 403;
}

describe('admin endpoints: role matrix', () => {
  let database: Database;
  let app: FastifyInstance;
  let clientToken: string;
  const staffIds = new Map<StaffRole, number>();

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await buildTestApp(database));
    clientToken = (await registerClient(app)).token;
    for (const role of STAFF_ROLES) staffIds.set(role, (await createTestStaff(database.db, role)).member.id);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('covers every admin endpoint, and every staff endpoint names at least one role of the known ones', () => {
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const [, endpoint] of entries) {
      for (const role of endpoint.roles ?? []) expect(STAFF_ROLES).toContain(role);
      if (endpoint.roles) expect(endpoint.roles.length).toBeGreaterThan(0);
    }
    // Only the doors in are open without a session: sign-in, a set-password link, the first owner's setup link.
    expect(
      entries
        .filter(([, endpoint]) => !endpoint.roles)
        .map(([key]) => key)
        .sort(),
    ).toEqual(['staff-set-password', 'staff-setup', 'staff-setup-check', 'staff-sign-in']);
  });

  it('opens the orders endpoints to the owner and managers only (content editors get 403)', () => {
    const orders = [
      'order-line-list',
      'order-show',
      'order-line-status',
      'order-line-cancel',
      'supplier-list',
    ] as const;
    for (const key of orders) expect([...adminEndpoints[key].roles]).toEqual(['owner', 'manager']);
  });

  it('opens purchasing (issue 29: supplier-order-*, goods-receipt-*) to the owner and managers only', () => {
    const purchasing = entries.filter(([key]) => key.startsWith('supplier-order-') || key.startsWith('goods-receipt-'));
    expect(purchasing.length).toBeGreaterThanOrEqual(15);
    for (const [, endpoint] of purchasing) expect([...endpoint.roles!]).toEqual(['owner', 'manager']);
  });

  it('opens pricing and settings to the owner only, content to the owner and content editors (issue 15)', () => {
    const ownerOnly = ['pricing-show', 'pricing-preview', 'pricing-save', 'settings-show', 'settings-save'] as const;
    for (const key of ownerOnly) expect([...adminEndpoints[key].roles]).toEqual(['owner']);
    const content = [
      'content-show',
      'page-show',
      'page-save',
      'news-show',
      'news-save',
      'content-publish',
      'content-preview',
      'menus-save',
      'recommendation-candidates',
      'recommendations-save',
    ] as const;
    for (const key of content) expect([...adminEndpoints[key].roles]).toEqual(['owner', 'content_editor']);
  });

  it('opens the suppliers, uploads and import history to the owner and managers only (content editors get 403)', () => {
    const suppliers = [
      'supplier-admin-list',
      'supplier-show',
      'supplier-save',
      'import-upload',
      'import-show',
      'import-cancel',
      'import-list',
      'import-report',
    ] as const;
    for (const key of suppliers) expect([...adminEndpoints[key].roles]).toEqual(['owner', 'manager']);
  });

  it("opens suppliers' price-list sources to the owner and managers only", () => {
    const sources = [
      'suppliers/:id/source',
      'suppliers/:id/source/save',
      'suppliers/:id/source/delete',
      'suppliers/:id/source/fetch-now',
      'suppliers/:id/source/fetches',
    ] as const;
    for (const key of sources) expect([...adminEndpoints[key].roles]).toEqual(['owner', 'manager']);
  });

  it("opens suppliers' ordering channels, order files and sending to the owner and managers only (issue 29)", () => {
    const channels = [
      'supplier-order-channel-show',
      'supplier-order-channel-save',
      'supplier-order-channel-test',
      'supplier-order-channel-send',
      'supplier-order-dispatch-show',
      'supplier-order-export',
      'supplier-order-confirmation-import',
    ] as const;
    for (const key of channels) expect([...adminEndpoints[key].roles]).toEqual(['owner', 'manager']);
  });

  const cases = entries.flatMap(([key, endpoint]) =>
    CALLERS.map((caller) => ({ key, caller, expected: expectedOf(endpoint, caller) })),
  );

  it.each(cases)('$key × $caller → $expected', async ({ key, caller, expected }) => {
    const role = caller === 'no session' || caller === 'client token' ? null : caller;
    // A session of its own for each call: sign-out ends the one it is called with.
    const cookie = role ? await staffCookieFor(database.db, staffIds.get(role)!) : null;
    const response = await callAdmin(app, key, {
      cookie,
      bearer: caller === 'client token' ? clientToken : null,
    });
    if (expected === 'passes') {
      expect([401, 403], response.body).not.toContain(response.statusCode);
      expect(response.statusCode, response.body).toBeLessThan(500);
    } else {
      expect(response.statusCode, response.body).toBe(expected);
      expect(response.json()).toEqual({ message: expect.any(String), error: expect.any(String) });
    }
  });
});
