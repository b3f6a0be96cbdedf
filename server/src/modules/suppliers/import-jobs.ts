import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from 'pino';
import { z } from 'zod';
import { findImportRow, profileOf, updateImport, type ImportRow } from './queries.ts';
import type { Database } from '../../db/index.ts';
import type { ImportQueue } from '../../http/handlers.ts';
import { jobType, type JobQueue } from '../../shared/background-jobs.ts';
import { supplierImports, suppliers } from '../../db/schema/index.ts';
import { importCrossReferences } from '../catalog/import/cross-reference-import.ts';
import type { ImportProgress } from '../catalog/import/import-events.ts';
import { MassRemoval, importPriceList } from '../catalog/import/price-list-import.ts';
import { RejectReport } from '../catalog/import/reject-report.ts';
import { IMPORT_FAILED_MESSAGE, importOptionsOf, russianImportError } from './profile.ts';

/**
 * Uploaded imports run as background jobs (decision 0024) of the shop's job runner (jobs/, decision 0043): pg-boss
 * on PostgreSQL, the embedded runner on PGlite. `runImport` does the work: it claims the queued row, runs the same
 * atomic import the command line runs, writes its progress to the row as it reads, and ends it done, failed or
 * cancelled.
 */

/**
 * No retry: a failed import is reported to staff, who upload again; an import may run for hours. Its singleton
 * key drops a second job for an import already queued or running (recovery at start queues them again).
 */
