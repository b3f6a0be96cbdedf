import type { SourceImportOptions, SupplierSource, SupplierSourceSaveRequest } from '@detal/contract';
import type { Database, DbExecutor } from '../../db/index.ts';
import { notFound, validationFailed } from '../../http/errors.ts';
import { emit } from '../../events/bus.ts';
import { AddressNotAllowed, OutboundAddressPolicy } from './outbound-address.ts';
import {
  deleteSourceRow,
  findSource,
  findSupplier,
  insertSource,
  lockSource,
  updateSource,
  type SourceRow,
} from './queries.ts';
import { nextFetchAfter } from './schedule.ts';

/**
 * A supplier's price-list source as the back office sets it (issue 15 point 3, decision 0025), audited; the
 * fetches themselves are fetcher.ts's.
 */

export const iso = (value: Date | null) => (value === null ? null : value.toISOString());

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

const SUPPLIER_NOT_FOUND = 'Поставщик не найден';

export async function supplierOrNotFound(db: DbExecutor, id: number) {
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
