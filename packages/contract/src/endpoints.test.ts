import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  type EndpointDef,
  adminEndpoints,
  idOrSlugParamsSchema,
  pageQuerySchema,
  shopEndpoints,
  techEndpoints,
} from './index.ts';

// Spec section 7, in its order, then the contract's (beyond) endpoints.
const SPEC_PATHS = [
  ['POST', 'client-login'],
  ['POST', 'client-registration'],
  ['GET', 'client-logout'],
  ['POST', 'client-reset-password'],
  ['GET', 'client-me'],
  ['GET', 'client-show-account'],
  ['GET', 'template'],
  ['GET', 'page/:id'],
  ['POST', 'products-search'],
  ['POST', 'basket-show'],
  ['POST', 'basket-add-item'],
  ['POST', 'basket-changes-quantity-in-item'],
  ['POST', 'basket-cleaning-all-items'],
  ['POST', 'basket-delete-item'],
  ['POST', 'basket-create-order-order-step1-from-items-post'],
  ['POST', 'create-order-order-step2-from-items-post'],
  ['POST', 'show-client-all-orders-post'],
  ['POST', 'show-client-order-post'],
  ['POST', 'client-bill-all-post'],
  ['POST', 'client-bill-download-post'],
  ['GET', 'news-preview/:id'],
  ['GET', 'news-page/:id'],
  ['GET', 'website-products-recommend-preview/:id'],
] as const;
const BEYOND_PATHS = [
  ['POST', 'client-reset-password-confirm'],
  ['POST', 'client-update-account'],
  ['POST', 'client-change-password'],
  ['POST', 'client-delivery-address-save'],
  ['POST', 'client-delivery-address-delete'],
  ['GET', 'news-list'],
  ['POST', 'client-bill-summary-post'],
  ['POST', 'client-bill-payment-post'],
  ['GET', 'page-list'],
  ['POST', 'products-list-search'],
  ['POST', 'basket-add-items'],
  ['POST', 'basket-set-item-quantity'],
  ['GET', 'products-suggest'],
  ['GET', 'client-search-history'],
  // Issue 30: the client's shipments and their УПД (PDF and XML).
  ['POST', 'client-shipment-all-post'],
  ['POST', 'client-shipment-download-post'],
  ['POST', 'client-shipment-correction-download-post'],
  ['POST', 'client-payer-all-post'],
  ['POST', 'client-payer-create-post'],
  ['POST', 'client-payer-update-post'],
  ['POST', 'client-payer-default-post'],
  ['POST', 'client-payer-archive-post'],
  ['POST', 'client-ledger-post'],
  // Issue 31: the reconciliation act.
  ['POST', 'client-reconciliation-download-post'],
  // Issue 32: cancels and returns.
  ['POST', 'client-cancel-line-post'],
  ['POST', 'client-cancel-request-all-post'],
  ['POST', 'client-return-photo-upload-post'],
  ['POST', 'client-return-create-post'],
  ['POST', 'client-return-all-post'],
  ['POST', 'client-return-photo-post'],
] as const;
const SESSION_PATHS = new Set([
  'client-logout',
  'client-me',
  'client-show-account',
  'client-update-account',
  'client-change-password',
  'client-delivery-address-save',
  'client-delivery-address-delete',
  'client-payer-all-post',
  'client-payer-create-post',
  'client-payer-update-post',
  'client-payer-default-post',
  'client-payer-archive-post',
  'client-ledger-post',
  'client-reconciliation-download-post',
  'basket-create-order-order-step1-from-items-post',
  'create-order-order-step2-from-items-post',
  'show-client-all-orders-post',
  'show-client-order-post',
  'client-bill-all-post',
  'client-bill-download-post',
  'client-bill-summary-post',
  'client-bill-payment-post',
  'client-search-history',
  'client-shipment-all-post',
  'client-shipment-download-post',
  'client-shipment-correction-download-post',
  'client-cancel-line-post',
  'client-cancel-request-all-post',
  'client-return-photo-upload-post',
  'client-return-create-post',
  'client-return-all-post',
  'client-return-photo-post',
]);
const TAGS = new Set(['auth', 'basket', 'search', 'orders', 'bills', 'content', 'catalog']);

const shopEntries = Object.entries(shopEndpoints) as [string, EndpointDef][];
const techEntries = Object.entries(techEndpoints) as [string, EndpointDef][];
const allEntries = [...shopEntries, ...techEntries];

