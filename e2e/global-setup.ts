import type { TestProject } from 'vitest/node';
import type {} from 'vitest';
import { startApp, type RunningApp } from './src/app-server.ts';
import { ORDERS_MANAGER, createFirstOwner, createStaffByCli } from './src/first-owner.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
    /** The set-password link of the shop's first owner (FIRST_OWNER), created by the CLI before the app started. */
    ownerLink: string;
    /** The set-password link of the orders journey's manager (ORDERS_MANAGER), created the same way. */
    managerLink: string;
  }
}

let app: RunningApp | undefined;

export async function setup(project: TestProject): Promise<void> {
  let ownerLink = '';
  let managerLink = '';
  app = await startApp({}, async (place) => {
    ownerLink = await createFirstOwner(place);
    managerLink = await createStaffByCli(place, { ...ORDERS_MANAGER, role: 'manager' });
  });
  project.provide('baseUrl', app.baseUrl);
  project.provide('ownerLink', ownerLink);
  project.provide('managerLink', managerLink);
  project.provide('outboxDir', `${app.dataDir}/outbox`);
}

export async function teardown(): Promise<void> {
  await app?.stop();
}
