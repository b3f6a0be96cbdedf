import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What time it is for sessions and reset links. */
export type Clock = () => Date;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's clock when one was decorated onto it (tests move it to expire sessions and links without
     * waiting); unset means the real time.
     */
    clock?: Clock;
  }
}

/** Decorates the app with a clock of the caller's; call before the app is ready. */
export function useClock(app: FastifyInstance, clock: Clock): void {
  app.decorate('clock', clock);
}

/**
 * The current time as the app sees it. Every expiry is computed and compared with this time, passed to SQL as
 * a parameter, never with the database's now(): one clock for issuing and for checking.
 */
export const nowFor = (request: FastifyRequest): Date => request.server.clock?.() ?? new Date();
