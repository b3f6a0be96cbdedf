import { and, desc, count, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { StaffMember, StaffRole } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { staff, staffPasswordLinks, staffSessions, staffSetupLinks } from '../../db/schema/index.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';

/** Staff, their sessions and set-password links. Only this module touches these tables. */

const emailIs = (email: string) => sql`lower(${staff.email}) = lower(${email})`;

const memberColumns = {
  id: staff.id,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  blockedAt: staff.blockedAt,
  passwordHash: staff.passwordHash,
  createdAt: staff.createdAt,
  lastSignInAt: staff.lastSignInAt,
};

interface MemberRow {
  id: number;
  email: string;
  name: string;
  role: string;
  blockedAt: Date | null;
  passwordHash: string | null;
  createdAt: Date;
  lastSignInAt: Date | null;
}

/** A staff row as the API shows it: never the hash, only whether there is one. */
export function toStaffMember(row: MemberRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRole,
    blocked: row.blockedAt !== null,
    has_password: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  };
}

export interface StaffCredentials {
  id: number;
  email: string;
  passwordHash: string | null;
  blocked: boolean;
}

export async function findStaffByEmail(db: DbExecutor, email: string): Promise<StaffCredentials | null> {
  const [row] = await db
    .select({ id: staff.id, email: staff.email, passwordHash: staff.passwordHash, blockedAt: staff.blockedAt })
    .from(staff)
    .where(emailIs(email));
  return row ? { id: row.id, email: row.email, passwordHash: row.passwordHash, blocked: row.blockedAt !== null } : null;
}

export async function findStaffPasswordHash(db: DbExecutor, staffId: number): Promise<string | null> {
  const [row] = await db.select({ passwordHash: staff.passwordHash }).from(staff).where(eq(staff.id, staffId));
  return row?.passwordHash ?? null;
}

export async function findStaffMember(db: DbExecutor, staffId: number): Promise<StaffMember | null> {
  const [row] = await db.select(memberColumns).from(staff).where(eq(staff.id, staffId));
  return row ? toStaffMember(row) : null;
}

/** The row locked for the rest of the transaction, so that its before-values in the audit log are the real ones. */
export async function lockStaffMember(db: DbExecutor, staffId: number): Promise<StaffMember | null> {
  const [row] = await db.select(memberColumns).from(staff).where(eq(staff.id, staffId)).for('update');
  return row ? toStaffMember(row) : null;
}

export async function countStaff(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ total: count() }).from(staff);
  return row?.total ?? 0;
}

export async function listStaffMembers(db: DbExecutor, limit: number, offset: number): Promise<StaffMember[]> {
  const rows = await db
    .select(memberColumns)
    .from(staff)
    .orderBy(desc(staff.createdAt), desc(staff.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toStaffMember);
}

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string | null;
}

export async function insertStaff(db: DbExecutor, member: NewStaff, now: Date): Promise<StaffMember> {
  const [row] = await db
    .insert(staff)
    .values({ ...member, createdAt: now, updatedAt: now })
    .returning(memberColumns);
  if (!row) throw new Error('The new staff member was not returned');
  return toStaffMember(row);
}

export async function updateStaffBlocked(
  db: DbExecutor,
  staffId: number,
  blockedAt: Date | null,
  now: Date,
): Promise<StaffMember | null> {
  const [row] = await db
    .update(staff)
    .set({ blockedAt, updatedAt: now })
    .where(eq(staff.id, staffId))
    .returning(memberColumns);
  return row ? toStaffMember(row) : null;
}

export async function updateStaffPasswordHash(
  db: DbExecutor,
  staffId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(staff).set({ passwordHash, updatedAt: now }).where(eq(staff.id, staffId));
}

export async function markSignedIn(db: DbExecutor, staffId: number, now: Date): Promise<StaffMember | null> {
  const [row] = await db.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, staffId)).returning(memberColumns);
  return row ? toStaffMember(row) : null;
}

// Sessions

export async function insertStaffSession(
  db: DbExecutor,
  session: { staffId: number; tokenHash: string; now: Date },
): Promise<void> {
  await db.insert(staffSessions).values({
    staffId: session.staffId,
    tokenHash: session.tokenHash,
    createdAt: session.now,
    lastSeenAt: session.now,
  });
}

export interface LiveStaffSession {
  sessionId: number;
  staffId: number;
  role: StaffRole;
  lastSeenAt: Date;
}

/**
 * The session of a token hash if it is live: not revoked, used after `idleSince`, opened after `signedInSince`,
 * its staff member not blocked.
 */
