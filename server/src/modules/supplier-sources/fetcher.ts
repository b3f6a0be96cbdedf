import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { z } from 'zod';
import type { SourceImportOptions, SupplierFetch } from '@detal/contract';
import type { Database, DbExecutor } from '../../db/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { jobType, type JobQueue } from '../../shared/background-jobs.ts';
import { emit } from '../../events/bus.ts';
import { downloadPath, removeOrphanDownloads } from './download-files.ts';
import { IMPORT_FAILED_MESSAGE } from '../suppliers/profile.ts';
import { FetchFailure, fetchToFile } from './fetch-file.ts';
import { ImportRefused, importFetchedList } from './import-fetched.ts';
import type { ResolveHost } from './outbound-address.ts';
import {
  claimSources,
  findSource,
  findSupplier,
  insertFetch,
  listFetchRows,
  lockSource,
  markStaleness,
  updateSource,
  type FetchRow,
  type SourceRow,
} from './queries.ts';
import { nextFetchAfter } from './schedule.ts';
import { iso, supplierOrNotFound } from './settings.ts';

/**
 * The fetch engine of suppliers' price-list sources (issue 15 point 3, decision 0025): the scheduler's tick
 * (staleness, then the due fetches), «fetch now» (a job), and one fetch from download to history row.
 */

/** Failures in a row after which the staff get one e-mail (per streak). */
export const FAILURE_ALERT_AFTER = 3;
/** A retry after the n-th failure in a row waits RETRY_BASE_MS · 2^(n-1), at most until the next scheduled time. */
export const RETRY_BASE_MS = 5 * 60_000;
/** A fetch holds its source this long at most; a crashed instance's lease runs out after it. */
export const FETCH_LEASE_MS = 30 * 60_000;
/** Sources one tick takes at most; the next tick goes on. */
const TICK_BATCH = 5;
const HISTORY_SHOWN = 50;

export interface SourceLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface FetchSettings {
  timeZone: string;
  log: SourceLog;
  /** Where downloads are written while imported (default: the system's temporary folder). */
  tempDir?: string;
  timeoutMs?: number;
  maxBytes?: number;
  retryBaseMs?: number;
  /** SUPPLIER_SOURCES_ALLOWED_HOSTS: inside hosts, addresses and ranges a source may reach (default none). */
  allowedHosts?: readonly string[];
  /** How host names are resolved (default the system's resolver; tests answer names themselves). */
  resolveHost?: ResolveHost;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
}

const clockOf = (settings: FetchSettings) => settings.now?.() ?? new Date();

function toFetch(row: FetchRow): SupplierFetch {
  return {
    id: row.id,
    trigger: row.trigger as SupplierFetch['trigger'],
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt.toISOString(),
    outcome: row.outcome as SupplierFetch['outcome'],
    http_status: row.httpStatus,
    bytes: row.bytes,
    rows_loaded: row.rowsLoaded,
    rows_refused: row.rowsRefused,
    error: row.error,
  };
}

export async function listFetches(db: DbExecutor, supplierId: number): Promise<SupplierFetch[]> {
  await supplierOrNotFound(db, supplierId);
  return (await listFetchRows(db, supplierId, HISTORY_SHOWN)).map(toFetch);
}

/**
 * One fetch of a source «fetch now» claimed, run by any worker (jobs/). No retry (the source's own retries
 * follow its failures); the lease is the source's; one job per source at a time.
 */
export const SOURCE_FETCH_JOB = jobType({
  name: 'supplier-source-fetch',
  payload: z.object({ supplierId: z.number().int().positive() }),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  leaseSeconds: FETCH_LEASE_MS / 1000,
  singletonKey: ({ supplierId }) => String(supplierId),
});

/**
 * «Загрузить сейчас» (audited): takes the source at once, whether due or not, and queues its fetch as a job; its
 * result lands in the history. 409 while another fetch of it runs (here or on another instance).
 */
export async function fetchNow(
  database: Database,
  supplierId: number,
  context: { staffId: number; now: Date },
  jobs: JobQueue,
): Promise<{ message: string }> {
  const claimed = await database.db.transaction(async (tx) => {
    await supplierOrNotFound(tx, supplierId);
    if (!(await findSource(tx, supplierId))) throw notFound('У поставщика нет источника прайса');
    const ids = await claimSources(tx, {
      now: context.now,
      leaseUntil: new Date(context.now.getTime() + FETCH_LEASE_MS),
      limit: 1,
      supplierId,
    });
    if (ids.length === 0) return false;
    await emit(tx, 'StaffWrite', {
      staffId: context.staffId,
      action: 'supplier_source.fetch_now',
      entity: 'supplier',
      entityId: supplierId,
      at: context.now,
    });
    return true;
  });
  if (!claimed) throw conflict('Прайс этого поставщика уже загружается: дождитесь окончания');
  await jobs.enqueue(SOURCE_FETCH_JOB, { supplierId });
  return { message: 'Загрузка началась: результат появится в истории загрузок' };
}

