import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { SourceImportOptions, SupplierFetch, SupplierSource, SupplierSourceSaveRequest } from '@detal/contract';
import type { Database, DbExecutor } from '../../db/index.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { emit } from '../../events/bus.ts';
import { downloadPath, removeOrphanDownloads } from './download-files.ts';
import { IMPORT_FAILED_MESSAGE } from '../suppliers/profile.ts';
import { FetchFailure, fetchToFile } from './fetch-file.ts';
import { ImportRefused, importFetchedList } from './import-fetched.ts';
import { AddressNotAllowed, OutboundAddressPolicy, type ResolveHost } from './outbound-address.ts';
import {
  claimSources,
  deleteSourceRow,
  findSource,
  findSupplier,
  insertFetch,
  insertSource,
  listFetchRows,
  lockSource,
  markStaleness,
  updateSource,
  type FetchRow,
  type SourceRow,
} from './queries.ts';
import { nextFetchAfter } from './schedule.ts';

/**
 * Suppliers' price-list sources (issue 15 point 3, decision 0025): the back office's settings, the scheduler's
 * tick (staleness, then the due fetches) and one fetch from download to history row.
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
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function toSource(row: SourceRow, now: Date): SupplierSource {
  return {
    supplier_id: row.supplierId,
    url: row.url,
    auth_user: row.authUser,
    auth_password_set: row.authPassword !== null && row.authPassword !== '',
    every_hours: row.everyHours,
    times: row.times,
    stale_policy: row.stalePolicy as SupplierSource['stale_policy'],
    max_age_days: row.maxAgeDays,
    import_options: row.importOptions as SourceImportOptions,
    last_checked_at: iso(row.lastCheckedAt),
    last_changed_at: iso(row.lastChangedAt),
    last_successful_import_at: iso(row.lastSuccessfulImportAt),
    consecutive_failures: row.consecutiveFailures,
    next_fetch_at: row.nextFetchAt.toISOString(),
    fetching: row.fetchingUntil !== null && row.fetchingUntil > now,
    stale_since: iso(row.staleSince),
  };
}

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

const SUPPLIER_NOT_FOUND = 'Поставщик не найден';

async function supplierOrNotFound(db: DbExecutor, id: number) {
  const supplier = await findSupplier(db, id);
  if (!supplier) throw notFound(SUPPLIER_NOT_FOUND);
  return supplier;
}

export async function showSource(db: DbExecutor, supplierId: number, now: Date) {
  const supplier = await supplierOrNotFound(db, supplierId);
  const row = await findSource(db, supplierId);
  return { supplier, source: row ? toSource(row, now) : null };
}

/** The audit log's view of a source: never the password (nor whether it changed to what). */
const auditedValues = (row: SourceRow) => ({
  url: row.url,
  auth_user: row.authUser,
  every_hours: row.everyHours,
  times: row.times,
  stale_policy: row.stalePolicy,
  max_age_days: row.maxAgeDays,
  import_options: row.importOptions,
});

const scheduleChanged = (before: SourceRow, request: SupplierSourceSaveRequest) =>
  before.everyHours !== request.every_hours || (before.times ?? []).join() !== (request.times ?? []).join();

/**
 * A new schedule of an unchanged source: its next time counts from the last check; a source never fetched yet, or
 * waiting for a retry, keeps its time.
 */
function rescheduled(before: SourceRow, request: SupplierSourceSaveRequest, timeZone: string): Date {
  if (before.lastCheckedAt === null || before.consecutiveFailures > 0) return before.nextFetchAt;
  return nextFetchAfter({ everyHours: request.every_hours, times: request.times }, before.lastCheckedAt, timeZone);
}

/**
 * Sets a supplier's source (audited). A new address or new credentials forget what the last fetches knew of the
 * file (ETag, Last-Modified, hash) and the failures in a row; the next fetch is due at once. An address that is
 * surely inside (a literal private address, `localhost`) is refused here already (422); a name is resolved and
 * checked only when fetched, where the check is the guard (decision 0037).
 */
