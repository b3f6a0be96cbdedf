import type { TestProject } from 'vitest/node';
import type {} from 'vitest';
import { startApp, type RunningApp } from './src/app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    outboxDir: string;
  }
}

let app: RunningApp | undefined;

export async function setup(project: TestProject): Promise<void> {
  app = await startApp();
  project.provide('baseUrl', app.baseUrl);
  project.provide('outboxDir', `${app.dataDir}/outbox`);
}

export async function teardown(): Promise<void> {
  await app?.stop();
}
