import { and, count, desc, eq } from 'drizzle-orm';
import { pageOffset, paginationMeta, type AuditEntry, type AuditLogFilters, type Paginated } from '@detal/contract';
import { withinDays } from '../../db/calendar-days.ts';
import type { DbExecutor, Tx } from '../../db/index.ts';
import type { AuditValues, StaffWrite } from '../../events/domain-events.ts';
import { auditLog, staff } from '../../db/schema/index.ts';
import { readAuditObjects, type AuditObjectReaders } from '../audit/audit-objects.ts';

/**
 * The audit log: every staff write leaves one row. Modules tell of their writes with the StaffWrite event inside
 * the transaction of the write, and the app's subscriber (modules/subscribers.ts) calls `recordAudit` in that same
 * transaction, so that the two commit or fail together (decision 0042). Rows are never changed: no function here
 * updates or deletes, and a trigger refuses UPDATE, DELETE and TRUNCATE on the table (migration 0005).
 */

export type { AuditValues } from '../../events/domain-events.ts';

/** One row of the log, as the StaffWrite event carries it. */
export type AuditRecord = StaffWrite;

/** Field names whose values never enter the log, whatever a caller passes. */
const SECRET_FIELD = /password|hash|token|secret/i;

function withoutSecrets(values: AuditValues | null | undefined): AuditValues | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELD.test(key)));
}

const auditRow = (record: AuditRecord) => ({
  createdAt: record.at,
  staffId: record.staffId,
  action: record.action,
  entity: record.entity,
  entityId: record.entityId === null ? null : String(record.entityId),
  before: withoutSecrets(record.before),
  after: withoutSecrets(record.after),
});

/** Writes one audit row; takes a transaction, as the row belongs with the write it describes. */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values(auditRow(record));
}

/** Writes the rows of several writes at once, in their order (the StaffWrites event). */
export async function recordAudits(tx: Tx, records: readonly AuditRecord[]): Promise<void> {
  // A few thousand rows a statement, well inside PostgreSQL's 65,535 parameters.
  for (let start = 0; start < records.length; start += 5000) {
    await tx.insert(auditLog).values(records.slice(start, start + 5000).map(auditRow));
  }
}

/** The log newest first, filtered by staff member, entity and calendar days of the shop's time zone. */
export async function listAuditLog(
  db: DbExecutor,
  filters: AuditLogFilters,
  page: number,
  timeZone: string,
  objectReaders: AuditObjectReaders = {},
): Promise<Paginated<AuditEntry>> {
  const where = and(
    filters.staff_id != null ? eq(auditLog.staffId, filters.staff_id) : undefined,
    filters.entity ? eq(auditLog.entity, filters.entity) : undefined,
    ...withinDays(auditLog.createdAt, filters.date_from, filters.date_to, timeZone),
  );
  const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      staffId: auditLog.staffId,
      staffEmail: staff.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(filters.per_page)
    .offset(pageOffset(page, filters.per_page));
  const objects = await readAuditObjects(db, objectReaders, rows);
  const data = rows.map((row): AuditEntry => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    staff_id: row.staffId,
    staff_email: row.staffEmail,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    object_label: objects.get(`${row.entity}:${row.entityId}`)?.label ?? null,
    object_order_id: objects.get(`${row.entity}:${row.entityId}`)?.orderId ?? null,
    before: row.before as AuditValues | null,
    after: row.after as AuditValues | null,
  }));
  return { data, ...paginationMeta(totalRow?.total ?? 0, page, filters.per_page) };
}
