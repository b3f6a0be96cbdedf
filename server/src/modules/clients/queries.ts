import { and, asc, count, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { ClientProfile, DeliveryAddress } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { clientSessions, clients, deliveryAddresses, passwordResets } from '../../db/schema/index.ts';
import { fitsIntegerId } from '../../shared/integer-id.ts';
import { auditObjectsOf, type AuditObjectReader } from '../audit/audit-objects.ts';

/** The e-mail match the unique index lower(email) serves: one account per address, whatever its case. */
const emailIs = (email: string) => sql`lower(${clients.email}) = lower(${email})`;

export async function findClientByEmail(
  db: DbExecutor,
  email: string,
): Promise<{ id: number; email: string; passwordHash: string; blocked: boolean } | null> {
  const [row] = await db
    .select({
      id: clients.id,
      email: clients.email,
      passwordHash: clients.passwordHash,
      blocked: sql<boolean>`${clients.blockedAt} is not null`,
    })
    .from(clients)
    .where(emailIs(email));
  return row ?? null;
}

export async function isEmailTaken(db: DbExecutor, email: string): Promise<boolean> {
  const [row] = await db.select({ id: clients.id }).from(clients).where(emailIs(email));
  return row !== undefined;
}

export interface NewClient {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  companyName: string | null;
  phoneNumber: string;
  isBusiness?: boolean;
  inn?: string | null;
}

export async function insertClient(db: DbExecutor, client: NewClient, now: Date): Promise<number> {
  const [row] = await db
    .insert(clients)
    .values({ ...client, createdAt: now, updatedAt: now })
    .returning({ id: clients.id });
  if (!row) throw new Error('The new client was not returned');
  return row.id;
}

const profileColumns = {
  id: clients.id,
  email: clients.email,
  first_name: clients.firstName,
  last_name: clients.lastName,
  middle_name: clients.middleName,
  company_name: clients.companyName,
  phone_number: clients.phoneNumber,
};

export async function findClientProfile(db: DbExecutor, clientId: number): Promise<ClientProfile | null> {
  const [row] = await db.select(profileColumns).from(clients).where(eq(clients.id, clientId));
  return row ?? null;
}

export type ProfileChanges = Pick<
  NewClient,
  'firstName' | 'lastName' | 'middleName' | 'companyName' | 'phoneNumber'
> & {
  notifyStatusEmails?: boolean;
};

export async function updateClientProfile(
  db: DbExecutor,
  clientId: number,
  changes: ProfileChanges,
  now: Date,
): Promise<ClientProfile | null> {
  const [row] = await db
    .update(clients)
    .set({ ...changes, updatedAt: now })
    .where(eq(clients.id, clientId))
    .returning(profileColumns);
  return row ?? null;
}

/** Whether the client wants e-mails when order lines change status (false also when there is no such client). */
export async function wantsStatusEmails(db: DbExecutor, clientId: number): Promise<boolean> {
  const [row] = await db.select({ on: clients.notifyStatusEmails }).from(clients).where(eq(clients.id, clientId));
  return row?.on ?? false;
}

/** Where a client's own e-mails go, and whether it wants the optional ones; null when there is no such client. */
export async function findClientMailPreferences(
  db: DbExecutor,
  clientId: number,
): Promise<{ email: string; notifyStatusEmails: boolean } | null> {
  const [row] = await db
    .select({ email: clients.email, notifyStatusEmails: clients.notifyStatusEmails })
    .from(clients)
    .where(eq(clients.id, clientId));
  return row ?? null;
}

export async function findPasswordHash(db: DbExecutor, clientId: number): Promise<string | null> {
  const [row] = await db.select({ hash: clients.passwordHash }).from(clients).where(eq(clients.id, clientId));
  return row?.hash ?? null;
}

export async function updatePasswordHash(db: DbExecutor, clientId: number, passwordHash: string, now: Date) {
  await db.update(clients).set({ passwordHash, updatedAt: now }).where(eq(clients.id, clientId));
}

/* Sessions */

export async function insertSession(
  db: DbExecutor,
  session: { clientId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(clientSessions).values(session).returning({ id: clientSessions.id });
  if (!row) throw new Error('The new session was not returned');
  return row.id;
}

/**
 * Deletes a client's sessions that expired by `now`: revoked or not, they can never be used again. Run at each
 * sign-in, it keeps a client's rows to the sessions of the last 24 hours.
 */
export async function deleteExpiredSessions(db: DbExecutor, clientId: number, now: Date): Promise<void> {
  await db.delete(clientSessions).where(and(eq(clientSessions.clientId, clientId), lte(clientSessions.expiresAt, now)));
}

/** Deletes a client's reset links that expired by `now` (used or not), when a new one is made. */
export async function deleteExpiredPasswordResets(db: DbExecutor, clientId: number, now: Date): Promise<void> {
  await db.delete(passwordResets).where(and(eq(passwordResets.clientId, clientId), lte(passwordResets.expiresAt, now)));
}

/** The live session of a token hash at `now`: not revoked, not expired. One lookup on the unique token_hash. */
export async function findLiveSession(
  db: DbExecutor,
  tokenHash: string,
  now: Date,
): Promise<{ sessionId: number; clientId: number } | null> {
  const [row] = await db
    .select({ sessionId: clientSessions.id, clientId: clientSessions.clientId })
    .from(clientSessions)
    // A blocked client's sessions were revoked with the block; the join refuses them whatever the timing.
    .innerJoin(clients, eq(clients.id, clientSessions.clientId))
    .where(
      and(
        eq(clientSessions.tokenHash, tokenHash),
        isNull(clientSessions.revokedAt),
        gt(clientSessions.expiresAt, now),
        isNull(clients.blockedAt),
      ),
    );
  return row ?? null;
}

export async function revokeSession(db: DbExecutor, sessionId: number, now: Date): Promise<void> {
  await db
    .update(clientSessions)
    .set({ revokedAt: now })
    .where(and(eq(clientSessions.id, sessionId), isNull(clientSessions.revokedAt)));
}

/** Revokes every open session of a client, except `keepSessionId` when given (the one changing the password). */
export async function revokeClientSessions(
  db: DbExecutor,
  clientId: number,
  now: Date,
  keepSessionId: number | null = null,
): Promise<void> {
  await db
    .update(clientSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(clientSessions.clientId, clientId),
        isNull(clientSessions.revokedAt),
        keepSessionId === null ? undefined : ne(clientSessions.id, keepSessionId),
      ),
    );
}

/* Password reset links */

export async function insertPasswordReset(
  db: DbExecutor,
  reset: { clientId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(reset);
}

/** Whether the reset link of a token hash can still be used at `now`. */
export async function isPasswordResetUsable(db: DbExecutor, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
    );
  return row !== undefined;
}

/**
 * Uses up the reset link of a token hash when it is unused and unexpired at `now`, answering its client. One
 * conditional UPDATE: of two requests with the same link at once, exactly one gets the client.
 */
export async function useUpPasswordReset(db: DbExecutor, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
    )
    .returning({ clientId: passwordResets.clientId });
  return row?.clientId ?? null;
}

