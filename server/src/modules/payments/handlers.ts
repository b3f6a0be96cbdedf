import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { listPaymentsPage, recordManualPayment } from './service.ts';
import { importStatement, recordStatementLine } from './statement-import.ts';

/** Payments and bank statements in the back office (owner, manager); the route layer checked the role. */
export function createPaymentHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  const timeZone = config.shopTimeZone;
  return {
    'payment-record': async ({ staff, body, request }) =>
      recordManualPayment(db, signedInStaff(staff).staffId, body, nowFor(request), timeZone),

    'payment-list': ({ body, query }) => listPaymentsPage(db, body, query.page),

    'statement-import': async ({ staff, body, request }) =>
      importStatement(db, body, { staffId: signedInStaff(staff).staffId, now: nowFor(request), timeZone }),

    'statement-line-record': async ({ staff, body, request }) =>
      recordStatementLine(db, body, { staffId: signedInStaff(staff).staffId, now: nowFor(request), timeZone }),
  };
}
