import { z } from 'zod';
import { PER_PAGE_MAX } from './constants.ts';

/** Shapes every endpoint shares (contract-decisions.md section 1): success envelope, paginated list, error body. */

export const PER_PAGE_DEFAULT = 20;
// Pages beyond int4 are no real request; the cap keeps (page - 1) * per_page a safe integer.
const PAGE_MAX = 2_147_483_647;

/** Success body: `{ data: <payload> }`. */
export const dataEnvelope = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

/**
 * A page of a list. `current_page` echoes the requested page even past the end (then `data` is empty);
 * `last_page` is at least 1, also for an empty list.
 */
export const paginatedList = <T extends z.ZodType>(itemSchema: T) =>
  z.object({
    data: z.array(itemSchema),
    current_page: z.int().min(1),
    last_page: z.int().min(1),
    per_page: z.int().min(1).max(PER_PAGE_MAX),
    total: z.int().min(0),
  });

export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** The page fields of a list of `total` items: what the server puts beside `data`. */
export function paginationMeta(total: number, page: number, perPage: number): Omit<Paginated<never>, 'data'> {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

/** Rows to skip for a 1-based page. */
export function pageOffset(page: number, perPage: number): number {
  return (page - 1) * perPage;
}

/** A 1-based page number. */
export const pageNumberSchema = z
  .int('Номер страницы должен быть целым числом')
  .min(1, 'Номер страницы должен быть не меньше 1')
  .max(PAGE_MAX, 'Слишком большой номер страницы');

/** Query `?page=n`: 1-based, 1 when absent. */
export const pageQuerySchema = z.object({
  page: z.coerce.number({ error: 'Номер страницы должен быть числом' }).pipe(pageNumberSchema).default(1),
});

// The contract caps per_page at 100 rather than refusing more: a client asking for 500 gets pages of 100.
const perPageNumberSchema = z
  .int('Размер страницы должен быть целым числом')
  .min(1, 'Размер страницы должен быть не меньше 1')
  .transform((perPage) => Math.min(perPage, PER_PAGE_MAX));

/** Body field `per_page` of the paginated POSTs: at least 1, capped at 100, 20 when absent. */
export const perPageSchema = perPageNumberSchema.default(PER_PAGE_DEFAULT);

/** Query `?page=n&per_page=m` of the paginated GETs. */
export const listQuerySchema = pageQuerySchema.extend({
  per_page: z.coerce
    .number({ error: 'Размер страницы должен быть числом' })
    .pipe(perPageNumberSchema)
    .default(PER_PAGE_DEFAULT),
});

/** Error body: `error` is a text, or for 422 a map of field -> messages. */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.union([z.string(), z.record(z.string(), z.array(z.string()))]),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
export type FieldErrors = Record<string, string[]>;

interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Validation issues as the 422 `error` map: the field's dotted path ('items.0.id') -> its messages, in order,
 * without repeats. Issues about the whole value (empty path) go under '_'.
 */
export function toFieldErrors(issues: readonly IssueLike[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** `{ success: true }`: the payload of an action that has nothing else to tell. */
export const successSchema = z.object({ success: z.literal(true) });

/** `{ message }`: the payload of an action whose answer is a text for the client. */
export const messageSchema = z.object({ message: z.string() });
