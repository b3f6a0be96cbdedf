import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  ADMIN_API_PREFIX,
  STAFF_SESSION_COOKIE_NAME,
  adminEndpoints,
  type AdminEndpointPath,
  type StaffMember,
  type StaffRole,
} from '@detal/contract';
import type { Db } from '../../src/db/index.ts';
import { openStaffSession } from '../../src/modules/staff/sessions.ts';
import { createStaffMember } from '../../src/modules/staff/service.ts';
import { freshAddress } from './clients.ts';

export const STAFF_PASSWORD = 'staff password 42';

let staffCounter = 0;

export interface TestStaff {
  member: StaffMember;
  email: string;
  password: string;
}

/** A staff member with a password, written as the CLI writes one (no HTTP, an audit row from the command line). */
export async function createTestStaff(db: Db, role: StaffRole, now = new Date()): Promise<TestStaff> {
  staffCounter += 1;
  const email = `${role}-${staffCounter}-${Date.now()}@shop.example.ru`;
  const { member } = await createStaffMember(
    db,
    null,
    { email, name: `Сотрудник ${staffCounter}`, role, password: STAFF_PASSWORD },
    now,
  );
  return { member, email, password: STAFF_PASSWORD };
}

/** A session opened directly in the database (no scrypt work): the Cookie header that carries it. */
export async function staffCookieFor(db: Db, staffId: number, now = new Date()): Promise<string> {
  return `${STAFF_SESSION_COOKIE_NAME}=${await openStaffSession(db, staffId, now)}`;
}

/** The `staff_session` value a response sets, or null. */
export function staffCookieSetBy(response: LightMyRequestResponse): string | null {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const cookie = cookies.find((line) => line.startsWith(`${STAFF_SESSION_COOKIE_NAME}=`));
  return cookie ? cookie.split(';')[0]! : null;
}

export interface AdminCallOptions {
  body?: unknown;
  /** A Cookie header (staffCookieFor). */
  cookie?: string | null;
  /** A client's bearer token, to show it opens nothing here. */
  bearer?: string | null;
  query?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** Calls a back office endpoint of the contract as a non-browser client (no Origin, no Sec-Fetch-Site) would. */
export function callAdmin(
  app: FastifyInstance,
  path: AdminEndpointPath,
  {
    body,
    cookie = null,
    bearer = null,
    query = '',
    headers = {},
    remoteAddress = freshAddress(),
  }: AdminCallOptions = {},
): Promise<LightMyRequestResponse> {
  const endpoint = adminEndpoints[path];
  return app.inject({
    method: endpoint.method,
    url: ADMIN_API_PREFIX + endpoint.path + query,
    remoteAddress,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    ...(endpoint.method === 'POST' ? { payload: (body ?? {}) as object } : {}),
  });
}

/** Signs in through the API; answers the Cookie header of the new session. */
export async function signInStaff(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await callAdmin(app, 'staff-sign-in', { body: { email, password } });
  const cookie = staffCookieSetBy(response);
  if (response.statusCode !== 200 || !cookie)
    throw new Error(`Staff sign-in failed: ${response.statusCode} ${response.body}`);
  return cookie;
}
