import { and, eq, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { normalizeArticle, normalizeBrand, toKopecks } from '@detal/contract';
import type { Database, DbExecutor } from '../../../db/index.ts';
import { supplierOrderDispatches, supplierOrders, supplierPurchaseSettings } from '../../../db/schema/index.ts';
import type { SecretBox } from '../../../shared/secret-box.ts';
import { applySupplierAnswer } from '../answers.ts';
import { SupplierChannelError, type OrderLineRequest, type SupplierLineState } from '../supplier-channel.ts';
import type { AbcpChannel } from './abcp/abcp-channel.ts';
import { recordApiFailure, recordApiSuccess, staffMessageOf } from './api-health.ts';
import { apiChannelOf, findSettings, type ChannelTransport } from './channel-settings.ts';
import { pendingDispatches } from './dispatch.ts';
import { findSupplierOrderHead, supplierOrderLinesOf } from './order-export.ts';

/**
 * The API channel's background work (issue 29 point 2(c); decision 0050), one supplier at a time per supplier and
 * all suppliers side by side: the tick claims the suppliers that are due (a lease on their settings row, so that
 * two instances never call one supplier account at once, as the ABCP basket requires), and runs each on its own:
 * first the orders waiting to be placed, then the states of its open orders, mapped to quantities through the
 * supplier's status map and applied through the answers service. A slow, failing or garbage-answering supplier
 * fails alone: every call has a deadline, its failure is kept for the staff and pushes its next run back
 * (api-health.ts), and the other suppliers' runs do not wait for it.
 */

/**
 * A run's lease, renewed before every step (each line looked up, each order read), so that it outlives no
 * process by more than this: a run killed with its process frees its supplier a minute later (on the embedded
 * database at once, at the next start: releaseAbandonedLeases).
 */
export const RUN_LEASE_MS = 60_000;
/** Suppliers run side by side in one tick, at most. */
const SUPPLIERS_PER_TICK = 8;
/** A dispatch that failed this many times in a row is given up and shown as failed. */
export const MAX_DISPATCH_ATTEMPTS = 10;
/** Supplier-order states whose supplier answers are still read. */
const FINISHED_STATES = ['closed', 'canceled', 'received'];

export interface ApiRunSettings {
  box: SecretBox;
  transport: ChannelTransport;
  timeZone: string;
  now?: () => Date;
}

export interface TickReport {
  suppliers: number;
  placed: number;
  polled: number;
  failed: number;
}

/** Claims the due suppliers: channel api, next_poll_at reached, no live lease; answers their ids. */
async function claimDue(database: Database, now: Date): Promise<number[]> {
  const due = database.db
    .select({ id: supplierPurchaseSettings.supplierId })
    .from(supplierPurchaseSettings)
    .where(
      and(
        eq(supplierPurchaseSettings.channel, 'api'),
        lte(supplierPurchaseSettings.nextPollAt, now),
        or(isNull(supplierPurchaseSettings.pollingUntil), lt(supplierPurchaseSettings.pollingUntil, now)),
      ),
    )
    .orderBy(supplierPurchaseSettings.nextPollAt)
    .limit(SUPPLIERS_PER_TICK)
    .for('update', { skipLocked: true });
  const claimed = await database.db
    .update(supplierPurchaseSettings)
    .set({ pollingUntil: new Date(now.getTime() + RUN_LEASE_MS) })
    .where(inArray(supplierPurchaseSettings.supplierId, sql`(${due})`))
    .returning({ id: supplierPurchaseSettings.supplierId });
  return claimed.map((row) => row.id);
}

/** The scheduled tick: every due supplier's run, side by side. */
export async function runChannelsTick(database: Database, settings: ApiRunSettings): Promise<TickReport> {
  const now = settings.now?.() ?? new Date();
  const suppliers = await claimDue(database, now);
  const reports = await Promise.all(suppliers.map((id) => runSupplier(database, id, settings)));
  return {
    suppliers: suppliers.length,
    placed: reports.reduce((sum, report) => sum + report.placed, 0),
    polled: reports.reduce((sum, report) => sum + report.polled, 0),
    failed: reports.filter((report) => report.failed).length,
  };
}

/** One supplier's run (claimed by the tick): place what waits, read what is open; never throws. */
export async function runSupplier(
  database: Database,
  supplierId: number,
  settings: ApiRunSettings,
): Promise<{ placed: number; polled: number; failed: boolean }> {
  const { db } = database;
  const now = settings.now?.() ?? new Date();
  let placed = 0;
  let polled = 0;
  try {
    const row = await findSettings(db, supplierId);
    if (!row || row.channel !== 'api') return { placed, polled, failed: false };
    const channel = apiChannelOf(row, settings.box, settings.transport);
    const renew = async () => {
      await db
        .update(supplierPurchaseSettings)
        .set({ pollingUntil: new Date((settings.now?.() ?? new Date()).getTime() + RUN_LEASE_MS) })
        .where(eq(supplierPurchaseSettings.supplierId, supplierId));
    };
    for (const dispatch of await pendingDispatches(db, supplierId)) {
      await renew();
      await placeDispatch(database, channel, dispatch.supplierOrderId, settings, now, renew);
      placed += 1;
    }
    await renew();
    polled = await pollOrders(database, channel, supplierId, settings, now);
    await recordApiSuccess(db, supplierId, now, true);
    return { placed, polled, failed: false };
  } catch (error) {
    const message = staffMessageOf(error);
    if (!(error instanceof SupplierChannelError)) {
      settings.transport.log?.warn(
        { supplierId, err: error instanceof Error ? error.message : String(error) },
        'supplier channel run failed',
      );
    }
    await recordApiFailure(db, supplierId, now, message);
    return { placed, polled, failed: true };
  } finally {
    await db
      .update(supplierPurchaseSettings)
      .set({ pollingUntil: null })
      .where(eq(supplierPurchaseSettings.supplierId, supplierId));
  }
}

const partKey = (brand: string, number: string) => `${normalizeBrand(brand)}|${normalizeArticle(number)}`;

/**
 * Places one supplier order through the API, once: the supplier's latest orders are searched for the order's
 * `send_key` first (a run that died after placing it left it there); only when none has it are the offers found
 * and the order placed with that key as its clientOrderNumber. What the supplier took and refused is applied in
 * one transaction with the dispatch marked sent. A failure counts an attempt (MAX_DISPATCH_ATTEMPTS: failed).
 */
async function placeDispatch(
  database: Database,
  channel: AbcpChannel,
  supplierOrderId: number,
  settings: ApiRunSettings,
  now: Date,
  renew: () => Promise<void>,
): Promise<void> {
  const { db } = database;
  const order = await findSupplierOrderHead(db, supplierOrderId);
  if (!order) return;
  const lines = await supplierOrderLinesOf(db, supplierOrderId);
  try {
    let numbers: string[];
    const accepted = new Map<number, { ref: string; priceKopecks: number }>();
    const refused = new Map<number, string>();
    const earlier = await channel.ordersWithReference(order.sendKey);
    if (earlier.length > 0) {
      // Placed by a run that did not live to record it: read back, never placed again.
      numbers = earlier.map((found) => found.number);
      const positions = earlier.flatMap((found) => found.lines);
      const used = new Set<string>();
      for (const line of lines) {
        const position = positions.find(
          (candidate) =>
            !used.has(candidate.supplierLineId) &&
            partKey(candidate.brand, candidate.number) === partKey(line.brand, line.article),
        );
        if (position) {
          used.add(position.supplierLineId);
          accepted.set(line.id, { ref: position.supplierLineId, priceKopecks: position.priceKopecks });
        } else {
          refused.set(line.id, 'Поставщик не включил позицию в заказ');
        }
      }
    } else {
      const requests: OrderLineRequest[] = [];
      const usedOffers = new Set<string>();
      for (const line of lines) {
        await renew();
        const offers = (await channel.findOffers(line.article, line.brand)).filter(
          (offer) =>
            partKey(offer.brand, offer.number) === partKey(line.brand, line.article) &&
            !usedOffers.has(offer.offerKey) &&
            line.quantity % offer.packing === 0 &&
            (offer.available === null || offer.available >= line.quantity),
        );
        const expected = line.purchasePrice === null ? null : toKopecks(line.purchasePrice);
        // The offer nearest the price the line was bought at, then the cheapest.
        offers.sort(
          (a, b) =>
            (expected === null ? 0 : Math.abs(a.priceKopecks - expected) - Math.abs(b.priceKopecks - expected)) ||
            a.priceKopecks - b.priceKopecks,
        );
        const offer = offers[0];
        if (!offer) {
          refused.set(line.id, 'У поставщика нет предложения на это количество');
          continue;
        }
        usedOffers.add(offer.offerKey);
        requests.push({ lineRef: String(line.id), offerKey: offer.offerKey, quantity: line.quantity });
      }
      const placed = await channel.placeOrder({ reference: order.sendKey, lines: requests, comment: order.number });
      numbers = placed.supplierOrderNumbers;
      for (const answer of placed.lines) {
        if (answer.accepted) {
          accepted.set(Number(answer.lineRef), { ref: answer.supplierLineId, priceKopecks: answer.priceKopecks });
        } else {
          refused.set(Number(answer.lineRef), answer.reason);
        }
      }
    }
    await db.transaction(async (tx) => {
      const [dispatch] = await tx
        .select({ state: supplierOrderDispatches.state })
        .from(supplierOrderDispatches)
        .where(eq(supplierOrderDispatches.supplierOrderId, supplierOrderId))
        .for('update');
      if (dispatch?.state !== 'pending') return;
      await applySupplierAnswer(
        tx,
        supplierOrderId,
        {
          supplierNumber: numbers.length > 0 ? numbers.join(', ') : null,
          lines: lines.map((line) => {
            const taken = accepted.get(line.id);
            const reason = refused.get(line.id);
            return {
              lineId: line.id,
              confirmed: line.confirmed,
              refused: taken ? line.refused : line.quantity - line.confirmed,
              reason: taken ? null : (reason ?? 'Поставщик не принял позицию'),
              supplierLineRef: taken?.ref ?? null,
            };
          }),
        },
        { staffId: null, at: now, timeZone: settings.timeZone, note: 'API поставщика: заказ размещён' },
      );
      await tx
        .update(supplierOrderDispatches)
        .set({ state: 'sent', sentAt: now, lastError: null, supplierOrderNumbers: numbers })
        .where(eq(supplierOrderDispatches.supplierOrderId, supplierOrderId));
    });
  } catch (error) {
    const message = staffMessageOf(error);
    const [counted] = await db
      .update(supplierOrderDispatches)
      .set({ attempts: sql`${supplierOrderDispatches.attempts} + 1`, lastError: message })
      .where(eq(supplierOrderDispatches.supplierOrderId, supplierOrderId))
      .returning({ attempts: supplierOrderDispatches.attempts });
    if (counted && counted.attempts >= MAX_DISPATCH_ATTEMPTS) {
      await db
        .update(supplierOrderDispatches)
        .set({ state: 'failed' })
        .where(eq(supplierOrderDispatches.supplierOrderId, supplierOrderId));
    }
    throw error;
  }
}

/**
 * Reads the states of the supplier's open orders placed through the API and applies what changed: per line the
 * quantities confirmed and refused (with the reason) and the confirmed price, through the answers service, one
 * transaction per order. Answers the orders read.
 */
async function pollOrders(
  database: Database,
  channel: AbcpChannel,
  supplierId: number,
  settings: ApiRunSettings,
  now: Date,
): Promise<number> {
  const { db } = database;
  const open = await db
    .select({ id: supplierOrderDispatches.supplierOrderId, numbers: supplierOrderDispatches.supplierOrderNumbers })
    .from(supplierOrderDispatches)
    .innerJoin(supplierOrders, eq(supplierOrders.id, supplierOrderDispatches.supplierOrderId))
    .where(
      and(
        eq(supplierOrderDispatches.supplierId, supplierId),
        eq(supplierOrderDispatches.channel, 'api'),
        eq(supplierOrderDispatches.state, 'sent'),
        notInArray(supplierOrders.state, FINISHED_STATES),
      ),
    );
  const numbers = [...new Set(open.flatMap((order) => order.numbers as string[]))];
  if (numbers.length === 0) return 0;
  const states = await channel.readOrders(numbers);
  const byRef = new Map<string, SupplierLineState>();
  for (const state of states) for (const line of state.lines) byRef.set(line.supplierLineId, line);
  for (const order of open) {
    await applyStates(db, order.id, byRef, settings, now);
  }
  return open.length;
}

async function applyStates(
  db: DbExecutor & Database['db'],
  supplierOrderId: number,
  byRef: ReadonlyMap<string, SupplierLineState>,
  settings: ApiRunSettings,
  now: Date,
) {
  const lines = await supplierOrderLinesOf(db, supplierOrderId);
  const changed = lines.flatMap((line) => {
    const state = line.supplierLineRef === null ? undefined : byRef.get(line.supplierLineRef);
    if (!state) return [];
    // The supplier's counts, within what the line holds, never below what the shop already recorded (a refused
    // part has left the line; a confirmation is not taken back by a status going round).
    const confirmed = Math.max(line.confirmed, Math.min(state.confirmed, line.quantity - line.refused));
    const refused = Math.max(line.refused, Math.min(state.refused, line.quantity - confirmed));
    if (confirmed === line.confirmed && refused === line.refused) return [];
    return [
      {
        lineId: line.id,
        confirmed,
        refused,
        reason: refused > 0 ? state.refusalReason : null,
        confirmedPriceKopecks: confirmed > 0 ? state.priceKopecks : null,
      },
    ];
  });
  if (changed.length === 0) return;
  await db.transaction((tx) =>
    applySupplierAnswer(
      tx,
      supplierOrderId,
      { lines: changed },
      { staffId: null, at: now, timeZone: settings.timeZone, note: 'API поставщика: статусы позиций' },
    ),
  );
}

/**
 * Embedded database, at start: leases left by a process that died during a run are let go (one process at a time
 * opens it, so any lease found at start is a dead one).
 */
export async function releaseAbandonedLeases(db: DbExecutor): Promise<number> {
  const released = await db
    .update(supplierPurchaseSettings)
    .set({ pollingUntil: null })
    .where(isNotNull(supplierPurchaseSettings.pollingUntil))
    .returning({ id: supplierPurchaseSettings.supplierId });
  return released.length;
}
