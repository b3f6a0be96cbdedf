import type { AppLoadContext } from 'react-router';
import { SEARCH_SORTS, type ListSearchResult, type SearchSort } from '@detal/contract';
import { isApiError, readErrorBody } from '../../lib/api/errors.ts';
import { createServerApi } from '../../lib/api/ssr-client.server.ts';

export interface ListSearchActionData {
  result: ListSearchResult | null;
  /** The list searched, as text: a file's rows come back as lines, so that the switch can search them again. */
  text: string;
  sort: SearchSort;
  error: string | null;
}

/** The first message of a refusal: the field's (the list or the file), else the general one. */
function refusalMessage(body: unknown): string | null {
  const { error, message } = readErrorBody(body);
  if (typeof error === 'object' && error !== null) {
    const first = Object.values(error).flat()[0];
    if (typeof first === 'string') return first;
  }
  return message ?? null;
}

/**
 * The list search form's action, on the server with or without scripts: the pasted text, or the uploaded CSV/XLSX
 * sent on to products-list-search as it is (the API server reads it, never the browser), with the visitor's
 * session, so that their prices are their group's.
 */
export async function listSearchAction(request: Request, context?: AppLoadContext): Promise<ListSearchActionData> {
  const form = await request.formData();
  const sortValue = form.get('sort');
  const sort: SearchSort = SEARCH_SORTS.find((value) => value === sortValue) ?? 'price';
  const file = form.get('file');
  const typed = typeof form.get('text') === 'string' ? String(form.get('text')) : '';
  const body =
    file instanceof File && file.size > 0
      ? {
          file: { name: file.name, content_base64: Buffer.from(await file.arrayBuffer()).toString('base64') },
          sort,
        }
      : { text: typed, sort };
  try {
    const { result_list_search: result } = await createServerApi(request, context).callShop('products-list-search', {
      body,
      signal: request.signal,
    });
    const text = 'file' in body ? result.lines.map((line) => line.text).join('\n') : typed;
    return { result, text, sort, error: null };
  } catch (error) {
    if (isApiError(error) && (error.status === 422 || error.status === 413)) {
      return { result: null, text: typed, sort, error: refusalMessage(error.body) ?? error.message };
    }
    throw error;
  }
}
