import type { FastifyReply } from 'fastify';
import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { clientIdOf } from '../../http/auth.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { clientLedger, debtorList } from './reads.ts';
import {
  accountsOfClient,
  createAdjustment,
  createAdvance,
  createReversal,
  entryList,
  liftStop,
  matchUnmatchedLine,
  setStop,
  unmatchedLines,
} from './service.ts';
import { getTerms, setTerms } from './terms.ts';
import { holdList, releaseHold } from './holds.ts';
import { reconciliationFile } from './reconciliation-pdf.ts';

/** The act as a download: it names the client, so no shared cache keeps it. */
function sendAct(reply: FastifyReply, file: { fileName: string; bytes: Buffer }) {
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  reply.header('cache-control', 'private, no-store');
  reply.type('application/pdf');
  return file.bytes;
}

/** The ledger in the back office (owner, manager); the route layer checked the role. */
export function createLedgerAdminHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  const timeZone = config.shopTimeZone;
  return {
    'ledger-account-list': async ({ body, request }) => ({
      accounts: await accountsOfClient(db, body.client_id, { now: nowFor(request), timeZone }),
    }),
    'ledger-entry-list': ({ body, request }) => entryList(db, body, { now: nowFor(request), timeZone }),
    'ledger-adjustment-create': ({ staff, body, request }) =>
      createAdjustment(db, signedInStaff(staff).staffId, body, { now: nowFor(request), timeZone }),
    'ledger-reversal-create': ({ staff, body, request }) =>
      createReversal(db, signedInStaff(staff).staffId, body, { now: nowFor(request), timeZone }),
    'ledger-advance-create': ({ staff, body, request }) =>
      createAdvance(db, signedInStaff(staff).staffId, body, { now: nowFor(request), timeZone }),
    'ledger-terms-get': ({ body }) => getTerms(db, body),
    'ledger-terms-set': ({ staff, body, request }) => setTerms(db, signedInStaff(staff).staffId, body, nowFor(request)),
    'ledger-stop-set': ({ staff, body, request }) =>
      setStop(db, signedInStaff(staff).staffId, body, { now: nowFor(request), timeZone }),
    'ledger-stop-lift': ({ staff, body, request }) =>
      liftStop(db, signedInStaff(staff).staffId, body, { now: nowFor(request), timeZone }),
    'ledger-debtor-list': ({ body, request }) => debtorList(db, body, { now: nowFor(request), timeZone }),
    'ledger-unmatched-list': () => unmatchedLines(db),
    'ledger-unmatched-match': ({ staff, body, request }) =>
      matchUnmatchedLine(db, signedInStaff(staff).staffId, body, { now: nowFor(request), timeZone }),
    'ledger-hold-list': () => holdList(db),
    'ledger-reconciliation-download': async ({ body, reply }) =>
      sendAct(reply, await reconciliationFile(db, body, null, timeZone)),
    'ledger-hold-release': ({ staff, body, request }) =>
      releaseHold(db, signedInStaff(staff).staffId, body.order_id, nowFor(request)),
  };
}

/** The client's own ledger (the storefront). */
export function createLedgerHandlers({ config, database: { db } }: AppDeps): ShopHandlers {
  return {
    'client-ledger-post': ({ auth, request }) =>
      clientLedger(db, clientIdOf(auth), { now: nowFor(request), timeZone: config.shopTimeZone }),
    'client-reconciliation-download-post': async ({ auth, body, reply }) =>
      sendAct(reply, await reconciliationFile(db, body, clientIdOf(auth), config.shopTimeZone)),
  };
}
