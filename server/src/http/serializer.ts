import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * Responses are written by serializers compiled once per route from the contract's zod schemas turned into JSON
 * Schema (fast-json-stringify, what Fastify uses by default): they write only the properties the contract
 * declares, in its order, and cost a tenth of checking every response with zod and then JSON.stringify (a 50-line
 * basket: 16 µs instead of 168 µs). Outside production each response is also checked with zod and written the
 * slow way, and the two documents must be equal, so every test that calls an endpoint proves the fast serializer
 * right for what it answered. See docs/decisions/0004-response-serialization.md.
 */

type JsonSchema = { [key: string]: unknown };
type SerializerCompilerInput = Parameters<FastifySerializerCompiler<unknown>>[0];

const isJsonObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `anyOf: [{ type: T, … }, { type: 'null' }]`, how zod writes `.nullable()`, as `type: [T, 'null']`:
 * fast-json-stringify writes the latter directly, while an anyOf makes it test each branch with a validator.
 */
export function simplifyNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyNullable);
  if (!isJsonObject(schema)) return schema;
  const simplified: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) simplified[key] = simplifyNullable(value);
  const branches = simplified.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return simplified;
  const nullIndex = branches.findIndex(
    (branch) => isJsonObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
  );
  const other: unknown = branches[1 - nullIndex];
  if (nullIndex === -1 || !isJsonObject(other) || typeof other.type !== 'string') return simplified;
  const { anyOf: _anyOf, ...rest } = simplified;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (schema instanceof z.ZodType) return schema;
  if (isJsonObject(schema) && schema.properties instanceof z.ZodType) return schema.properties;
  return null;
}

/** A compiled writer for a response schema, or null when its JSON Schema cannot say what zod says. */
export function compileFastSerializer(schema: z.ZodType): ((data: unknown) => string) | null {
  let jsonSchema: unknown;
  try {
    jsonSchema = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw' });
  } catch {
    return null;
  }
  return fastJson(simplifyNullable(jsonSchema) as Parameters<typeof fastJson>[0]);
}

export class SerializerMismatchError extends Error {
  constructor(method: string, url: string) {
    super(`The compiled serializer of ${method} ${url} wrote a different document than the zod schema`);
    this.name = 'SerializerMismatchError';
  }
}

/**
 * The app's serializer compiler. `checkResponses` (everywhere but production): every response is also checked
 * and written through zod (a response outside the contract is a 500) and must match the compiled writer's text.
 */
export function createSerializerCompiler({
  checkResponses,
}: {
  checkResponses: boolean;
}): FastifySerializerCompiler<unknown> {
  return (input: SerializerCompilerInput) => {
    const checked = zodSerializerCompiler(input as Parameters<typeof zodSerializerCompiler>[0]);
    const zodSchema = zodSchemaOf(input.schema);
    const fast = zodSchema ? compileFastSerializer(zodSchema) : null;
    if (!fast) return checked;
    if (!checkResponses) return fast;
    return (data: unknown) => {
      const expected = checked(data);
      const written = fast(data);
      // Same document; the order of keys may differ (the compiled writer puts optional properties last).
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new SerializerMismatchError(input.method, input.url);
      }
      return written;
    };
  };
}