export async function saveSource(
  db: Database['db'],
  supplierId: number,
  request: SupplierSourceSaveRequest,
  context: { staffId: number; now: Date; timeZone: string; allowedHosts: readonly string[] },
): Promise<SupplierSource> {
  try {
    new OutboundAddressPolicy({ allowedHosts: context.allowedHosts }).checkLiteralHost(new URL(request.url).hostname);
  } catch (error) {
    if (error instanceof AddressNotAllowed) throw validationFailed({ url: [error.message] });
    throw error;
  }
  const saved = await db.transaction(async (tx) => {
    await supplierOrNotFound(tx, supplierId);
    const before = await lockSource(tx, supplierId);
    const authUser = request.auth_user;
    const authPassword =
      request.auth_password === undefined ? (before?.authPassword ?? null) : request.auth_password || null;
    const fileChanged =
      !before ||
      before.url !== request.url ||
      before.authUser !== authUser ||
      before.authPassword !== authPassword ||
      JSON.stringify(before.importOptions) !== JSON.stringify(request.import_options);
    const values = {
      url: request.url,
      authUser,
      authPassword: authUser === null ? null : authPassword,
      everyHours: request.every_hours,
      times: request.times,
      stalePolicy: request.stale_policy,
      maxAgeDays: request.max_age_days ?? null,
      importOptions: request.import_options,
      updatedAt: context.now,
      ...(fileChanged
        ? { etag: null, lastModified: null, contentHash: null, consecutiveFailures: 0, nextFetchAt: context.now }
        : scheduleChanged(before, request)
          ? { nextFetchAt: rescheduled(before, request, context.timeZone) }
          : {}),
    };
    let after: SourceRow;
    if (before) {
      await updateSource(tx, supplierId, values);
      after = (await findSource(tx, supplierId))!;
    } else {
      after = await insertSource(tx, { supplierId, createdAt: context.now, ...values });
    }
    await emit(tx, 'StaffWrite', {
      staffId: context.staffId,
      action: before ? 'supplier_source.update' : 'supplier_source.create',
      entity: 'supplier',
      entityId: supplierId,
      before: before ? auditedValues(before) : null,
      after: { ...auditedValues(after), credentials_changed: before ? before.authPassword !== authPassword : null },
      at: context.now,
    });
    // A stale list's offers are hidden or shown by the policy: suggestions are read again (decision 0032).
    if (before !== null && before.staleSince !== null && before.stalePolicy !== after.stalePolicy) {
      await emit(tx, 'CatalogVisibilityChanged', { reason: 'stale_policy' });
    }
    return toSource(after, context.now);
  });
  return saved;
}

export async function deleteSource(
  db: Database['db'],
  supplierId: number,
  context: { staffId: number; now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await supplierOrNotFound(tx, supplierId);
    const before = await lockSource(tx, supplierId);
    if (!before) throw notFound('У поставщика нет источника прайса');
    await deleteSourceRow(tx, supplierId);
    await emit(tx, 'StaffWrite', {
      staffId: context.staffId,
      action: 'supplier_source.delete',
      entity: 'supplier',
      entityId: supplierId,
      before: auditedValues(before),
      at: context.now,
    });
    // Without a source the list is never stale: offers hidden as stale are shown again.
    await emit(tx, 'CatalogVisibilityChanged', { reason: 'source_removed' });
  });
}

export async function listFetches(db: DbExecutor, supplierId: number): Promise<SupplierFetch[]> {
  await supplierOrNotFound(db, supplierId);
  return (await listFetchRows(db, supplierId, HISTORY_SHOWN)).map(toFetch);
}

/** Fetches started by «Загрузить сейчас» and not finished yet (tests and shutdown wait for them). */
const backgroundFetches = new Set<Promise<unknown>>();

export async function waitForBackgroundFetches(): Promise<void> {
  while (backgroundFetches.size > 0) await Promise.allSettled([...backgroundFetches]);
}

/**
 * «Загрузить сейчас» (audited): takes the source at once, whether due or not, and fetches it in the background of
 * this process; its result lands in the history. 409 while another fetch of it runs (here or on another instance).
 */
export async function fetchNow(
  database: Database,
  supplierId: number,
  context: { staffId: number; now: Date },
  settings: FetchSettings,
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
  const running = fetchClaimedSource(database, supplierId, 'manual', settings).catch((error: unknown) =>
    settings.log.error({ err: error, supplierId }, 'supplier price-list fetch failed'),
  );
  backgroundFetches.add(running);
  void running.finally(() => backgroundFetches.delete(running));
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
