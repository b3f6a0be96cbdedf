import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from 'react-router';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { createServer } from 'vite';
import { afterAll, beforeAll } from 'vitest';
import type { ViteDevServer } from 'vite';

/**
 * The real app rendered on the server, as the production server does it: the React Router build (compiled by
 * Vite's dev server with the app's own config) handling Requests with a load context.
 */
export interface SsrHarness {
  handle: (request: Request, context: AppLoadContext) => Promise<Response>;
  close: () => Promise<void>;
}

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function startSsrHarness(): Promise<SsrHarness> {
  const vite: ViteDevServer = await createServer({
    root: webDir,
    configFile: path.join(webDir, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  return { handle: (request, context) => handler(request, context), close: () => vite.close() };
}

export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** One harness for the calling test file: started before its tests, closed after them. Returns its getter. */
export function ssrHarnessPerFile(): () => SsrHarness {
  let harness: SsrHarness | undefined;
  beforeAll(async () => {
    harness = await startSsrHarness();
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error('The SSR harness has not started yet');
    return harness;
  };
}
