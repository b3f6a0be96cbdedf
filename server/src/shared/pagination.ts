import { pageOffset, paginationMeta, type Paginated } from '@detal/contract';

/**
 * Page `page` of a list, `perPage` items long: the list's total and the page's items, read together, in the
 * contract's `{ data, current_page, last_page, per_page, total }`.
 */
export async function readPage<T>(
  page: number,
  perPage: number,
  countAll: () => Promise<number>,
  listPage: (limit: number, offset: number) => Promise<T[]>,
): Promise<Paginated<T>> {
  const [total, data] = await Promise.all([countAll(), listPage(perPage, pageOffset(page, perPage))]);
  return { data, ...paginationMeta(total, page, perPage) };
}