export async function findLiveStaffSession(
  db: DbExecutor,
  tokenHash: string,
  { idleSince, signedInSince }: { idleSince: Date; signedInSince: Date },
): Promise<LiveStaffSession | null> {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      staffId: staffSessions.staffId,
      role: staff.role,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.lastSeenAt, idleSince),
        gt(staffSessions.createdAt, signedInSince),
        isNull(staff.blockedAt),
      ),
    );
  return row ? { ...row, role: row.role as StaffRole } : null;
}

export async function touchStaffSession(db: DbExecutor, sessionId: number, now: Date): Promise<void> {
  await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, sessionId));
}

export async function revokeStaffSession(db: DbExecutor, sessionId: number, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Ends every session of a staff member, except `keepSessionId` when given. */
export async function revokeStaffSessions(
  db: DbExecutor,
  staffId: number,
  now: Date,
  keepSessionId?: number,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(staffSessions.id, keepSessionId),
      ),
    );
}

/** Sessions idle for longer than the timeout are dead: cleared when their staff member signs in again. */
export async function deleteIdleStaffSessions(db: DbExecutor, staffId: number, idleSince: Date): Promise<void> {
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), lte(staffSessions.lastSeenAt, idleSince)));
}

// Set-password links

export async function insertStaffPasswordLink(
  db: DbExecutor,
  link: { staffId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(staffPasswordLinks).values(link);
}

/** Uses a live link up, atomically; answers its staff member, or null when the link is unknown, used or expired. */
export async function useUpStaffPasswordLink(db: DbExecutor, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(staffPasswordLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffPasswordLinks.tokenHash, tokenHash),
        isNull(staffPasswordLinks.usedAt),
        gt(staffPasswordLinks.expiresAt, now),
      ),
    )
    .returning({ staffId: staffPasswordLinks.staffId });
  return row?.staffId ?? null;
}

export async function isStaffPasswordLinkUsable(db: DbExecutor, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: staffPasswordLinks.id })
    .from(staffPasswordLinks)
    .where(
      and(
        eq(staffPasswordLinks.tokenHash, tokenHash),
        isNull(staffPasswordLinks.usedAt),
        gt(staffPasswordLinks.expiresAt, now),
      ),
    );
  return row !== undefined;
}

/** Every other unused link of the staff member stops working (a password was just set). */
export async function retireStaffPasswordLinks(db: DbExecutor, staffId: number, now: Date): Promise<void> {
  await db
    .update(staffPasswordLinks)
    .set({ usedAt: now })
    .where(and(eq(staffPasswordLinks.staffId, staffId), isNull(staffPasswordLinks.usedAt)));
}

/** Staff members as the audit log names them: «Ольга Владелец (owner@shop.ru)». */
export const staffAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({ id: staff.id, label: sql<string>`${staff.name} || ' (' || ${staff.email} || ')'` })
      .from(staff)
      .where(inArray(staff.id, [...ids])),
  );

/** Whether the shop has any staff member at all (the first owner's setup links work only while it has none). */
export async function anyStaffExists(db: DbExecutor): Promise<boolean> {
  const [row] = await db.select({ id: staff.id }).from(staff).limit(1);
  return row !== undefined;
}

export async function insertStaffSetupLink(db: DbExecutor, tokenHash: string, now: Date): Promise<void> {
  await db.insert(staffSetupLinks).values({ tokenHash, createdAt: now });
}

/** A setup link not used yet (whether staff exist is asked apart). */
export async function isStaffSetupLinkUnused(db: DbExecutor, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: staffSetupLinks.tokenHash })
    .from(staffSetupLinks)
    .where(and(eq(staffSetupLinks.tokenHash, tokenHash), isNull(staffSetupLinks.usedAt)));
  return row !== undefined;
}

/**
 * Marks the link used; false when it is unknown or used already. A second link used at once fails on the unique
 * index of the used row when this transaction commits (staff_setup_links_one_used_idx).
 */
export async function useUpStaffSetupLink(db: DbExecutor, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(staffSetupLinks)
    .set({ usedAt: now })
    .where(and(eq(staffSetupLinks.tokenHash, tokenHash), isNull(staffSetupLinks.usedAt)))
    .returning({ tokenHash: staffSetupLinks.tokenHash });
  return rows.length > 0;
}

/** The shop's first owner still able to sign in (the oldest account with the role, not blocked); null when none. */
export async function firstOwnerEmail(db: DbExecutor): Promise<string | null> {
  const [row] = await db
    .select({ email: staff.email })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.blockedAt)))
    .orderBy(staff.createdAt, staff.id)
    .limit(1);
  return row?.email ?? null;
}
