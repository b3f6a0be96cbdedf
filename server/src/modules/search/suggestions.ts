import { sql } from 'drizzle-orm';
import { normalizeArticle, SUGGEST_MIN_LENGTH, type SuggestQuery, type SuggestResult } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { NamedStatement } from '../../db/named-statement.ts';
import { supplierNotHiddenSql } from '../supplier-sources/stale-sql.ts';
import type { SuggestionCache } from './suggestion-cache.ts';

type SuggestionRow = { article: string; normalized_article: string; brand_name: string; description: string };

interface SuggestValues extends Record<string, unknown> {
  from: string;
  to: string;
  limit: number;
}

/**
 * The parts (brand and article) whose normalized article starts with the prefix, in byte order of the article, so
 * that the article typed in full comes first. The prefix is the range [from, to) of `offers_article_prefix_idx`
 * (the normalized article in collation "C", then the brand): a range of parameters keeps the index in the
 * generic plan of the prepared statement, where `like $1 || '%'` could not, and the index's order lets DISTINCT ON
 * and LIMIT stop after `limit` parts whatever the number of offers under the prefix. Only offers that search
 * finds count: an active supplier's, not of a stale list hidden from search.
 */
export const suggestStatement = new NamedStatement<SuggestValues>(
  'products_suggest',
  sql`
    select p.article, p.article_normalized as normalized_article, b.name as brand_name, p.description
      from (
        select distinct on (o.article_normalized collate "C", o.brand_id)
               o.article_normalized, o.brand_id, o.article, o.description
          from offers o
          -- The hidden-list test on the supplier, not on each offer: with few suppliers the planner takes it for
          -- a filter that leaves one offer, and would read and sort every offer under the prefix (decision 0030).
          join suppliers s on s.id = o.supplier_id and s.active and ${supplierNotHiddenSql(sql`s.id`)}
         where o.article_normalized collate "C" >= ${sql.placeholder('from')}::text
           and o.article_normalized collate "C" < ${sql.placeholder('to')}::text
         order by o.article_normalized collate "C", o.brand_id
         limit ${sql.placeholder('limit')}::int
      ) p
      join brands b on b.id = p.brand_id
     order by p.article_normalized collate "C", b.name`,
);

/** The first string after every string that starts with `prefix`, in byte (code point) order: 'OC9' -> 'OC:'. */
export function prefixUpperBound(prefix: string): string {
  const points = [...prefix];
  const last = points.pop()!.codePointAt(0)!;
  return points.join('') + String.fromCodePoint(last + 1);
}

/**
 * `products-suggest`: under SUGGEST_MIN_LENGTH normalized characters, no suggestion (and no query, nor a cache
 * entry); otherwise the parts under the prefix, from `cache` when it holds them (decision 0032).
 */
export async function suggestProducts(
  db: DbExecutor,
  query: SuggestQuery,
  cache?: SuggestionCache,
): Promise<SuggestResult> {
  const prefix = normalizeArticle(query.article);
  if ([...prefix].length < SUGGEST_MIN_LENGTH) return { normalized_article: prefix, suggestions: [] };
  const read = async (): Promise<SuggestResult> => ({
    normalized_article: prefix,
    suggestions: await suggestStatement.rows<SuggestionRow>(db, {
      from: prefix,
      to: prefixUpperBound(prefix),
      limit: query.limit,
    }),
  });
  return cache ? cache.answer(`${query.limit} ${prefix}`, read) : read();
}
