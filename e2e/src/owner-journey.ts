import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { apiCaller } from './api-call.ts';
import { startApp, type RunningApp } from './app-server.ts';
import { ownerSession } from './back-office-data.ts';
import { launchChromium } from './chromium.ts';
import { createOwnerByCli } from './first-owner.ts';

/** An app of the journey's own with its owner signed in (ownerSession's staff of a few), and Chromium. */
export interface OwnerJourney {
  app: RunningApp;
  browser: Browser;
  /** The owner's staff session: the value of the `staff_session` cookie. */
  session: string;
  /** `staff_session=…`: the owner's Cookie header, for the back office's API as a script. */
  staffCookie: string;
  /** The shop's API as the owner (scope 'admin') or as a client (scope 'shop', its token): asserts 200, the data. */
  call: ReturnType<typeof apiCaller>;
  /** A new browser context with `cookies` set on the app (closed with the browser). */
  contextWith(cookies: { name: string; value: string }[], options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page of a new context signed in as the owner. */
  ownerPage(options?: BrowserContextOptions): Promise<Page>;
  /** Closes the browser (its contexts with it) and stops the app. */
  close(): Promise<void>;
}

/**
 * Starts the app with the owner made by the command line before the start (createOwnerByCli) while Chromium
 * launches, then signs the owner in (ownerSession). `env` goes to the app (startApp).
 */
export async function startOwnerJourney(env: Record<string, string> = {}): Promise<OwnerJourney> {
  let ownerLink = '';
  const [app, browser] = await Promise.all([
    startApp(env, async (place) => {
      ownerLink = await createOwnerByCli(place);
    }),
    launchChromium(),
  ]);
  const close = async () => {
    await browser.close();
    await app.stop();
  };
  let session: string;
  try {
    session = await ownerSession(app.baseUrl, ownerLink);
  } catch (error) {
    await close();
    throw error;
  }
  const contextWith: OwnerJourney['contextWith'] = async (cookies, options = {}) => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
    await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: app.baseUrl })));
    return context;
  };
  const staffCookie = `staff_session=${session}`;
  return {
    app,
    browser,
    session,
    staffCookie,
    call: apiCaller(
      () => app.baseUrl,
      () => staffCookie,
    ),
    contextWith,
    async ownerPage(options) {
      return (await contextWith([{ name: 'staff_session', value: session }], options)).newPage();
    },
    close,
  };
}
