import { nowFor } from '../../http/clock.ts';
import { unavailable } from '../../http/errors.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { fetchNow, listFetches } from './fetcher.ts';
import { deleteSource, saveSource, showSource } from './settings.ts';

/** Suppliers' price-list sources in the back office (owner, manager); the route layer checked the role. */
export function createSupplierSourceHandlers({ config, database, jobs }: AppDeps): AdminHandlers {
  const { db } = database;
  return {
    'suppliers/:id/source': async ({ params, request }) => showSource(db, params.id, nowFor(request)),

    'suppliers/:id/source/save': async ({ params, body, staff, request }) => ({
      source: await saveSource(db, params.id, body, {
        staffId: signedInStaff(staff).staffId,
        now: nowFor(request),
        timeZone: config.shopTimeZone,
        allowedHosts: config.supplierSourcesAllowedHosts,
      }),
    }),

    'suppliers/:id/source/delete': async ({ params, staff, request }) => {
      await deleteSource(db, params.id, { staffId: signedInStaff(staff).staffId, now: nowFor(request) });
      return { success: true as const };
    },

    'suppliers/:id/source/fetch-now': async ({ params, staff, request }) => {
      if (!jobs) throw unavailable();
      return fetchNow(database, params.id, { staffId: signedInStaff(staff).staffId, now: nowFor(request) }, jobs);
    },

    'suppliers/:id/source/fetches': async ({ params }) => ({ fetches: await listFetches(db, params.id) }),
  };
}
