import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope, pageQuerySchema, paginatedList, successSchema } from './envelope.ts';
import { clientAdminEndpoints } from './admin-clients.ts';
import { paymentAdminEndpoints } from './payments.ts';
import {
  type StaffRole,
  auditEntrySchema,
  auditLogFiltersSchema,
  staffChangePasswordRequestSchema,
  staffIdRequestSchema,
  staffInviteRequestSchema,
  staffListFiltersSchema,
  staffMemberSchema,
  staffSetPasswordRequestSchema,
  staffSignInRequestSchema,
} from './staff.ts';

/**
 * The back office's API under `/api/v1/admin/` (issue 14). Every endpoint with `roles` needs a staff session
 * (the `staff_session` cookie; 401 without one) whose role is listed (403 otherwise); the route layer checks
 * it for every endpoint from these entries. A client's bearer token opens none of them.
 */

const ANY_STAFF: readonly StaffRole[] = ['owner', 'manager', 'content_editor'];
const OWNER: readonly StaffRole[] = ['owner'];

const staffEnvelope = dataEnvelope(z.object({ staff: staffMemberSchema }));

export const adminEndpoints = defineEndpoints({
  'staff-sign-in': {
    method: 'POST',
    path: 'staff-sign-in',
    session: false,
    summary: 'Staff sign-in: sets the staff_session cookie (httpOnly, SameSite=Strict)',
    tags: ['admin'],
    body: staffSignInRequestSchema,
    response: staffEnvelope,
  },
  'staff-set-password': {
    method: 'POST',
    path: 'staff-set-password',
    session: false,
    summary: 'Set a staff password from an invitation or set-password link (once); ends the sessions',
    tags: ['admin'],
    body: staffSetPasswordRequestSchema,
    response: dataEnvelope(successSchema),
  },
  'staff-sign-out': {
    method: 'POST',
    path: 'staff-sign-out',
    session: false,
    roles: ANY_STAFF,
    summary: 'Staff sign-out: ends the session and clears the cookie',
    tags: ['admin'],
    body: z.object({}),
    response: dataEnvelope(successSchema),
  },
  'staff-me': {
    method: 'GET',
    path: 'staff-me',
    session: false,
    roles: ANY_STAFF,
    summary: 'The signed-in staff member',
    tags: ['admin'],
    response: staffEnvelope,
  },
  'staff-change-password': {
    method: 'POST',
    path: 'staff-change-password',
    session: false,
    roles: ANY_STAFF,
    summary: "Change one's own password; ends the other sessions",
    tags: ['admin'],
    body: staffChangePasswordRequestSchema,
    response: dataEnvelope(successSchema),
  },
  'staff-list': {
    method: 'POST',
    path: 'staff-list',
    session: false,
    roles: OWNER,
    summary: 'Every staff member, newest first, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: staffListFiltersSchema,
    response: dataEnvelope(paginatedList(staffMemberSchema)),
  },
  'staff-invite': {
    method: 'POST',
    path: 'staff-invite',
    session: false,
    roles: OWNER,
    summary: 'Invite a staff member: e-mails a set-password link',
    tags: ['admin'],
    body: staffInviteRequestSchema,
    response: staffEnvelope,
  },
  'staff-block': {
    method: 'POST',
    path: 'staff-block',
    session: false,
    roles: OWNER,
    summary: 'Block a staff member: their sessions end at once',
    tags: ['admin'],
    body: staffIdRequestSchema,
    response: staffEnvelope,
  },
  'staff-unblock': {
    method: 'POST',
    path: 'staff-unblock',
    session: false,
    roles: OWNER,
    summary: 'Unblock a staff member',
    tags: ['admin'],
    body: staffIdRequestSchema,
    response: staffEnvelope,
  },
  'audit-log-list': {
    method: 'POST',
    path: 'audit-log-list',
    session: false,
    roles: OWNER,
    summary: 'The audit log of staff writes, newest first, filtered by staff, entity and date, paginated',
    tags: ['admin'],
    query: pageQuerySchema,
    body: auditLogFiltersSchema,
    response: dataEnvelope(paginatedList(auditEntrySchema)),
  },
  // Payments and statements (payments.ts), clients (admin-clients.ts): owner and manager.
  ...paymentAdminEndpoints,
  ...clientAdminEndpoints,
});

export type AdminEndpoints = typeof adminEndpoints;
export type AdminEndpointPath = keyof AdminEndpoints;
