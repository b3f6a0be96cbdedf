import { eq, sql } from 'drizzle-orm';
import { toKopecks, kopecksToDecimal, type CreditTerms } from '@detal/contract';
import type { Db, DbExecutor } from '../../db/index.ts';
import { clientGroups, clients, creditTerms } from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { notFound } from '../../http/errors.ts';

/**
 * Credit terms (issue 31 point 3): a client group's default, a client's override; a null field inherits (client,
 * then its group — the default group for a client without one — then none: no limit, no deferral, no prepayment).
 */

export interface EffectiveTerms {
  /** Kopecks; null: no limit. */
  creditLimitKopecks: number | null;
  deferralDays: number;
  prepayRequired: boolean;
}

type TermsRow = typeof creditTerms.$inferSelect;

async function groupOf(db: DbExecutor, clientId: number): Promise<number | null | undefined> {
  const [client] = await db.select({ groupId: clients.groupId }).from(clients).where(eq(clients.id, clientId));
  if (!client) return undefined;
  if (client.groupId !== null) return client.groupId;
  const [group] = await db.select({ id: clientGroups.id }).from(clientGroups).where(eq(clientGroups.isDefault, true));
  return group?.id ?? null;
}

async function termsRow(db: DbExecutor, owner: { client_id?: number | null; group_id?: number | null }) {
  const [row] = await db
    .select()
    .from(creditTerms)
    .where(
      owner.client_id != null ? eq(creditTerms.clientId, owner.client_id) : eq(creditTerms.groupId, owner.group_id!),
    );
  return row ?? null;
}

const merge = (own: TermsRow | null, group: TermsRow | null): EffectiveTerms => {
  const limit = own?.creditLimit ?? group?.creditLimit ?? null;
  return {
    creditLimitKopecks: limit === null ? null : toKopecks(limit),
    deferralDays: own?.deferralDays ?? group?.deferralDays ?? 0,
    prepayRequired: own?.prepayRequired ?? group?.prepayRequired ?? false,
  };
};

export async function effectiveTerms(db: DbExecutor, clientId: number): Promise<EffectiveTerms> {
  const groupId = await groupOf(db, clientId);
  const own = await termsRow(db, { client_id: clientId });
  const group = groupId == null ? null : await termsRow(db, { group_id: groupId });
  return merge(own, group);
}

async function termsView(
  db: DbExecutor,
  owner: { client_id?: number | null; group_id?: number | null },
): Promise<CreditTerms> {
  const own = await termsRow(db, owner);
  let effective: EffectiveTerms;
  if (owner.client_id != null) {
    if ((await groupOf(db, owner.client_id)) === undefined) throw notFound('Клиент не найден');
    effective = await effectiveTerms(db, owner.client_id);
  } else {
    const [group] = await db
      .select({ id: clientGroups.id })
      .from(clientGroups)
      .where(eq(clientGroups.id, owner.group_id!));
    if (!group) throw notFound('Группа клиентов не найдена');
    effective = merge(own, null);
  }
  return {
    own: {
      credit_limit: own?.creditLimit ?? null,
      deferral_days: own?.deferralDays ?? null,
      prepay_required: own?.prepayRequired ?? null,
    },
    effective: {
      credit_limit: effective.creditLimitKopecks === null ? null : kopecksToDecimal(effective.creditLimitKopecks),
      deferral_days: effective.deferralDays,
      prepay_required: effective.prepayRequired,
    },
  };
}

export const getTerms = (db: DbExecutor, owner: { client_id?: number | null; group_id?: number | null }) =>
  termsView(db, owner);

export async function setTerms(
  db: Db,
  staffId: number,
  body: {
    client_id?: number | null;
    group_id?: number | null;
    credit_limit: string | null;
    deferral_days: number | null;
    prepay_required: boolean | null;
  },
  now: Date,
): Promise<CreditTerms> {
  return db.transaction(async (tx) => {
    const before = await termsView(tx, body); // 404 for an unknown client or group, before anything is written
    const values = {
      creditLimit: body.credit_limit === null ? null : kopecksToDecimal(toKopecks(body.credit_limit)),
      deferralDays: body.deferral_days,
      prepayRequired: body.prepay_required,
      updatedAt: now,
    };
    const owner = body.client_id != null ? { clientId: body.client_id } : { groupId: body.group_id! };
    await tx
      .insert(creditTerms)
      .values({ ...owner, ...values })
      .onConflictDoUpdate({
        target: body.client_id != null ? creditTerms.clientId : creditTerms.groupId,
        targetWhere:
          body.client_id != null ? sql`${creditTerms.clientId} is not null` : sql`${creditTerms.groupId} is not null`,
        set: values,
      });
    const after = await termsView(tx, body);
    await emit(tx, 'StaffWrite', {
      staffId,
      action: 'credit_terms.set',
      entity: body.client_id != null ? 'client' : 'pricing_group',
      entityId: body.client_id ?? body.group_id!,
      before: before.own,
      after: after.own,
      at: now,
    });
    return after;
  });
}
