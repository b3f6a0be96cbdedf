import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_API_PREFIX, TECH_API_PREFIX, shopEndpoints, techEndpoints, type EndpointDef } from '@detal/contract';
import type { Database } from '../db/index.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';
import { buildTestApp } from '../../test/helpers/app.ts';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: unknown;
  parameters?: unknown[];
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** The money fields of the shop's answers: each must say what it means in the OpenAPI document. */
const MONEY_FIELDS = ['price', 'min_price', 'count_total_price_item', 'total_price', 'price_sum', 'sum'];

/** Fastify's `page/:id` is OpenAPI's `page/{id}`. */
const openApiPath = (prefix: string, path: string) => prefix + path.replace(/:(\w+)/g, '{$1}');

let database: Database;
let app: FastifyInstance;
let document: OpenApiDocument;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await buildTestApp(database));
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  document = response.json<OpenApiDocument>();
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('OpenAPI document', () => {
  it('lists every shop endpoint with its method, summary, tags and schemas', () => {
    for (const endpoint of Object.values<EndpointDef>(shopEndpoints)) {
      const path = openApiPath(SHOP_API_PREFIX, endpoint.path);
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, path).toBeDefined();
      expect(operation?.summary).toBe(endpoint.summary);
      expect(operation?.tags).toEqual([...endpoint.tags]);
      expect(operation?.responses).toHaveProperty('200');
      if (endpoint.body) expect(operation?.requestBody, path).toBeDefined();
      expect(Boolean(operation?.security), path).toBe(endpoint.session);
    }
  });

  it('lists every spec section 7 path, including the parameterised ones', () => {
    const paths = Object.keys(document.paths);
    for (const specPath of [
      'client-login',
      'client-registration',
      'client-logout',
      'client-reset-password',
      'client-me',
      'client-show-account',
      'template',
      'page/{id}',
      'products-search',
      'basket-show',
      'basket-add-item',
      'basket-changes-quantity-in-item',
      'basket-cleaning-all-items',
      'basket-delete-item',
      'basket-create-order-order-step1-from-items-post',
      'create-order-order-step2-from-items-post',
      'show-client-all-orders-post',
      'show-client-order-post',
      'client-bill-all-post',
      'client-bill-download-post',
      'news-preview/{id}',
      'news-page/{id}',
      'website-products-recommend-preview/{id}',
    ]) {
      expect(paths).toContain(SHOP_API_PREFIX + specPath);
    }
  });

  it('lists the technical catalogue and health, and hides its own plumbing', () => {
    for (const endpoint of Object.values(techEndpoints)) {
      expect(document.paths).toHaveProperty([openApiPath(TECH_API_PREFIX, endpoint.path)]);
    }
    expect(document.paths).toHaveProperty(['/api/health']);
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });

  it('documents the Idempotency-Key header of checkout step 2', () => {
    const step2 = document.paths[`${SHOP_API_PREFIX}create-order-order-step2-from-items-post`]?.post;
    expect(step2?.parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    );
  });

  it('says what every money field of a client answer means: the selling price, never the purchase price', () => {
    const components = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
    // Every money field a client answer carries, with the description OpenAPI gives it (at each place it appears).
    const described = new Map<string, Set<string>>();
    const seen = new Set<unknown>();
    const resolve = (node: unknown): Record<string, unknown> | null => {
      if (!node || typeof node !== 'object') return null;
      const schema = node as Record<string, unknown>;
      return typeof schema.$ref === 'string'
        ? resolve(components[schema.$ref.replace('#/components/schemas/', '')])
        : schema;
    };
    const walk = (node: unknown): void => {
      const schema = resolve(node);
      if (!schema || seen.has(schema)) return;
      seen.add(schema);
      for (const [key, value] of Object.entries(schema)) {
        if (key === 'properties' && value && typeof value === 'object') {
          for (const [property, child] of Object.entries(value)) {
            if (MONEY_FIELDS.includes(property)) {
              // The property's own description (a nullable one wraps the money schema in anyOf).
              const own = (child as { description?: unknown }).description ?? resolve(child)?.description;
              const texts = described.get(property) ?? new Set<string>();
              texts.add(typeof own === 'string' ? own : '(none)');
              described.set(property, texts);
            }
            walk(child);
          }
        } else if (Array.isArray(value)) {
          for (const child of value) walk(child);
        } else if (value && typeof value === 'object') {
          walk(value);
        }
      }
    };
    for (const endpoint of Object.values<EndpointDef>(shopEndpoints)) {
      const operation = document.paths[openApiPath(SHOP_API_PREFIX, endpoint.path)]?.[endpoint.method.toLowerCase()];
      walk(operation?.responses['200']);
    }
    expect([...described.keys()].sort()).toEqual([...MONEY_FIELDS].sort());
    for (const [name, texts] of described) {
      for (const text of texts) expect(text, name).not.toBe('(none)');
    }
    // The prices of parts say they are the client's selling price and never the purchase price.
    for (const name of ['min_price', 'count_total_price_item']) {
      for (const text of described.get(name)!) expect(text, name).toMatch(/selling price.*never.*purchase price/is);
    }
    // A part's price, an order line's, and a shipment line's (issue 30).
    expect([...described.get('price')!].filter((text) => /selling price/i.test(text))).toHaveLength(3);
    expect([...described.get('price')!].filter((text) => /delivery method/i.test(text))).toHaveLength(1);
    for (const name of ['total_price', 'price_sum', 'sum']) {
      for (const text of described.get(name)!) expect(text, name).toMatch(/selling prices/);
    }
  });

  it('documents delivery_stats on search items, basket lines and the list search (issue 33)', () => {
    const components = (document as { components?: { schemas?: Record<string, unknown> } }).components?.schemas ?? {};
    const resolve = (node: unknown): Record<string, unknown> | null => {
      if (!node || typeof node !== 'object') return null;
      const schema = node as Record<string, unknown>;
      return typeof schema.$ref === 'string'
        ? resolve(components[schema.$ref.replace('#/components/schemas/', '')])
        : schema;
    };
    /** Every object schema under `node` that has a `delivery_stats` property, and that property's schema. */
    const holders = (node: unknown, seen = new Set<unknown>()): { required: unknown; stats: unknown }[] => {
      const schema = resolve(node);
      if (!schema || seen.has(schema)) return [];
      seen.add(schema);
      const found: { required: unknown; stats: unknown }[] = [];
      const properties = schema.properties as Record<string, unknown> | undefined;
      if (properties?.delivery_stats) found.push({ required: schema.required, stats: properties.delivery_stats });
      for (const value of Object.values(schema)) {
        if (Array.isArray(value)) for (const child of value) found.push(...holders(child, seen));
        else if (value && typeof value === 'object') found.push(...holders(value, seen));
      }
      return found;
    };
    for (const name of ['products-search', 'basket-show', 'products-list-search'] as const) {
      const endpoint = shopEndpoints[name];
      const operation = document.paths[openApiPath(SHOP_API_PREFIX, endpoint.path)]?.[endpoint.method.toLowerCase()];
      const found = holders(operation?.responses['200']);
      expect(found.length, name).toBeGreaterThan(0);
      for (const { required, stats } of found) {
        expect(required, name).toContain('delivery_stats');
        // Nullable: the object or null.
        const variants = ((resolve(stats)?.anyOf ?? resolve(stats)?.oneOf ?? []) as unknown[]).map(resolve);
        expect(variants.map((variant) => variant?.type).sort(), name).toEqual(['null', 'object']);
        const object = variants.find((variant) => variant?.type === 'object')!;
        expect(Object.keys(object.properties as object).sort(), name).toEqual([
          'lines',
          'median_days',
          'on_time_percent',
        ]);
      }
    }
  });

  it('describes the PDF downloads as binary application/pdf answers', () => {
    // The bill, and the client ledger's reconciliation act (issue 31).
    for (const path of ['client-bill-download-post', 'client-reconciliation-download-post']) {
      const download = document.paths[`${SHOP_API_PREFIX}${path}`]?.post;
      expect(download?.responses['200'], path).toMatchObject({
        content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      });
    }
  });
});

describe('Swagger UI', () => {
  it('serves the page and its assets from the server itself', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.startsWith('http'), script).toBe(false);
      const asset = await app.inject({ method: 'GET', url: new URL(script, 'http://shop/api/docs/').pathname });
      expect(asset.statusCode, script).toBe(200);
    }
  });
});