describe('shop endpoint registry', () => {
  it('has exactly the spec paths plus the beyond ones, with their methods', () => {
    const expected = [...SPEC_PATHS, ...BEYOND_PATHS].map(([method, path]) => `${method} ${path}`).sort();
    expect(shopEntries.map(([, def]) => `${def.method} ${def.path}`).sort()).toEqual(expected);
  });

  it.each(allEntries)('%s: path is its key, with a response, summary and known tags', (key, def) => {
    expect(def.path).toBe(key);
    expect(
      def.response === 'pdf' ||
        def.response === 'document' ||
        def.response === 'image' ||
        def.response instanceof z.ZodType,
    ).toBe(true);
    expect(def.summary.length).toBeGreaterThan(0);
    expect(def.tags.length).toBeGreaterThan(0);
    for (const tag of def.tags) expect(TAGS).toContain(tag);
  });

  it('marks exactly the session-only endpoints', () => {
    const session = shopEntries.filter(([, def]) => def.session).map(([key]) => key);
    expect(new Set(session)).toEqual(SESSION_PATHS);
    expect(techEntries.every(([, def]) => !def.session)).toBe(true);
  });

  it('GET endpoints take no body and every POST endpoint has one (an upload: the file bytes)', () => {
    for (const [key, def] of allEntries) {
      expect(def.body === undefined, key).toBe(def.method === 'GET' || def.upload === true);
    }
  });

  it(':id routes take the id-or-slug param, and only they take params', () => {
    for (const [key, def] of allEntries) {
      expect(def.params, key).toBe(key.endsWith('/:id') ? idOrSlugParamsSchema : undefined);
    }
    expect(idOrSlugParamsSchema.parse({ id: 'o-kompanii' })).toEqual({ id: 'o-kompanii' });
    expect(idOrSlugParamsSchema.safeParse({ id: '' }).success).toBe(false);
  });

  it('paginated POSTs take ?page from the query', () => {
    expect(shopEndpoints['show-client-all-orders-post'].query).toBe(pageQuerySchema);
    expect(shopEndpoints['client-bill-all-post'].query).toBe(pageQuerySchema);
  });

  it('wraps every JSON response in { data }; the bill download is a PDF', () => {
    for (const [key, def] of allEntries) {
      if (def.response === 'pdf') {
        expect(['client-bill-download-post', 'bill-download', 'client-reconciliation-download-post']).toContain(key);
        continue;
      }
      if (def.response === 'csv') {
        expect(key).toBe('import-report');
        continue;
      }
      if (def.response === 'table') {
        expect(key).toBe('supplier-order-export');
        continue;
      }
      if (def.response === 'document') {
        // A shipment's УПД, PDF or XML (issue 30).
        expect([
          'client-shipment-download-post',
          'shipment-download',
          'client-shipment-correction-download-post',
          'shipment-correction-download',
        ]).toContain(key);
        continue;
      }
      if (def.response === 'image') {
        // A return's photo, the client's own (issue 32).
        expect(key).toBe('client-return-photo-post');
        continue;
      }
      // No other download kind answers the shop.
      if (typeof def.response === 'string') throw new Error(`${key}: unexpected download kind ${def.response}`);
      expect(def.response.safeParse({}).success, key).toBe(false);
      const shape = (def.response as z.ZodObject).shape;
      expect(Object.keys(shape), key).toEqual(['data']);
    }
  });

  it('every schema converts to JSON Schema; responses hold no one-way transform (the server encodes them)', () => {
    // The guard below is real: a transform in output mode cannot be represented.
    expect(() => z.toJSONSchema(z.string().transform(Number), { io: 'output' })).toThrow();
    for (const [key, def] of allEntries) {
      for (const schema of [def.body, def.query, def.params]) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input' }), key).not.toThrow();
      }
      if (typeof def.response !== 'string') {
        const response = def.response;
        expect(() => z.toJSONSchema(response, { io: 'output' }), key).not.toThrow();
      }
    }
  });
});

describe('admin endpoint registry', () => {
  const adminEntries = Object.entries(adminEndpoints) as [string, EndpointDef][];

  it.each(adminEntries)('%s: path is its key, tagged admin, no client session, schemas convert', (key, def) => {
    expect(def.path).toBe(key);
    expect(def.tags).toEqual(['admin']);
    // Staff are never clients: the roles say who may call, never the client session flag.
    expect(def.session).toBe(false);
    // A POST carries a JSON body, except an upload, whose body is the file's bytes (its query says what it is).
    expect(def.body === undefined, key).toBe(def.method === 'GET' || def.upload === true);
    if (def.upload) expect(def.query, key).toBeDefined();
    for (const schema of [def.body, def.query, def.params]) {
      if (schema) expect(() => z.toJSONSchema(schema, { io: 'input' }), key).not.toThrow();
    }
    // The back office's downloads: the report of an import's refused rows, a bill's PDF (issue 26), a supplier
    // order's file (XLSX or CSV, issue 29), a ledger's reconciliation act (issue 31), a shipment's УПД and a
    // correction's УКД (issue 30), a return's photo (issue 32).
    if (def.response === 'pdf') expect(['bill-download', 'ledger-reconciliation-download']).toContain(key);
    else if (def.response === 'csv') expect(key).toBe('import-report');
    else if (def.response === 'table') expect(key).toBe('supplier-order-export');
    else if (def.response === 'document') expect(['shipment-download', 'shipment-correction-download']).toContain(key);
    else if (def.response === 'image') expect(key).toBe('return-photo');
    else expect(() => z.toJSONSchema(def.response as z.ZodType, { io: 'output' })).not.toThrow();
  });

  it('shares no path with the shop', () => {
    for (const key of Object.keys(adminEndpoints)) expect(Object.keys(shopEndpoints)).not.toContain(key);
  });
});
