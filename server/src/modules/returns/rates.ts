import {
  RETURN_RATE_PAIR_NOT_FOUND_MESSAGE,
  type Paginated,
  type ReturnRateListRequest,
  type ReturnRatePairWithdrawRequest,
  type ReturnRateRow,
  type ReturnRateThreshold,
} from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { writeShopSetting } from '../../db/shop-settings.ts';
import { emit } from '../../events/bus.ts';
import { notFound } from '../../http/errors.ts';
import { readPage } from '../../shared/pagination.ts';
import {
  countReturnRates,
  findPairRate,
  listReturnRates,
  readReturnRateThreshold,
  setPairWithdrawnTx,
} from '../catalog/return-rates.ts';
import type { Actor } from './service.ts';

/**
 * The back office's return rates (issue 32, point 6; decision 0065): analog pairs, brands and suppliers by rate,
 * a pair withdrawn or restored, the threshold over which search lists a pair lower. The counters are catalog's.
 */

const PER_PAGE = 30;

export function listReturnRatesPage(
  db: Db,
  request: ReturnRateListRequest,
  page: number,
): Promise<Paginated<ReturnRateRow>> {
  return readPage(
    page,
    PER_PAGE,
    () => countReturnRates(db, request.kind),
    (limit, offset) => listReturnRates(db, request.kind, request.sort, limit, offset),
  );
}

export async function withdrawPair(
  db: Db,
  request: ReturnRatePairWithdrawRequest,
  actor: Actor,
): Promise<ReturnRateRow> {
  await db.transaction(async (tx) => {
    const before = await setPairWithdrawnTx(tx, request.pair_id, request.withdrawn, actor);
    if (before === null) throw notFound(RETURN_RATE_PAIR_NOT_FOUND_MESSAGE);
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: request.withdrawn ? 'analog_pair.withdraw' : 'analog_pair.restore',
      entity: 'analog_pair',
      entityId: request.pair_id,
      before: { withdrawn: before.wasWithdrawn },
      after: { withdrawn: request.withdrawn },
      at: actor.at,
    });
  });
  return (await findPairRate(db, request.pair_id))!;
}

export const readThreshold = (db: Db): Promise<ReturnRateThreshold> => readReturnRateThreshold(db);

export async function saveThreshold(
  db: Db,
  threshold: ReturnRateThreshold,
  actor: Actor,
): Promise<ReturnRateThreshold> {
  await db.transaction(async (tx) => {
    const before = await readReturnRateThreshold(tx);
    await writeShopSetting(tx, 'return_rates', threshold);
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'settings.save',
      entity: 'settings',
      entityId: 'return_rates',
      before: { value: before },
      after: { value: threshold },
      at: actor.at,
    });
  });
  return readReturnRateThreshold(db);
}
