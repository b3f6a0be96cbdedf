import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { readAdminSettings, saveAdminSettings } from './service.ts';

/** The shop settings screen (owner): every save answers the settings anew. */
export function createSettingsAdminHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  const show = async () => ({ settings: await readAdminSettings(db, config.staffNotificationEmail) });
  return {
    'settings-show': show,
    'settings-save': async ({ staff, body, request }) => {
      await saveAdminSettings(db, signedInStaff(staff).staffId, body, nowFor(request));
      return show();
    },
  };
}
