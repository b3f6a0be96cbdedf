import { sql, type SQL } from 'drizzle-orm';

/**
 * What other modules' statements need of stale lists (decision 0025): the ids of the suppliers whose list is
 * stale, by policy, as one int[] computed once per statement (an InitPlan over `supplier_sources`, a table of one
 * row per supplier with a source). `stale_since` is kept by the scheduler's tick, so no statement computes an age
 * per offer: a search adds one tiny scan and an array comparison per offer row.
 */
const staleSupplierIds = (policy: 'hide' | 'warn'): SQL =>
  sql.raw(
    `array(select supplier_id from supplier_sources where stale_since is not null and stale_policy = '${policy}')`,
  );

/** True for an offer of `supplierId` that may be found and sold (its supplier's list is not stale and hidden). */
export const supplierNotHiddenSql = (supplierId: SQL): SQL => sql`${supplierId} <> all(${staleSupplierIds('hide')})`;

/** True for an offer of `supplierId` shown with the «Прайс устарел» warning. */
export const supplierStaleWarnedSql = (supplierId: SQL): SQL => sql`${supplierId} = any(${staleSupplierIds('warn')})`;
