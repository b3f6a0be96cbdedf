import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileFastSerializer, createSerializerCompiler, simplifyNullable } from './serializer.ts';

const offerSchema = z.object({
  id: z.number().int().positive(),
  price: z.number().nonnegative(),
  delivery: z.number().int().nullable(),
  supplier: z.object({ name: z.string() }).nullable(),
  note: z.string().optional(),
});
const responseSchema = z.object({ data: z.array(offerSchema) });

const compile = (checkResponses: boolean, schema: z.ZodType = responseSchema) =>
  createSerializerCompiler({ checkResponses })({ schema, method: 'POST', url: '/offers', httpStatus: '200' });

describe('response serializer', () => {
  it('writes only what the contract declares: a field the handler let slip is not sent', () => {
    const row = {
      id: 7,
      price: 1234.5,
      delivery: null,
      supplier: { name: 'Склад', token: 'secret' },
      password_hash: 'x',
    };
    for (const checkResponses of [false, true]) {
      const written = compile(checkResponses)({ data: [row] });
      expect(JSON.parse(written)).toEqual({
        data: [{ id: 7, price: 1234.5, delivery: null, supplier: { name: 'Склад' } }],
      });
      expect(written).not.toContain('secret');
      expect(written).not.toContain('password_hash');
    }
  });

  it('writes the same document as zod and JSON.stringify', () => {
    const data = {
      data: [
        { id: 1, price: 0.1, delivery: 3, supplier: null, note: 'кавычки " и \\ и \n' },
        { id: 2, price: 99999999.99, delivery: null, supplier: { name: 'Поставщик' } },
      ],
    };
    const fast = compileFastSerializer(responseSchema);
    expect(fast).not.toBeNull();
    expect(JSON.parse(fast!(data))).toEqual(JSON.parse(JSON.stringify(z.encode(responseSchema, data))));
  });

  it('outside production a response outside the contract is refused, not sent', () => {
    const negative = { data: [{ id: 1, price: -5, delivery: null, supplier: null }] };
    let thrown: unknown;
    try {
      compile(true)(negative);
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const withDate = z.object({ at: z.date() });
    expect(compileFastSerializer(withDate)).toBeNull();
    expect(() => compile(false, withDate)({ at: new Date(0) })).not.toThrow();
  });

  it('turns nullable unions into type lists and leaves other unions alone', () => {
    expect(simplifyNullable({ anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }] })).toEqual({
      type: ['integer', 'null'],
      minimum: 0,
    });
    const union = { anyOf: [{ type: 'string' }, { type: 'object' }] };
    expect(simplifyNullable(union)).toEqual(union);
  });
});
