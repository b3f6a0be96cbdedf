import { clientIdOf } from '../../http/auth.ts';
import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { archivePayer, createPayer, listPayers, makeDefaultPayer, updatePayer } from './service.ts';

/** The client's payers (issue 30): whose they are always comes from the token; another client's answers 404. */
export function createPayerHandlers({ database: { db } }: AppDeps): ShopHandlers {
  return {
    'client-payer-all-post': async ({ auth, body }) => ({
      payers: await listPayers(db, clientIdOf(auth), body.archived),
    }),
    'client-payer-create-post': async ({ auth, body, request }) => {
      const { is_default: isDefault, ...requisites } = body;
      return { payer: await createPayer(db, clientIdOf(auth), requisites, isDefault, nowFor(request)) };
    },
    'client-payer-update-post': async ({ auth, body, request }) => {
      const { id, is_default: isDefault, ...requisites } = body;
      return { payer: await updatePayer(db, clientIdOf(auth), id, requisites, isDefault, nowFor(request)) };
    },
    'client-payer-default-post': async ({ auth, body, request }) => ({
      payer: await makeDefaultPayer(db, clientIdOf(auth), body.id, nowFor(request)),
    }),
    'client-payer-archive-post': async ({ auth, body, request }) => {
      await archivePayer(db, clientIdOf(auth), body.id, nowFor(request));
      return { success: true as const };
    },
  };
}

/** The client card's payers in the back office (owner, manager); each write goes to the audit log. */
export function createPayerAdminHandlers({ database: { db } }: AppDeps): AdminHandlers {
  return {
    'payer-list': async ({ body }) => ({ payers: await listPayers(db, body.client_id, true) }),
    'payer-create': async ({ staff, body, request }) => {
      const { client_id: clientId, is_default: isDefault, ...requisites } = body;
      const actor = { kind: 'staff' as const, staffId: signedInStaff(staff).staffId };
      return { payer: await createPayer(db, clientId, requisites, isDefault, nowFor(request), actor) };
    },
    'payer-update': async ({ staff, body, request }) => {
      const { id, is_default: isDefault, ...requisites } = body;
      const actor = { kind: 'staff' as const, staffId: signedInStaff(staff).staffId };
      return { payer: await updatePayer(db, null, id, requisites, isDefault, nowFor(request), actor) };
    },
    'payer-archive': async ({ staff, body, request }) => {
      const actor = { kind: 'staff' as const, staffId: signedInStaff(staff).staffId };
      await archivePayer(db, null, body.id, nowFor(request), actor);
      return { success: true as const };
    },
  };
}
