/**
 * «Без возврата» (issue 32; decisions 0055, 0063): which offers a supplier's or a brand's return policy sells with
 * no return. The policies belong to the returns module, which sits above the modules that show offers (search, the
 * basket, checkout): they get this lookup from the composition point (modules/index.ts) and never import returns.
 */
export type NoReturnLookup = (offerIds: readonly number[]) => Promise<ReadonlySet<number>>;

/** No policy anywhere: the default where returns is not composed (a module's own handler tests). */
export const NO_RETURN_POLICIES_NONE: NoReturnLookup = () => Promise.resolve(new Set());

/** The items with `no_return: true` where the lookup says so; the others as they were (the field absent). */
export async function markNoReturn<T extends { no_return?: boolean }>(
  lookup: NoReturnLookup,
  items: readonly T[],
  offerIdOf: (item: T) => number,
): Promise<T[]> {
  if (items.length === 0) return [...items];
  const noReturn = await lookup(items.map(offerIdOf));
  return items.map((item) => (noReturn.has(offerIdOf(item)) ? { ...item, no_return: true } : item));
}
