import { z } from 'zod';
import type { StaffRole } from './staff.ts';

/**
 * One API endpoint as the contract fixes it. The server registers its route from this definition
 * (validation and OpenAPI), the web calls it through the request layer with the same types.
 */
/** A download's type. */
/**
 * A download whose type the handler sets: 'table', CSV or XLSX (a supplier's order file); 'document', a PDF or an
 * XML file (the УПД's two forms); 'image', a photo (a return's). 'pdf' and 'csv' are fixed.
 */
export type BinaryResponse = 'pdf' | 'csv' | 'table' | 'document' | 'image';

export interface EndpointDef {
  method: 'GET' | 'POST';
  /** Path relative to the scheme's prefix, Fastify style for parameters: `page/:id`. */
  path: string;
  /** True when the endpoint needs a signed-in client (401 otherwise). */
  session: boolean;
  /**
   * Back office endpoints: the staff roles allowed. With it the endpoint needs a staff session (401 without one)
   * of one of these roles (403 otherwise); client tokens are ignored.
   */
  roles?: readonly StaffRole[];
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * Request headers the endpoint reads besides the usual ones, for the API docs: a loose object (every other header
   * passes through) whose fields are optional, so that it never refuses a request; the handler checks the values.
   */
  headers?: z.ZodType;
  /** The whole success body, envelope included; 'pdf', 'csv' or 'table' for a binary download. */
  response: z.ZodType | BinaryResponse;
  /**
   * True when the request's body is a file's raw bytes (`application/octet-stream`), handed to the handler as a
   * stream (never held in memory); the query then says what the file is.
   */
  upload?: boolean;
}

/** The fields of an object schema, through pipes (transforms); none for other schemas. */
function fieldNamesOf(schema: z.ZodType | undefined): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldNamesOf(schema.in as z.ZodType);
  return [];
}

/**
 * True when the endpoint's answer belongs to one caller, so that no cache may keep it: it needs a session, it is
 * an `auth` endpoint (sessions and accounts), or its request carries a basket key (the basket's secret).
 */
export function isPersonalEndpoint(endpoint: EndpointDef): boolean {
  if (endpoint.session || endpoint.tags.includes('auth')) return true;
  return [endpoint.body, endpoint.query, endpoint.params].some((schema) => fieldNamesOf(schema).includes('basket_key'));
}

export const defineEndpoints = <const T extends Record<string, EndpointDef>>(endpoints: T): T => endpoints;

type InferOr<T, Fallback> = T extends z.ZodType ? z.infer<T> : Fallback;

export type EndpointBody<E extends EndpointDef> = InferOr<E['body'], undefined>;
export type EndpointParams<E extends EndpointDef> = InferOr<E['params'], undefined>;
export type EndpointQuery<E extends EndpointDef> = InferOr<E['query'], undefined>;
/** The payload inside `{ data }`, or a Buffer for binary downloads. */
export type EndpointPayload<E extends EndpointDef> = E['response'] extends z.ZodType
  ? z.infer<E['response']> extends { data: infer D }
    ? D
    : never
  : Buffer | Uint8Array | AsyncIterable<Uint8Array>;

type InputOr<T, Fallback> = T extends z.ZodType ? z.input<T> : Fallback;

/** What a caller may send (before defaults and trimming); EndpointBody is what the handler receives. */
export type EndpointBodyInput<E extends EndpointDef> = InputOr<E['body'], undefined>;
export type EndpointQueryInput<E extends EndpointDef> = InputOr<E['query'], undefined>;
export type EndpointParamsInput<E extends EndpointDef> = InputOr<E['params'], undefined>;
/** The whole success body, envelope included, or the bytes of a binary download. */
export type EndpointResponse<E extends EndpointDef> = E['response'] extends z.ZodType
  ? z.infer<E['response']>
  : Buffer | Uint8Array;
