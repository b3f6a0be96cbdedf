import type { AppLoadContext } from 'react-router';
import type { SearchResult } from '@detal/contract';
import { isApiError, readErrorBody } from '../../lib/api/errors.ts';
import { createServerApi } from '../../lib/api/ssr-client.server.ts';
import { readSearchOptions, searchRequestBody } from './search-options.ts';
import type { SearchOptions } from './search-options.ts';

export interface SearchPageData {
  /** The article from the address, as typed. */
  article: string;
  /** Null when the article could not be searched at all (see `problem`). */
  result: SearchResult | null;
  /** The API's message for an article it refuses (longer than 64 characters). */
  problem: string | null;
  options: SearchOptions;
}

/** The first message of a 422 answer: for search, only the article can be wrong when it comes from the address. */
function validationMessage(body: unknown): string | null {
  const { error, message } = readErrorBody(body);
  if (typeof error === 'object' && error !== null) {
    const first = Object.values(error).flat()[0];
    if (typeof first === 'string') return first;
  }
  return message ?? null;
}

/**
 * A search page's data, read on the server: `products-search` for the article of the address (and its brand),
 * with the sort and filters of the URL query.
 */
export async function loadSearch(
  request: Request,
  context: AppLoadContext | undefined,
  article: string,
  brandName: string | null,
): Promise<SearchPageData> {
  const options = readSearchOptions(new URL(request.url).searchParams);
  try {
    const { result_products_search: result } = await createServerApi(request, context).callShop('products-search', {
      body: searchRequestBody(article, brandName, options),
      signal: request.signal,
    });
    return { article, result, problem: null, options };
  } catch (error) {
    if (isApiError(error) && error.status === 422) {
      return { article, result: null, problem: validationMessage(error.body) ?? error.message, options };
    }
    throw error;
  }
}
