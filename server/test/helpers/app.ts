import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type AppConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/index.ts';
import { onDemandJobs, openJobRunner } from '../../src/jobs/index.ts';
import type { JobRunner } from '../../src/jobs/runner.ts';
import { createLogger } from '../../src/plugins/logging.ts';

/** The technical catalogue's key of test apps (production generates one when TECH_CATALOG_KEY is unset). */
export const TEST_TECH_CATALOG_KEY = 'test-tech-catalog-key';

/** Log lines an app wrote, parsed. */
export type LogLine = Record<string, unknown> & { msg?: string; level: number; reqId?: string };

export interface TestApp {
  app: FastifyInstance;
  logs: LogLine[];
  /** The app's job runner (embedded, on-demand jobs): tests wait for its jobs with `jobs.idle([type])`. */
  jobs: JobRunner;
}

/**
 * The real app on a test database, configured from defaults plus `overrides` (never from this process's
 * environment), with the web app off unless a test asks for one, and every log line captured.
 * `prepare` runs after buildApp and before the app is ready: tests add routes there.
 */
export async function buildTestApp(
  database: Database,
  overrides: Partial<AppConfig> = {},
  prepare?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'info' },
    { webBuildDir: null, techCatalogKey: TEST_TECH_CATALOG_KEY, ...overrides },
  );
  const logs: LogLine[] = [];
  const logger = createLogger(config, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) });
  const jobs = await openJobRunner({ database, config, logger, store: 'embedded' });
  await jobs.work(onDemandJobs({ database, config, logger }));
  const app = await buildApp({ config, database, logger, jobs });
  app.addHook('onClose', () => jobs.stop());
  await prepare?.(app);
  await app.ready();
  return { app, logs, jobs };
}
