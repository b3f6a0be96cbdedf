import type { ShopEndpoints } from '@detal/contract';
import { nowFor } from '../../http/clock.ts';
import { clientIdOf } from '../../http/auth.ts';
import type { AppDeps, EndpointHandler, ShopHandlers } from '../../http/handlers.ts';
import { createMailer } from '../../mail/mailer.ts';
import { clientDevices } from './device-cookie.ts';
import { countEmailAttempt, countSignInAttempt, limitPerAddress, limitPerClient } from './limits.ts';
import { hashForUnknownAccount } from '../../shared/password.ts';
import {
  RESET_REQUESTED_MESSAGE,
  accountOf,
  changePassword,
  confirmPasswordReset,
  login,
  logout,
  profileOf,
  register,
  removeDeliveryAddress,
  requestPasswordReset,
  saveDeliveryAddress,
  updateAccount,
} from './service.ts';

type Handler<K extends keyof ShopEndpoints> = EndpointHandler<ShopEndpoints[K]>;

/**
 * Clients: registration, sign-in, sessions, password reset, account (contract-decisions.md section 5). Whose
 * account it is always comes from the token (auth), never from the request body.
 */
export function createClientsHandlers({ config, database: { db } }: AppDeps): ShopHandlers {
  const mailer = createMailer(config);
  // Made now, in the background, so that the first login with an unknown e-mail is not the slow one.
  void hashForUnknownAccount();
  return {
    'client-registration': limitPerAddress<Handler<'client-registration'>>(async ({ body, request, reply }) => {
      await countEmailAttempt('registration', request, reply);
      const client = await register(db, body, nowFor(request));
      // Registering signs in: this browser is the account's first trusted device.
      await clientDevices.trustDevice(db, request, reply, body.email);
      return { client };
    }),

    'client-login': limitPerAddress<Handler<'client-login'>>(async ({ body, request, reply }) => {
      await countSignInAttempt(db, request, reply);
      const client = await login(db, body, nowFor(request));
      await clientDevices.trustDevice(db, request, reply, body.email);
      return { client };
    }),

    'client-logout': async ({ auth, request }) => {
      await logout(db, auth, nowFor(request));
      return { success: true as const };
    },

    'client-me': async ({ auth }) => ({ client: await profileOf(db, clientIdOf(auth)) }),

    'client-reset-password': limitPerAddress<Handler<'client-reset-password'>>(async ({ body, request, reply }) => {
      await countEmailAttempt('reset', request, reply);
      // Answered before the look-up, the token and the mail: the answer's timing must not tell whether the
      // address has an account. The work runs on in this process; a failure is logged (a job queue would retry).
      void requestPasswordReset(db, body.email, nowFor(request), {
        mailer,
        publicUrl: config.publicUrl,
        log: request.log,
      }).catch((error: unknown) => request.log.error({ err: error }, 'password reset request failed'));
      return { message: RESET_REQUESTED_MESSAGE };
    }),

    'client-reset-password-confirm': limitPerAddress<Handler<'client-reset-password-confirm'>>(
      async ({ body, request }) => {
        await confirmPasswordReset(db, body, nowFor(request));
        return { success: true as const };
      },
    ),

    'client-show-account': async ({ auth }) => accountOf(db, clientIdOf(auth)),

    'client-update-account': async ({ auth, body, request }) => ({
      client: await updateAccount(db, clientIdOf(auth), body, nowFor(request)),
    }),

    'client-change-password': limitPerClient<Handler<'client-change-password'>>(async ({ auth, body, request }) => {
      await changePassword(db, { clientId: clientIdOf(auth), sessionId: auth.sessionId }, body, nowFor(request));
      return { success: true as const };
    }),

    'client-delivery-address-save': async ({ auth, body, request }) =>
      saveDeliveryAddress(db, clientIdOf(auth), body, nowFor(request)),

    'client-delivery-address-delete': async ({ auth, body }) => {
      await removeDeliveryAddress(db, clientIdOf(auth), body.id);
      return { success: true as const };
    },
  };
}