export const IMPORT_JOB = jobType({
  name: 'supplier-imports',
  payload: z.object({ importId: z.number().int().positive() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  leaseSeconds: 4 * 60 * 60,
  singletonKey: ({ importId }) => String(importId),
});
/** Rows between two progress writes: about one a second at import speed, several for a small file. */
const PROGRESS_EVERY = 5_000;

/** Advisory lock classes (int4, with the supplier id, or 0 for cross-references, or the import id as key). */
const SERIAL_LOCK_CLASS = 0x53_49_4d; // one import per supplier at a time, whichever instance runs it
const LIVE_LOCK_CLASS = 0x53_49_4c; // held by the process running an import, for as long as it runs

/** The process running imports: written to a running row, so that it can be told apart. */
export const PROCESS_OWNER = `${process.pid}@${hostname()}`;

export { IMPORT_FAILED_MESSAGE };

export const INTERRUPTED_MESSAGE = 'Загрузка прервана: процесс магазина остановился во время неё. Данные не изменены';
const CANCELLED = 'Отменено';

export interface ImportJobsContext {
  database: Database;
  uploadsDir: string;
  logger: Logger;
}

/** Aborters of the imports running in this process, by import id: a cancel here stops them at once. */
const runningHere = new Map<number, AbortController>();

/** Stops an import running in this process; others see the row's cancel mark at their next progress write. */
export function abortRunningImport(importId: number): void {
  runningHere.get(importId)?.abort(new Error(CANCELLED));
}

/** A connection of its own (PostgreSQL) that holds the import's advisory locks while it runs. */
async function lockConnection(database: Database): Promise<pg.PoolClient | null> {
  return database.connect?.() ?? null;
}

export async function runImport(context: ImportJobsContext, importId: number): Promise<void> {
  const { database, logger } = context;
  const { db } = database;
  const queued = await findImportRow(db, importId);
  if (!queued || queued.status !== 'queued') return;
  const locks = await lockConnection(database);
  // Known before the row says «running», so that a cancel in this process never takes it for an orphan.
  const aborter = new AbortController();
  runningHere.set(importId, aborter);
  try {
    // Two uploads for one supplier run one after the other, on any number of instances.
    await locks?.query('select pg_advisory_lock($1::int, $2::int)', [SERIAL_LOCK_CLASS, queued.supplierId ?? 0]);
    // Held before the claim: another instance never sees this import «running» with nobody holding the lock.
    await locks?.query('select pg_advisory_lock($1::int, $2::int)', [LIVE_LOCK_CLASS, importId]);
    const claimed = await updateImport(
      db,
      importId,
      { status: 'running', startedAt: new Date(), owner: PROCESS_OWNER },
      sql`${supplierImports.status} = 'queued'`,
    );
    if (!claimed) return;
    await execute(context, claimed, aborter);
  } catch (error) {
    logger.error({ err: error, importId }, 'import job failed');
    await endFailed(context, importId, error);
  } finally {
    runningHere.delete(importId);
    // Closing the connection ends its locks whatever state it is in.
    locks?.release(true);
  }
}

/**
 * Ends a running import as failed with the staff's words for `error`; should even that not be stored, with the
 * plain IMPORT_FAILED_MESSAGE, so that the row never stays «running».
 */
async function endFailed(
  { database, logger }: ImportJobsContext,
  importId: number,
  error: unknown,
  facts: Parameters<typeof updateImport>[2] = {},
): Promise<void> {
  const running = sql`${supplierImports.status} = 'running'`;
  const ended = { ...facts, status: 'failed' as const, finishedAt: new Date() };
  try {
    await updateImport(database.db, importId, { ...ended, error: russianImportError(error) }, running);
  } catch (storing) {
    logger.error({ err: storing, importId }, 'the import failure could not be stored as it was');
    await updateImport(database.db, importId, { ...ended, error: IMPORT_FAILED_MESSAGE }, running).catch(
      (again: unknown) => logger.error({ err: again, importId }, 'the import failure could not be stored'),
    );
  }
}

async function execute(context: ImportJobsContext, row: ImportRow, aborter: AbortController): Promise<void> {
  const { database, uploadsDir, logger } = context;
  const { db } = database;
  const reportPath = path.join(uploadsDir, `import-${row.id}.rejected.csv`);
  const report = new RejectReport(reportPath);
  let lastRead = 0;
  let awaiting = false;
  const onProgress = async (progress: ImportProgress) => {
    lastRead = progress.rowsRead;
    // 'committing' runs inside the import's transaction: on the embedded database (one connection) a write
    // from outside it would wait for it to end.
    if (progress.phase === 'committing') return;
    const updated = await updateImport(db, row.id, {
      rowsRead: progress.rowsRead,
      bytesRead: progress.bytesRead,
      rowsRefused: report.count,
    });
    if (updated?.cancelRequestedAt) aborter.abort(new Error(CANCELLED));
  };
  try {
    if (!row.filePath) throw new Error('The import has no file');
    const events = {
      file: row.filePath,
      onReject: (rejected: Parameters<RejectReport['add']>[0]) => report.add(rejected),
      onProgress,
      progressEvery: PROGRESS_EVERY,
      signal: aborter.signal,
    };
    if (row.cancelRequestedAt) aborter.abort(new Error(CANCELLED));
    let loaded: number;
    let read: number;
    if (row.kind === 'price_list') {
      const [supplier] = await db
        .select({ name: suppliers.name })
        .from(suppliers)
        .where(eq(suppliers.id, row.supplierId ?? 0));
      if (!supplier) throw new Error('Поставщик не найден');
      const summary = await importPriceList(database, {
        ...events,
        ...importOptionsOf(profileOf(row.settings)),
        supplierName: supplier.name,
        // A list that would remove most of the offers stops and asks, unless staff confirmed it already.
        guardRemoval: !row.removalConfirmed,
      });
      loaded = summary.loaded;
      read = summary.read;
    } else {
      const summary = await importCrossReferences(database, events);
      loaded = summary.read - summary.rejected;
      read = summary.read;
    }
    report.close();
    await updateImport(db, row.id, {
      status: 'done',
      finishedAt: new Date(),
      rowsRead: read,
      rowsLoaded: loaded,
      rowsRefused: report.count,
      reportPath: report.count > 0 ? reportPath : null,
    });
    logger.info({ importId: row.id, kind: row.kind, read, loaded, refused: report.count }, 'import done');
  } catch (error) {
    report.close();
    if (error instanceof MassRemoval) {
      // Nothing changed; the file stays for the confirmation (import-confirm) or the cancel that answers it.
      awaiting = true;
      await updateImport(db, row.id, {
        status: 'awaiting_confirmation',
        finishedAt: new Date(),
        rowsRead: lastRead,
        rowsRefused: report.count,
        reportPath: report.count > 0 ? reportPath : null,
        removal: error.counts,
      });
      logger.info({ importId: row.id, ...error.counts }, 'import awaits confirmation of a mass removal');
      return;
    }
    const facts = { rowsRead: lastRead, rowsRefused: report.count, reportPath: report.count > 0 ? reportPath : null };
    if (aborter.signal.aborted) {
      await updateImport(db, row.id, { ...facts, status: 'cancelled', finishedAt: new Date(), error: null });
    } else {
      // In full, with its SQL and values: staff see only russianImportError's words.
      logger.warn({ importId: row.id, err: error }, 'import refused');
      await endFailed(context, row.id, error, facts);
    }
  } finally {
    // An import awaiting its confirmation keeps its file for import-confirm (or the cancel that answers it).
    if (!awaiting) {
      if (row.filePath) await rm(row.filePath, { force: true });
      await updateImport(db, row.id, { filePath: null });
    }
  }
}

/**
 * True when no process runs the import: on the embedded database (one process opens it) when this one does
 * not; on PostgreSQL when nobody holds its live lock (taken, on `locks`, and given back at once).
 */
async function runnerGone(locks: pg.PoolClient | null, importId: number): Promise<boolean> {
  if (runningHere.has(importId)) return false;
  if (!locks) return true;
  const taken = await locks.query<{ taken: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as taken', [
    LIVE_LOCK_CLASS,
    importId,
  ]);
  if (!taken.rows[0]?.taken) return false;
  await locks.query('select pg_advisory_unlock($1::int, $2::int)', [LIVE_LOCK_CLASS, importId]);
  return true;
}

/**
 * Ends at once, as cancelled, a running import that nobody runs any more (its runner failed to record its end):
 * a cancel must end it, not wait for a progress write that will never come. Answers whether it did.
 */
export async function cancelOrphanedImport(database: Database, importId: number, now: Date): Promise<boolean> {
  const locks = await lockConnection(database);
  try {
    if (!(await runnerGone(locks, importId))) return false;
  } finally {
    locks?.release();
  }
  const ended = await updateImport(
    database.db,
    importId,
    { status: 'cancelled', finishedAt: now },
    sql`${supplierImports.status} = 'running'`,
  );
  if (ended?.filePath) {
    await rm(ended.filePath, { force: true });
    await updateImport(database.db, importId, { filePath: null });
  }
  return ended !== null;
}

/**
 * Running imports whose process is gone are marked failed (their transaction was rolled back with the process):
 * on the embedded database every running row at start (one process opens it); on PostgreSQL those whose live
 * lock nobody holds. Answers the ids still queued, for the job runner to take again.
 */
export async function recoverImports(database: Database, logger: Logger): Promise<number[]> {
  const { db } = database;
  const open = await db
    .select({ id: supplierImports.id, status: supplierImports.status, filePath: supplierImports.filePath })
    .from(supplierImports)
    .where(inArray(supplierImports.status, ['queued', 'running']));
  const orphans: number[] = [];
  const locks = await lockConnection(database);
  try {
    for (const row of open.filter((candidate) => candidate.status === 'running')) {
      if (await runnerGone(locks, row.id)) orphans.push(row.id);
    }
  } finally {
    locks?.release();
  }
  for (const id of orphans) {
    const row = await updateImport(
      db,
      id,
      { status: 'failed', finishedAt: new Date(), error: INTERRUPTED_MESSAGE },
      sql`${supplierImports.status} = 'running'`,
    );
    if (row?.filePath) await rm(row.filePath, { force: true });
  }
  if (orphans.length > 0) logger.warn({ imports: orphans }, 'imports interrupted by a stopped process marked failed');
  return open.filter((row) => row.status === 'queued' && row.filePath).map((row) => row.id);
}

export type { ImportQueue };

/** Hands uploads to the job runner: one `supplier-imports` job per import. */
export function importQueueOf(jobs: JobQueue): ImportQueue {
  return {
    async enqueue(importId) {
      await jobs.enqueue(IMPORT_JOB, { importId });
    },
  };
}
