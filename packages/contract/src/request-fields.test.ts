import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { shopEndpoints, techEndpoints } from './endpoints.ts';
import type { EndpointDef } from './endpoint.ts';
import { idSchema, INT4_MAX, textSchema, UNSTORABLE_TEXT_MESSAGE } from './fields.ts';

/**
 * Every request field of every endpoint, present and future, must refuse what the database cannot take: a text
 * with a NUL character (PostgreSQL's text cannot hold one) and an integer past its `integer` column. This walks the
 * registry's request schemas down to their leaves and tries each leaf on its own, so a new endpoint that builds a
 * field from a bare `z.string()` or `z.int()` fails here rather than answering 500 in production.
 */

interface Leaf {
  path: string;
  /** The field as its object declares it (defaults, pipes and transforms included): what a request meets. */
  field: z.ZodType;
  kind: 'string' | 'int';
}

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function leavesOf(schema: z.ZodType, path: string, field: z.ZodType, seen = new Set<z.ZodType>()): Leaf[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, field, kind: 'string' }];
    case 'number': {
      // z.int() is a number with a safe-integer format; the checks tell an int apart from a plain number.
      const format = (schema as unknown as { format?: string }).format;
      return format === 'safeint' || format === 'int32' ? [{ path, field, kind: 'int' }] : [];
    }
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, child]) =>
        leavesOf(child, path ? `${path}.${key}` : key, child, seen),
      );
    case 'array':
      return leavesOf(def.element as z.ZodType, `${path}[]`, def.element as z.ZodType, seen);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return leavesOf(def.innerType as z.ZodType, path, field, seen);
    case 'pipe':
      // The input side is what a request carries (z.coerce.number().pipe(...) starts as a number).
      return leavesOf(def.in as z.ZodType, path, field, seen);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => leavesOf(option, path, field, seen));
    case 'intersection':
      return [
        ...leavesOf(def.left as z.ZodType, path, field, seen),
        ...leavesOf(def.right as z.ZodType, path, field, seen),
      ];
    default:
      // enum, literal, boolean, transform, custom: fixed values or no text of their own.
      return [];
  }
}

function requestLeaves(): { endpoint: string; leaf: Leaf }[] {
  const registries: Record<string, EndpointDef>[] = [shopEndpoints, techEndpoints];
  return registries.flatMap((registry) =>
    Object.entries(registry).flatMap(([name, endpoint]) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = endpoint[part];
        return schema ? leavesOf(schema, part, schema).map((leaf) => ({ endpoint: name, leaf })) : [];
      }),
    ),
  );
}

const issueMessages = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues);

describe('request fields refuse what the database cannot store', () => {
  const leaves = requestLeaves();

  it('finds the request fields of the registry (the walk reaches the leaves)', () => {
    const paths = leaves.map(({ endpoint, leaf }) => `${endpoint} ${leaf.path}`);
    expect(paths).toContain('client-registration body.email');
    expect(paths).toContain('basket-add-item body.basket_id');
    expect(paths).toContain('create-order-order-step2-from-items-post body.comment');
    expect(paths).toContain('page/:id params.id');
    expect(leaves.filter(({ leaf }) => leaf.kind === 'string').length).toBeGreaterThan(30);
  });

  it.each(requestLeaves().filter(({ leaf }) => leaf.kind === 'string'))(
    '$endpoint $leaf.path refuses a NUL character',
    ({ leaf }) => {
      // Formats (dates) refuse it with their own message; every other text with the shared one.
      expect(issueMessages(leaf.field.safeParse('ab\u0000cd')).length).toBeGreaterThan(0);
    },
  );

  it.each(requestLeaves().filter(({ leaf }) => leaf.kind === 'int'))(
    '$endpoint $leaf.path refuses an integer past PostgreSQL integer, or caps it (per_page)',
    ({ leaf }) => {
      const result = leaf.field.safeParse(INT4_MAX + 1);
      if (result.success) expect(result.data).toBeLessThanOrEqual(INT4_MAX);
    },
  );
});

describe('the shared field types', () => {
  it('ids: 1 to 2,147,483,647', () => {
    expect(idSchema.safeParse(INT4_MAX).success).toBe(true);
    expect(issueMessages(idSchema.safeParse(INT4_MAX + 1)).map((issue) => issue.message)).toEqual([
      'Некорректный идентификатор',
    ]);
    expect(idSchema.safeParse(0).success).toBe(false);
  });

  it('every bare text of a request says what is wrong with it', () => {
    expect(issueMessages(textSchema().safeParse('a\u0000')).map((issue) => issue.message)).toEqual([
      UNSTORABLE_TEXT_MESSAGE,
    ]);
  });

  it('text: anything but NUL, Cyrillic, emoji and control characters PostgreSQL stores included', () => {
    expect(textSchema().safeParse('Мойка «Альфа» 🚗\t\n\u0001').success).toBe(true);
    expect(textSchema().safeParse('\u0000').success).toBe(false);
  });
});
