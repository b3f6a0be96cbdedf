import type { AdminEndpoints } from '@detal/contract';
import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps, EndpointHandler } from '../../http/handlers.ts';
import { limitRate } from '../../http/rate-limit.ts';
import { clearStaffCookie, setStaffCookie, signedInStaff, staffOf } from '../../http/staff-auth.ts';
import { createMailer } from '../../mail/mailer.ts';
import { hashForUnknownAccount } from '../../shared/password.ts';
import { AUTH_LIMIT_WINDOW_MS, PER_EMAIL_MAX, limitPerAddress } from '../clients/limits.ts';
import { listAuditLog } from './audit.ts';
import type { AuditObjectReaders } from '../audit/audit-objects.ts';
import { limitStaffSignInPerAddress, signInWithinLimits } from './sign-in-limits.ts';
import { isFirstOwnerSetupUsable, setUpFirstOwner } from './first-owner-setup.ts';
import {
  changeOwnPassword,
  inviteStaff,
  listStaff,
  setPasswordFromLink,
  setStaffBlocked,
  signIn,
  signOut,
  staffMemberOf,
} from './service.ts';

type Handler<K extends keyof AdminEndpoints> = EndpointHandler<AdminEndpoints[K]>;

/** A password change counts per staff member (10 per 15 minutes), as the clients' does per client. */
const limitPerStaffMember = <H extends object>(handler: H): H =>
  limitRate(handler, {
    max: PER_EMAIL_MAX,
    timeWindow: AUTH_LIMIT_WINDOW_MS,
    hook: 'preHandler',
    keyGenerator: (request) => `staff:${staffOf(request)?.staffId ?? request.ip}`,
  });

/**
 * The back office's staff endpoints. The route layer has checked the session and the role of every endpoint
 * (http/routes.ts) before a handler runs; who acts always comes from the session cookie, never from the body.
 */
export function createStaffHandlers(
  { config, database: { db } }: AppDeps,
  auditObjectReaders: AuditObjectReaders = {},
): AdminHandlers {
  const mailer = createMailer(config);
  void hashForUnknownAccount();
  return {
    // Sign-in counts its own failures, per e-mail and per known device (sign-in-limits.ts): nothing done at the
    // storefront's sign-in, and no stranger's guessing here, refuses a staff member's right password.
    'staff-sign-in': limitStaffSignInPerAddress<Handler<'staff-sign-in'>>(async ({ body, request, reply }) => {
      const { token, member } = await signInWithinLimits(db, request, reply, body.email, () =>
        signIn(db, body, nowFor(request)),
      );
      setStaffCookie(request, reply, token);
      return { staff: member };
    }),

    'staff-set-password': limitPerAddress<Handler<'staff-set-password'>>(async ({ body, request }) => {
      await setPasswordFromLink(db, body, nowFor(request));
      return { success: true as const };
    }),

    // The first owner's setup link (printed at start while no staff exists): limited like a set-password link.
    'staff-setup-check': limitPerAddress<Handler<'staff-setup-check'>>(async ({ body }) => ({
      usable: await isFirstOwnerSetupUsable(db, body),
    })),

    'staff-setup': limitPerAddress<Handler<'staff-setup'>>(async ({ body, request, reply }) => {
      const { token, member } = await setUpFirstOwner(db, body, nowFor(request));
      setStaffCookie(request, reply, token);
      return { staff: member };
    }),

    'staff-sign-out': async ({ staff, request, reply }) => {
      await signOut(db, signedInStaff(staff), nowFor(request));
      clearStaffCookie(request, reply);
      return { success: true as const };
    },

    'staff-me': async ({ staff }) => ({ staff: await staffMemberOf(db, signedInStaff(staff).staffId) }),

    'staff-change-password': limitPerStaffMember<Handler<'staff-change-password'>>(async ({ staff, body, request }) => {
      await changeOwnPassword(db, signedInStaff(staff), body, nowFor(request));
      return { success: true as const };
    }),

    'staff-list': async ({ body, query }) => listStaff(db, body, query.page),

    'staff-invite': async ({ staff, body, request }) => ({
      staff: await inviteStaff(db, signedInStaff(staff), body, nowFor(request), {
        mailer,
        publicUrl: config.publicUrl,
        log: request.log,
      }),
    }),

    'staff-block': async ({ staff, body, request }) => ({
      staff: await setStaffBlocked(db, signedInStaff(staff), body.id, true, nowFor(request)),
    }),

    'staff-unblock': async ({ staff, body, request }) => ({
      staff: await setStaffBlocked(db, signedInStaff(staff), body.id, false, nowFor(request)),
    }),

    'audit-log-list': async ({ body, query }) =>
      listAuditLog(db, body, query.page, config.shopTimeZone, auditObjectReaders),
  };
}
