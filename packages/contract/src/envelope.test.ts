import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  dataEnvelope,
  errorBodySchema,
  listQuerySchema,
  pageOffset,
  pageQuerySchema,
  paginatedList,
  paginationMeta,
  PER_PAGE_DEFAULT,
  PER_PAGE_MAX,
  perPageSchema,
  toFieldErrors,
} from './index.ts';

const messagesOf = (result: { error?: z.ZodError }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('dataEnvelope and paginatedList', () => {
  it('wrap a payload in { data }', () => {
    const schema = dataEnvelope(z.object({ id: z.int() }));
    expect(schema.parse({ data: { id: 1 } })).toEqual({ data: { id: 1 } });
    expect(schema.safeParse({ id: 1 }).success).toBe(false);
  });

  it('describe a page of a list', () => {
    const schema = paginatedList(z.object({ id: z.int() }));
    const page = { data: [{ id: 1 }], current_page: 1, last_page: 1, per_page: 20, total: 1 };
    expect(schema.parse(page)).toEqual(page);
    expect(schema.safeParse({ ...page, current_page: 0 }).success).toBe(false);
    expect(schema.safeParse({ ...page, per_page: PER_PAGE_MAX + 1 }).success).toBe(false);
    expect(schema.safeParse({ ...page, total: 1.5 }).success).toBe(false);
  });

  it('paginationMeta keeps last_page at least 1 and echoes the page', () => {
    expect(paginationMeta(0, 1, 20)).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 0 });
    expect(paginationMeta(41, 3, 20)).toEqual({ current_page: 3, last_page: 3, per_page: 20, total: 41 });
    expect(paginationMeta(40, 5, 20).last_page).toBe(2);
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(3, 20)).toBe(40);
  });
});

describe('page parameters', () => {
  it('page is 1-based, coerced from the query, 1 by default', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1 });
    expect(pageQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
    expect(messagesOf(pageQuerySchema.safeParse({ page: '0' }))).toEqual(['Номер страницы должен быть не меньше 1']);
    expect(messagesOf(pageQuerySchema.safeParse({ page: '1.5' }))).toEqual(['Номер страницы должен быть целым числом']);
    expect(messagesOf(pageQuerySchema.safeParse({ page: 'abc' }))).toEqual(['Номер страницы должен быть числом']);
  });

  it('per_page defaults to 20 and is capped at 100', () => {
    expect(perPageSchema.parse(undefined)).toBe(PER_PAGE_DEFAULT);
    expect(perPageSchema.parse(100)).toBe(100);
    expect(perPageSchema.parse(101)).toBe(PER_PAGE_MAX);
    expect(perPageSchema.parse(5000)).toBe(PER_PAGE_MAX);
    expect(messagesOf(perPageSchema.safeParse(0))).toEqual(['Размер страницы должен быть не меньше 1']);
  });

  it('GET lists take both from the query', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(listQuerySchema.parse({ page: '2', per_page: '5' })).toEqual({ page: 2, per_page: 5 });
    expect(listQuerySchema.parse({ per_page: '500' })).toEqual({ page: 1, per_page: 100 });
    expect(listQuerySchema.safeParse({ per_page: '0' }).success).toBe(false);
  });
});

describe('error body', () => {
  it('carries a text or a field -> messages map', () => {
    expect(errorBodySchema.safeParse({ message: 'Не найдено', error: 'not_found' }).success).toBe(true);
    expect(
      errorBodySchema.safeParse({ message: 'Проверьте данные', error: { email: ['Введите e-mail'] } }).success,
    ).toBe(true);
    expect(errorBodySchema.safeParse({ message: 'x', error: { email: 'Введите e-mail' } }).success).toBe(false);
    expect(errorBodySchema.safeParse({ error: 'x' }).success).toBe(false);
  });

  it('toFieldErrors groups messages by dotted path without repeats', () => {
    expect(
      toFieldErrors([
        { path: ['email'], message: 'Введите e-mail' },
        { path: ['item', 'id'], message: 'Обязательное поле' },
        { path: ['itemsForOrder', 0], message: 'Некорректный идентификатор' },
        { path: ['email'], message: 'Введите e-mail' },
        { path: ['email'], message: 'Слишком длинный' },
        { path: [], message: 'Неверный ввод' },
      ]),
    ).toEqual({
      email: ['Введите e-mail', 'Слишком длинный'],
      'item.id': ['Обязательное поле'],
      'itemsForOrder.0': ['Некорректный идентификатор'],
      _: ['Неверный ввод'],
    });
  });
});
