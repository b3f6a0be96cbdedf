import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { buildTestApp } from '../../test/helpers/app.ts';
import { createTestDatabase } from '../../test/helpers/db.ts';

/** GET over a keep-alive agent (as a proxy's upstream connections are); answers the status and Connection header. */
function get(url: string, agent: http.Agent): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, connection: response.headers.connection }));
      })
      .on('error', reject);
  });
}

describe('closing the app with a keep-alive connection busy', () => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.close();
  });

  it('answers the request in flight with Connection: close and finishes closing right after it', async () => {
    const { app } = await buildTestApp(database, {}, (instance) => {
      instance.get('/slow-for-test', async () => {
        await sleep(300);
        return { done: true };
      });
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/slow-for-test`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // The connection is opened and kept alive by a first request, then busy with the second when close starts.
      expect((await get(url, agent)).connection).toBe('keep-alive');
      const inFlight = get(url, agent);
      await sleep(100);
      const started = Date.now();
      const closed = app.close().then(() => Date.now() - started);
      expect(await inFlight).toEqual({ status: 200, connection: 'close' });
      // Without the header the connection stays open until the client drops it (the agent never does here).
      const closeMs = await Promise.race([closed, sleep(5_000).then(() => Infinity)]);
      expect(closeMs).toBeLessThan(2_000);
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
