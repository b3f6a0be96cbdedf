import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { previewPricing, pricingScreen, savePricing } from './admin.ts';

/** The pricing screen (owner): groups and profiles, a preview under unsaved rules, save. */
export function createPricingAdminHandlers({ database: { db } }: AppDeps): AdminHandlers {
  return {
    'pricing-show': () => pricingScreen(db),
    'pricing-preview': ({ body }) => previewPricing(db, body.profile, body.article),
    'pricing-save': async ({ staff, body, request }) => {
      await savePricing(db, signedInStaff(staff).staffId, body.profile, nowFor(request));
      return pricingScreen(db);
    },
  };
}
