import type { AdminBill, AdminBillListFilters, Paginated } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { readPage } from '../../shared/pagination.ts';
import { countAdminBills, listAdminBills } from './admin-queries.ts';

/** The back office's bill list (owner and manager): any client's bills, filtered, newest first. */
export async function listBillsPage(
  db: Db,
  filters: AdminBillListFilters,
  page: number,
  timeZone: string,
): Promise<Paginated<AdminBill>> {
  const filter = {
    state: filters.state,
    billId: filters.bill_id,
    clientId: filters.client_id,
    dateFrom: filters.date_from,
    dateTo: filters.date_to,
  };
  return readPage(
    page,
    filters.per_page,
    () => countAdminBills(db, filter, timeZone),
    (limit, offset) => listAdminBills(db, filter, timeZone, limit, offset),
  );
}
