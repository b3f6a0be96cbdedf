import { eq, sql } from 'drizzle-orm';
import type { POSITION_STAGE_VALUES } from '@detal/contract';
import type { DbExecutor } from '../../../db/index.ts';
import { supplierPurchaseSettings } from '../../../db/schema/index.ts';
import type { SecretBox } from '../../../shared/secret-box.ts';
import { SupplierChannelError } from '../supplier-channel.ts';
import { statusMapFromCatalogue } from './abcp/abcp-status-map.ts';
import { apiChannelOf, findSettings, statusMapOf, type ChannelTransport } from './channel-settings.ts';

/**
 * The API channel's health as the staff see it (decision 0050): every call of the polling job and of «test the
 * connection» ends in recordApiSuccess or recordApiFailure. A failure is kept in Russian (SupplierChannelError's
 * message carries no credentials) and pushes the supplier's next poll back: 1, 2, 4 … minutes, at most 6 hours
 * (as the outbox retries), so that a supplier whose server is down is not called every tick.
 */

/** How often a healthy supplier's open orders are read. */
export const POLL_INTERVAL_MS = 15 * 60_000;
const FIRST_RETRY_MS = 60_000;
const LONGEST_RETRY_MS = 6 * 60 * 60_000;

export const pollRetryDelayMs = (failures: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);

/** What a failure of an unforeseen kind (a fault of the shop) shows: its details go to the log only. */
export const INTERNAL_CHANNEL_ERROR = 'Обращение к API поставщика не удалось из-за внутренней ошибки магазина';

export const staffMessageOf = (error: unknown): string =>
  error instanceof SupplierChannelError ? error.message.slice(0, 500) : INTERNAL_CHANNEL_ERROR;

export async function recordApiSuccess(db: DbExecutor, supplierId: number, now: Date, polled: boolean) {
  await db
    .update(supplierPurchaseSettings)
    .set({
      failures: 0,
      lastError: null,
      lastErrorAt: null,
      ...(polled
        ? {
            lastPolledAt: now,
            nextPollAt: new Date(now.getTime() + POLL_INTERVAL_MS),
          }
        : {}),
    })
    .where(eq(supplierPurchaseSettings.supplierId, supplierId));
}

/** Records the failure; answers the failures in a row now. */
export async function recordApiFailure(db: DbExecutor, supplierId: number, now: Date, message: string) {
  const [row] = await db
    .update(supplierPurchaseSettings)
    .set({ failures: sql`${supplierPurchaseSettings.failures} + 1`, lastError: message, lastErrorAt: now })
    .where(eq(supplierPurchaseSettings.supplierId, supplierId))
    .returning({ failures: supplierPurchaseSettings.failures, channel: supplierPurchaseSettings.channel });
  if (!row) return 0;
  if (row.channel === 'api') {
    await db
      .update(supplierPurchaseSettings)
      .set({ nextPollAt: new Date(now.getTime() + pollRetryDelayMs(row.failures)) })
      .where(eq(supplierPurchaseSettings.supplierId, supplierId));
  }
  return row.failures;
}

type Stage = (typeof POSITION_STAGE_VALUES)[number];

/**
 * «Test the connection»: the supplier's order options and its statuses (with the stage each maps to). An empty
 * status map is filled from the statuses the shop's name table recognises (the staff place the rest).
 */
export async function testApiConnection(
  db: DbExecutor,
  box: SecretBox,
  supplierId: number,
  transport: ChannelTransport,
  now: Date,
) {
  const row = await findSettings(db, supplierId);
  try {
    const channel = apiChannelOf(row, box, transport);
    const options = await channel.orderOptions();
    const catalogue = await channel.positionStatuses();
    let map = statusMapOf(row!);
    if (Object.keys(map).length === 0) {
      map = statusMapFromCatalogue(catalogue).map;
      await db
        .update(supplierPurchaseSettings)
        .set({ statusMap: map })
        .where(eq(supplierPurchaseSettings.supplierId, supplierId));
    }
    await recordApiSuccess(db, supplierId, now, false);
    const unplaced = catalogue.filter((status) => !Object.hasOwn(map, status.code)).length;
    return {
      ok: true,
      message:
        unplaced === 0
          ? 'Соединение с API поставщика работает'
          : `Соединение с API поставщика работает; статусов без этапа: ${unplaced} — укажите их в таблице статусов`,
      options: {
        payment_methods: options.paymentMethods,
        shipment_methods: options.shipmentMethods,
        shipment_addresses: options.shipmentAddresses,
        shipment_offices: options.shipmentOffices,
      },
      statuses: catalogue.map((status) => ({
        code: status.code,
        name: status.name,
        stage: (Object.hasOwn(map, status.code) ? map[status.code]!.stage : null) as Stage | null,
      })),
    };
  } catch (error) {
    const message = staffMessageOf(error);
    if (row) await recordApiFailure(db, supplierId, now, message);
    if (!(error instanceof SupplierChannelError))
      transport.log?.warn({ supplierId, err: String(error) }, 'channel test failed');
    return { ok: false, message, options: null, statuses: [] };
  }
}