/** Retires a client's other open reset links (the password has just been set). */
export async function retirePasswordResets(db: DbExecutor, clientId: number, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.clientId, clientId), isNull(passwordResets.usedAt)));
}

/* Delivery addresses: every statement is scoped by the client, so another client's id matches nothing. */

const addressColumns = { id: deliveryAddresses.id, address: deliveryAddresses.address };

export function listDeliveryAddresses(db: DbExecutor, clientId: number): Promise<DeliveryAddress[]> {
  return db
    .select(addressColumns)
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.clientId, clientId))
    .orderBy(asc(deliveryAddresses.id));
}

/** The text of the client's saved address `addressId`; null when it is no address of theirs. */
export async function findDeliveryAddress(db: DbExecutor, clientId: number, addressId: number): Promise<string | null> {
  if (!fitsIntegerId(addressId)) return null;
  const [row] = await db
    .select({ address: deliveryAddresses.address })
    .from(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, addressId), eq(deliveryAddresses.clientId, clientId)));
  return row?.address ?? null;
}

export async function countDeliveryAddresses(db: DbExecutor, clientId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(deliveryAddresses)
    .where(eq(deliveryAddresses.clientId, clientId));
  return row?.total ?? 0;
}

export async function insertDeliveryAddress(
  db: DbExecutor,
  clientId: number,
  address: string,
  now: Date,
): Promise<DeliveryAddress> {
  const [row] = await db
    .insert(deliveryAddresses)
    .values({ clientId, address, createdAt: now })
    .returning(addressColumns);
  if (!row) throw new Error('The new delivery address was not returned');
  return row;
}

export async function updateDeliveryAddress(
  db: DbExecutor,
  clientId: number,
  id: number,
  address: string,
): Promise<DeliveryAddress | null> {
  if (!fitsIntegerId(id)) return null;
  const [row] = await db
    .update(deliveryAddresses)
    .set({ address })
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.clientId, clientId)))
    .returning(addressColumns);
  return row ?? null;
}

export async function deleteDeliveryAddress(db: DbExecutor, clientId: number, id: number): Promise<boolean> {
  if (!fitsIntegerId(id)) return false;
  const rows = await db
    .delete(deliveryAddresses)
    .where(and(eq(deliveryAddresses.id, id), eq(deliveryAddresses.clientId, clientId)))
    .returning({ id: deliveryAddresses.id });
  return rows.length > 0;
}

/** Clients as the audit log names them: the company, else the person. */
export const clientAuditObjects: AuditObjectReader = async (db, ids) =>
  auditObjectsOf(
    await db
      .select({
        id: clients.id,
        label: sql<string>`coalesce(nullif(${clients.companyName}, ''), trim(${clients.lastName} || ' ' || ${clients.firstName}))`,
      })
      .from(clients)
      .where(inArray(clients.id, [...ids])),
  );
