import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempFolder, type TempFolder } from '../../../../test/fixtures/import-files.ts';
import { HOSTILE_KINDS, HOSTILE_MESSAGES, hostileFile } from '../../../../test/fixtures/hostile-files.ts';
import { IMPORT_READER_LIMITS, LIST_READER_LIMITS } from './reader-limits.ts';
import { readRecords } from './record-source.ts';

/**
 * Issue 34, finding 1 and 2: each kind of malformed file is refused by the readers with a Russian message, in a
 * few seconds, with the test process's memory bounded; a file that still exhausts the reader's worker ends the
 * worker, not the process. (Before the fix, 'huge-column' aborted the process with a fatal V8 error, and the CSV
 * line took gigabytes.)
 */

let folder: TempFolder;
beforeAll(async () => {
  folder = await createTempFolder();
});
afterAll(() => folder.remove());

async function readAll(...args: Parameters<typeof readRecords>): Promise<number> {
  let rows = 0;
  for await (const batch of readRecords(...args)) rows += batch.records.length;
  return rows;
}

/** Bytes the process's resident memory grew by, at most, while `work` ran (sampled every 20 ms). */
async function rssGrowth(work: () => Promise<unknown>): Promise<{ growth: number; outcome: unknown }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const outcome = await work().catch((error: unknown) => error);
    return { growth: Math.max(peak, process.memoryUsage().rss) - before, outcome };
  } finally {
    clearInterval(sampler);
  }
}

const MB = 1024 * 1024;
/** The import worker's heap (384 MB old generation) plus its young generation and the test's own buffers. */
const IMPORT_RSS_BOUND = 600 * MB;

describe('readers with hard limits (import limits)', () => {
  for (const kind of HOSTILE_KINDS) {
    it(`refuses ${kind} as a malformed file, the process's memory bounded`, async () => {
      const file = await folder.write(`${kind}.bin`, hostileFile(kind, IMPORT_READER_LIMITS));
      const { growth, outcome } = await rssGrowth(() => readAll(file));
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).name).toBe('MalformedFile');
      expect((outcome as Error).message).toMatch(HOSTILE_MESSAGES[kind]);
      expect(growth).toBeLessThan(IMPORT_RSS_BOUND);
    });
  }
});

describe("the list search's limits", () => {
  it('refuses a shared-strings table past its smaller caps', async () => {
    for (const kind of ['shared-strings-count', 'shared-strings-chars'] as const) {
      const bytes = hostileFile(kind, LIST_READER_LIMITS);
      // Small enough for the list search's 512 KB.
      expect(bytes.length).toBeLessThan(512 * 1024);
      await expect(readAll(bytes, { limits: LIST_READER_LIMITS })).rejects.toThrow(HOSTILE_MESSAGES[kind]);
    }
  });

  it('reads no further than the rows asked for', async () => {
    // 1,300 rows padded to XFD: past the sheet's cell limit when read whole, harmless when 10 rows are wanted.
    const bytes = hostileFile('padded-rows', LIST_READER_LIMITS);
    expect(await readAll(bytes, { maxRows: 10 })).toBe(10);
  });
});

describe('the worker thread', () => {
  it('ends a reader past its memory budget and reports a bad file; the process goes on', async () => {
    // Legal under the import's limits, but not within a 16 MB heap.
    const file = await folder.write(
      'many-strings.xlsx',
      hostileFile('shared-strings-count', { ...IMPORT_READER_LIMITS, sharedStrings: 1_000_000 }),
    );
    await expect(
      readAll(
        file,
        { limits: { ...IMPORT_READER_LIMITS, sharedStrings: 2_000_000 } },
        { memoryMb: 16, stallMs: 60_000 },
      ),
    ).rejects.toThrow('Файл не прочитан: на его чтение не хватило отведённой памяти');
    expect(await readAll(await folder.write('after.csv', 'a;b\n1;2\n'))).toBe(2);
  });

  it('ends a reader past its time budget', async () => {
    const file = await folder.write('slow.xlsx', hostileFile('shared-strings-count', IMPORT_READER_LIMITS));
    await expect(readAll(file, {}, { memoryMb: 384, stallMs: 50 })).rejects.toThrow(
      'Файл не прочитан: его чтение заняло слишком много времени',
    );
  });
});
