import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { normalizeArticle, SEARCH_HISTORY_LIMIT, type SearchHistoryEntry, type SearchRequest } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { clients, searchHistory } from '../../db/schema/index.ts';

/**
 * Writes a signed-in client's search into their history (decision 0030): the article's entry moves to the top with
 * this search's brand, and entries past SEARCH_HISTORY_LIMIT go, in one transaction. The client's row is locked
 * first (FOR NO KEY UPDATE, which foreign-key checks of their baskets and orders do not wait for), so that two
 * searches at once cannot both trim against a list without the other's entry and leave more than the cap.
 */
export async function recordSearch(db: Db, clientId: number, request: SearchRequest): Promise<void> {
  const articleNormalized = normalizeArticle(request.article);
  // Separators alone ('---') search nothing and name nothing to go back to.
  if (articleNormalized === '') return;
  // clock_timestamp(): microseconds, so that searches a millisecond apart still keep their order.
  const entry = { article: request.article, brandName: request.brand_name ?? null, searchedAt: sql`clock_timestamp()` };
  await db.transaction(async (tx) => {
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('no key update');
    await tx
      .insert(searchHistory)
      .values({ clientId, articleNormalized, ...entry })
      .onConflictDoUpdate({ target: [searchHistory.clientId, searchHistory.articleNormalized], set: entry });
    const kept = tx
      .select({ articleNormalized: searchHistory.articleNormalized })
      .from(searchHistory)
      .where(eq(searchHistory.clientId, clientId))
      .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.articleNormalized))
      .limit(SEARCH_HISTORY_LIMIT);
    await tx
      .delete(searchHistory)
      .where(and(eq(searchHistory.clientId, clientId), notInArray(searchHistory.articleNormalized, kept)));
  });
}

/** `client-search-history`: the client's own entries, newest first. */
export async function readSearchHistory(db: Db, clientId: number): Promise<SearchHistoryEntry[]> {
  const rows = await db
    .select({
      article: searchHistory.article,
      brandName: searchHistory.brandName,
      searchedAt: searchHistory.searchedAt,
    })
    .from(searchHistory)
    .where(eq(searchHistory.clientId, clientId))
    .orderBy(desc(searchHistory.searchedAt), desc(searchHistory.articleNormalized))
    .limit(SEARCH_HISTORY_LIMIT);
  return rows.map((row) => ({
    article: row.article,
    brand_name: row.brandName,
    searched_at: row.searchedAt.toISOString(),
  }));
}
