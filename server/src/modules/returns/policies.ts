import {
  RETURN_POLICY_TARGET_MESSAGE,
  normalizeBrand,
  type ReturnPolicy,
  type ReturnPolicySaveRequest,
} from '@detal/contract';
import type { Db } from '../../db/index.ts';
import type { returnPolicies } from '../../db/schema/index.ts';
import { emit } from '../../events/bus.ts';
import { validationFailed } from '../../http/errors.ts';
import { findPolicies, supplierExists, upsertBrandPolicy, upsertSupplierPolicy } from './queries.ts';
import type { Actor } from './service.ts';

/**
 * Return rules (issue 32, point 2): a supplier's window (days from the hand-over; the shop's setting `returns`
 * where it sets none, 14 by default, never below the 7 days of the law) and «без возврата» for a supplier or a
 * brand, which refuses return requests of its lines.
 */

const view = (row: typeof returnPolicies.$inferSelect): ReturnPolicy => ({
  id: row.id,
  supplier_id: row.supplierId,
  brand_name: row.brandName,
  no_return: row.noReturn,
  window_days: row.windowDays,
});

export async function listPolicies(db: Db): Promise<ReturnPolicy[]> {
  return (await findPolicies(db)).map(view);
}

export async function savePolicy(db: Db, request: ReturnPolicySaveRequest, actor: Actor): Promise<ReturnPolicy> {
  return db.transaction(async (tx) => {
    let row;
    if (request.supplier_id) {
      if (!(await supplierExists(tx, request.supplier_id))) {
        throw validationFailed({ supplier_id: ['Поставщик не найден'] }, 'Поставщик не найден');
      }
      row = await upsertSupplierPolicy(tx, request.supplier_id, request.no_return, request.window_days ?? null);
    } else {
      const brand = request.brand_name ?? '';
      if (!normalizeBrand(brand))
        throw validationFailed({ brand_name: [RETURN_POLICY_TARGET_MESSAGE] }, RETURN_POLICY_TARGET_MESSAGE);
      row = await upsertBrandPolicy(tx, brand, normalizeBrand(brand), request.no_return);
    }
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'return_policy.save',
      entity: 'return_policy',
      entityId: row.id,
      after: view(row),
      at: actor.at,
    });
    return view(row);
  });
}
