import type { TestProject } from 'vitest/node';
import type {} from 'vitest';
import { startApp, type RunningApp } from './src/app-server.ts';
import { ORDERS_MANAGER, createFirstOwner, inviteByOwner } from './src/first-owner.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    /**
     * The setup link the app printed at start, with which the first owner (FIRST_OWNER, with its password) was
     * created in Chromium: used up now.
     */
    setupLink: string;
    /** The set-password link of the orders journey's manager (ORDERS_MANAGER), invited by the first owner. */
    managerLink: string;
  }
}

let app: RunningApp | undefined;

export async function setup(project: TestProject): Promise<void> {
  app = await startApp();
  const setupLink = await createFirstOwner(app);
  const managerLink = await inviteByOwner(app, { ...ORDERS_MANAGER, role: 'manager' });
  project.provide('baseUrl', app.baseUrl);
  project.provide('setupLink', setupLink);
  project.provide('managerLink', managerLink);
  project.provide('outboxDir', `${app.dataDir}/outbox`);
}

export async function teardown(): Promise<void> {
  await app?.stop();
}
