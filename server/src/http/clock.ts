import { readFileSync } from 'node:fs';
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

/**
 * The end-to-end journeys' clock (decision 0056), honoured only when DETAL_TEST_MODE is '1' and TEST_CLOCK_FILE
 * names a file: the file holds milliseconds added to the real time, read again at every call, so the test moves
 * the running server's time (and its jobs') past a due day by writing the file. Anything else is the real time.
 */
export function testClockFromEnv(env: NodeJS.ProcessEnv = process.env): Clock | null {
  const file = env.TEST_CLOCK_FILE;
  if (env.DETAL_TEST_MODE !== '1' || !file) return null;
  return () => {
    let shift = 0;
    try {
      shift = Number(readFileSync(file, 'utf8').trim()) || 0;
    } catch {
      // No file yet: no shift.
    }
    return new Date(Date.now() + shift);
  };
}
