import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { changeClientDiscount, changeClientGroup, clientScreen, listClients, setClientBlocked } from './admin.ts';

/** The clients' screens of the back office (owner, manager); every write answers the client's screen anew. */
export function createClientAdminHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  const timeZone = config.shopTimeZone;
  const screen = async (id: number) => ({ client: await clientScreen(db, id, timeZone) });
  return {
    'client-list': ({ body, query }) => listClients(db, body, query.page),

    'client-show': ({ body }) => screen(body.id),

    'client-set-group': async ({ staff, body, request }) => {
      await changeClientGroup(db, signedInStaff(staff), body.id, body.group, nowFor(request));
      return screen(body.id);
    },

    'client-set-discount': async ({ staff, body, request }) => {
      await changeClientDiscount(db, signedInStaff(staff), body.id, body.percent, nowFor(request));
      return screen(body.id);
    },

    'client-block': async ({ staff, body, request }) => {
      await setClientBlocked(db, signedInStaff(staff), body.id, true, nowFor(request));
      return screen(body.id);
    },

    'client-unblock': async ({ staff, body, request }) => {
      await setClientBlocked(db, signedInStaff(staff), body.id, false, nowFor(request));
      return screen(body.id);
    },
  };
}
