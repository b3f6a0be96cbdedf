import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import {
  addBrandAlias,
  listBrands,
  listCrossReferences,
  mergeBrands,
  removeBrandAlias,
  removeCrossReference,
  saveCrossReference,
} from './brands-admin.ts';

/** Brands, their spellings and cross-references in the back office (owner, manager); the route layer checked the role. */
export function createCatalogAdminHandlers({ database: { db } }: AppDeps): AdminHandlers {
  const actorOf = (staff: Parameters<typeof signedInStaff>[0], request: Parameters<typeof nowFor>[0]) => ({
    staffId: signedInStaff(staff).staffId,
    at: nowFor(request),
  });
  return {
    'brand-list': ({ body, query }) => listBrands(db, body, query.page),
    'brand-alias-add': async ({ body, staff, request }) => ({
      brand: await addBrandAlias(db, body, actorOf(staff, request)),
    }),
    'brand-alias-remove': async ({ body, staff, request }) => ({
      brand: await removeBrandAlias(db, body, actorOf(staff, request)),
    }),
    'brand-merge': async ({ body, staff, request }) => ({
      brand: await mergeBrands(db, body, actorOf(staff, request)),
    }),
    'cross-reference-list': ({ body, query }) => listCrossReferences(db, body, query.page),
    'cross-reference-save': async ({ body, staff, request }) => ({
      cross_reference: await saveCrossReference(db, body, actorOf(staff, request)),
    }),
    'cross-reference-remove': async ({ body, staff, request }) => ({
      removed: await removeCrossReference(db, body, actorOf(staff, request)),
    }),
  };
}