interface Attempt {
  outcome: 'imported' | 'not_modified' | 'failed';
  httpStatus: number | null;
  bytes: number | null;
  rowsLoaded: number | null;
  rowsRefused: number | null;
  error: string | null;
  /** What the file's headers and body were (for the next conditional request); absent when no file came. */
  file?: { etag: string | null; lastModified: string | null; hash: string };
  /** Failed for what the file says (not for the source): no retry, the file is remembered, the staff were told. */
  final?: boolean;
}

async function attempt(
  database: Database,
  source: SourceRow,
  supplierName: string,
  settings: FetchSettings,
): Promise<Attempt> {
  const file = downloadPath(settings.tempDir ?? tmpdir(), source.supplierId);
  try {
    const fetched = await fetchToFile({
      url: source.url,
      authUser: source.authUser,
      authPassword: source.authPassword,
      etag: source.etag,
      lastModified: source.lastModified,
      file,
      timeoutMs: settings.timeoutMs ?? 10 * 60_000,
      maxBytes: settings.maxBytes ?? 2 ** 30,
      outbound: { allowedHosts: settings.allowedHosts ?? [], resolveHost: settings.resolveHost },
    });
    const none = { bytes: null, rowsLoaded: null, rowsRefused: null, error: null };
    if (fetched.kind === 'not_modified') return { outcome: 'not_modified', httpStatus: 304, ...none } as Attempt;
    const fileFacts = { etag: fetched.etag, lastModified: fetched.lastModified, hash: fetched.hash };
    if (fetched.hash === source.contentHash) {
      // The server does not answer conditional requests, but the bytes are the same: nothing to import.
      return {
        ...none,
        outcome: 'not_modified',
        httpStatus: fetched.httpStatus,
        bytes: fetched.bytes,
        file: fileFacts,
      };
    }
    let imported;
    try {
      imported = await importFetchedList(database, {
        supplierName,
        file,
        url: source.url,
        options: source.importOptions as SourceImportOptions,
      });
    } catch (error) {
      // A list refused for what it says is remembered as this file: the same bytes are not imported again.
      if (error instanceof ImportRefused && error.final) {
        return {
          ...none,
          outcome: 'failed',
          httpStatus: fetched.httpStatus,
          bytes: fetched.bytes,
          error: error.message,
          file: fileFacts,
          final: true,
        } satisfies Attempt;
      }
      throw error;
    }
    return {
      outcome: 'imported',
      httpStatus: fetched.httpStatus,
      bytes: fetched.bytes,
      rowsLoaded: imported.loaded,
      rowsRefused: imported.refused,
      error: null,
      file: fileFacts,
    } satisfies Attempt;
  } catch (error) {
    if (error instanceof FetchFailure || error instanceof ImportRefused) {
      // The import's own error in full (a database error's SQL and values stay out of the history).
      if (error instanceof ImportRefused)
        settings.log.warn({ err: error, supplierId: source.supplierId }, 'price list refused');
      return {
        outcome: 'failed',
        httpStatus: error instanceof FetchFailure ? error.httpStatus : 200,
        bytes: null,
        rowsLoaded: null,
        rowsRefused: null,
        error: error.message,
      } satisfies Attempt;
    }
    settings.log.error({ err: error, supplierId: source.supplierId }, 'supplier price-list fetch failed');
    return {
      outcome: 'failed',
      httpStatus: null,
      bytes: null,
      rowsLoaded: null,
      rowsRefused: null,
      error: IMPORT_FAILED_MESSAGE,
    } satisfies Attempt;
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * One fetch of a source this process has claimed: download (conditional), import when the file changed, then in
 * one transaction the history row, the source's state (file facts, failures in a row, next time, lease released)
 * and, on the FAILURE_ALERT_AFTER-th failure in a row, the staff's e-mail.
 */
export async function fetchClaimedSource(
  database: Database,
  supplierId: number,
  trigger: 'schedule' | 'manual',
  settings: FetchSettings,
): Promise<SupplierFetch | null> {
  const source = await findSource(database.db, supplierId);
  const supplier = await findSupplier(database.db, supplierId);
  if (!source || !supplier) return null;
  const startedAt = clockOf(settings);
  const result = await attempt(database, source, supplier.name, settings);
  const finishedAt = clockOf(settings);

  const fetched = await database.db.transaction(async (tx) => {
    const row = await insertFetch(tx, {
      supplierId,
      trigger,
      startedAt,
      finishedAt,
      outcome: result.outcome,
      httpStatus: result.httpStatus,
      bytes: result.bytes,
      rowsLoaded: result.rowsLoaded,
      rowsRefused: result.rowsRefused,
      error: result.error,
    });
    const current = await lockSource(tx, supplierId);
    if (!current) return toFetch(row);
    // The address changed while this fetch ran: what it learnt of the old file is no use.
    const sameSource = current.url === source.url && current.authUser === source.authUser;
    const scheduled = nextFetchAfter(
      { everyHours: current.everyHours, times: current.times },
      finishedAt,
      settings.timeZone,
    );
    if (result.outcome === 'failed' && result.final && result.file) {
      await updateSource(tx, supplierId, {
        lastCheckedAt: finishedAt,
        fetchingUntil: null,
        nextFetchAt: scheduled,
        ...(sameSource
          ? { etag: result.file.etag, lastModified: result.file.lastModified, contentHash: result.file.hash }
          : {}),
      });
      settings.log.warn({ supplierId, error: result.error }, 'supplier price list refused');
    } else if (result.outcome === 'failed') {
      const failures = current.consecutiveFailures + 1;
      const retryAt = new Date(finishedAt.getTime() + (settings.retryBaseMs ?? RETRY_BASE_MS) * 2 ** (failures - 1));
      await updateSource(tx, supplierId, {
        consecutiveFailures: failures,
        lastCheckedAt: finishedAt,
        fetchingUntil: null,
        nextFetchAt: retryAt < scheduled ? retryAt : scheduled,
      });
      if (failures === FAILURE_ALERT_AFTER) {
        await emit(tx, 'SupplierAlert', {
          kind: 'staff_source_failing',
          facts: {
            supplier_id: supplierId,
            supplier_name: supplier.name,
            url: current.url,
            failures,
            last_error: result.error,
          },
          at: finishedAt,
        });
      }
      settings.log.warn({ supplierId, failures, error: result.error }, 'supplier price list not fetched');
    } else {
      await updateSource(tx, supplierId, {
        consecutiveFailures: 0,
        lastCheckedAt: finishedAt,
        fetchingUntil: null,
        nextFetchAt: scheduled,
        ...(sameSource && result.file
          ? { etag: result.file.etag, lastModified: result.file.lastModified, contentHash: result.file.hash }
          : {}),
        ...(result.outcome === 'imported'
          ? { lastChangedAt: finishedAt, lastSuccessfulImportAt: finishedAt, staleSince: null }
          : {}),
      });
      settings.log.info(
        { supplierId, outcome: result.outcome, rows: result.rowsLoaded, bytes: result.bytes },
        'supplier price list fetched',
      );
    }
    // The import forgot this instance's suggestions already; a list hidden as stale is shown only now.
    if (result.outcome === 'imported') await emit(tx, 'CatalogVisibilityChanged', { reason: 'staleness' });
    return toFetch(row);
  });
  return fetched;
}

export interface TickReport {
  becameStale: number;
  becameFresh: number;
  fetched: number;
}

/**
 * Marks stale lists (one e-mail each as they become stale), then fetches the sources that are due, a few per
 * tick. The scheduler (jobs/) runs it every SUPPLIER_SOURCES_TICK_SECONDS on one or many instances: a source is
 * fetched by whoever claims it, once.
 */
export async function runSourcesTick(database: Database, settings: FetchSettings): Promise<TickReport> {
  const now = clockOf(settings);
  const orphans = await removeOrphanDownloads(settings.tempDir ?? tmpdir());
  if (orphans > 0) settings.log.warn({ files: orphans }, 'downloads left by a stopped process removed');
  const staleness = await database.db.transaction(async (tx) => {
    const marked = await markStaleness(tx, now);
    for (const stale of marked.stale) {
      await emit(tx, 'SupplierAlert', {
        kind: 'staff_list_stale',
        facts: {
          supplier_id: stale.supplierId,
          supplier_name: stale.supplierName,
          url: stale.url,
          max_age_days: stale.maxAgeDays,
          last_import_at: iso(stale.lastSuccessfulImportAt),
          stale_policy: stale.stalePolicy,
        },
        at: now,
      });
    }
    // Lists hidden or shown again change what is suggested (a 'warn' list too, which costs nothing to re-read).
    if (marked.stale.length > 0 || marked.fresh > 0) {
      await emit(tx, 'CatalogVisibilityChanged', { reason: 'staleness' });
    }
    return marked;
  });
  for (const stale of staleness.stale) {
    settings.log.warn({ supplierId: stale.supplierId, policy: stale.stalePolicy }, 'supplier price list is stale');
  }
  const claimed = await claimSources(database.db, {
    now,
    leaseUntil: new Date(now.getTime() + FETCH_LEASE_MS),
    limit: TICK_BATCH,
  });
  for (const supplierId of claimed) await fetchClaimedSource(database, supplierId, 'schedule', settings);
  return { becameStale: staleness.stale.length, becameFresh: staleness.fresh, fetched: claimed.length };
}
