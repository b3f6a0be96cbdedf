import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Brotli quality for answers made per request (pages, JSON). The default (11) is for files compressed once:
 * on a 40 KB page it costs tens of milliseconds; 4 costs about a millisecond and still compresses better than gzip.
 * Built assets are compressed once at build time at the highest levels (web/scripts/precompress.mjs) and sent as
 * they are (`preCompressed` in web-app.ts).
 */
const DYNAMIC_BROTLI_QUALITY = 4;

/** Smaller answers are not worth the work or the extra header (an error body, a basket count). */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses pages and API answers for clients that accept it (Brotli, then gzip): a result page of about 40 KB
 * goes out as about 8 KB, which is what decides a first load on a phone's slow network (issue 17).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
  });
}
