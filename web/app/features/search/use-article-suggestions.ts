import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { FocusEvent, FormEvent, KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { normalizeArticle, SUGGEST_MIN_LENGTH } from '@detal/contract/browser';
import type { SearchHistoryEntry, Suggestion } from '@detal/contract';
import { createBrowserApi } from '../../lib/api/browser.ts';
import { paths } from '../../paths.ts';
import { historyEntryPath, visitorSearchHistory } from './search-history.ts';

/** One line of the list under the box: a part suggested for what was typed, or an earlier search. */
export interface SuggestionOption {
  key: string;
  path: string;
  article: string;
  brandName: string | null;
  description: string;
}

export type SuggestionListKind = 'suggestions' | 'history';

/** Wait for a pause in typing this long before asking (a fast typist sends one request, not one per key). */
export const SUGGEST_DEBOUNCE_MS = 150;
const HISTORY_SHOWN = 10;

// Suggestions are asked quietly: no loading bar on each key and no notification when one fails or is aborted.
const quietApi = createBrowserApi({ beginLoading: () => () => undefined, notify: () => undefined });

const suggestionOption = (suggestion: Suggestion): SuggestionOption => ({
  key: `${suggestion.brand_name}\u0000${suggestion.normalized_article}`,
  path: paths.searchBrand(suggestion.brand_name, suggestion.article),
  article: suggestion.article,
  brandName: suggestion.brand_name,
  description: suggestion.description,
});

const historyOption = (entry: SearchHistoryEntry): SuggestionOption => ({
  key: `history\u0000${normalizeArticle(entry.article)}`,
  path: historyEntryPath(entry),
  article: entry.article,
  brandName: entry.brand_name,
  description: '',
});

async function searchHistory(signedIn: boolean, signal: AbortSignal): Promise<SearchHistoryEntry[]> {
  if (!signedIn) return visitorSearchHistory();
  return quietApi.callShop('client-search-history', { signal, handles: 'all' });
}

/**
 * The header box's suggestions, as an ARIA combobox (list autocomplete): typing asks `products-suggest` after a
 * pause, an earlier request still running is aborted (and a late answer never replaces a newer one); focus on the
 * empty box shows the search history. ArrowDown/ArrowUp move through the list, Enter opens the highlighted line
 * (with none highlighted the form is sent as before), Escape closes the list. The box stays uncontrolled: what was
 * typed before the scripts ran stays in it, and the form works without them.
 */
export function useArticleSuggestions(signedIn: boolean, onChoose?: () => void) {
  const navigate = useNavigate();
  const listId = useId();
  const [options, setOptions] = useState<SuggestionOption[]>([]);
  const [kind, setKind] = useState<SuggestionListKind>('suggestions');
  const [open, setOpen] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    running.current?.abort();
    running.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const show = (next: SuggestionOption[], nextKind: SuggestionListKind) => {
    setOptions(next);
    setKind(nextKind);
    setHighlighted(-1);
    setOpen(next.length > 0);
  };
  const close = () => {
    cancel();
    setOpen(false);
    setHighlighted(-1);
  };

  /** Starts the request for `text` (history for an empty box); the previous one is aborted. */
  const ask = (text: string, delay: number) => {
    cancel();
    const prefix = normalizeArticle(text);
    if (text.trim() !== '' && [...prefix].length < SUGGEST_MIN_LENGTH) {
      close();
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    timer.current = setTimeout(() => {
      const request =
        text.trim() === ''
          ? searchHistory(signedIn, controller.signal).then((entries) => ({
              options: entries.slice(0, HISTORY_SHOWN).map(historyOption),
              kind: 'history' as const,
            }))
          : quietApi
              .callShop('products-suggest', { query: { article: text }, signal: controller.signal, handles: 'all' })
              .then((result) => ({ options: result.suggestions.map(suggestionOption), kind: 'suggestions' as const }));
      request
        .then((answer) => {
          if (controller.signal.aborted) return;
          running.current = null;
          show(answer.options, answer.kind);
        })
        .catch(() => {
          // Aborted, offline or refused: no list, the form still searches.
          if (!controller.signal.aborted) setOpen(false);
        });
    }, delay);
  };

  const choose = (option: SuggestionOption) => {
    close();
    onChoose?.();
    void navigate(option.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) {
        // The list closed by Escape opens again where the box stands.
        if (options.length > 0) setOpen(true);
        else ask(event.currentTarget.value, 0);
        event.preventDefault();
        return;
      }
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the highlight leaves the list (-1): Enter then sends what was typed.
      setHighlighted((current) => {
        const next = current + step;
        return next < -1 ? options.length - 1 : next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Enter') {
      const option = open ? options[highlighted] : undefined;
      if (!option) {
        close();
        return;
      }
      event.preventDefault();
      choose(option);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return {
    listId,
    open,
    kind,
    options,
    highlighted,
    optionId,
    choose,
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': listId,
      'aria-activedescendant': open && highlighted >= 0 ? optionId(highlighted) : undefined,
      onInput: (event: FormEvent<HTMLInputElement>) => ask(event.currentTarget.value, SUGGEST_DEBOUNCE_MS),
      onFocus: (event: FocusEvent<HTMLInputElement>) => {
        if (event.currentTarget.value.trim() === '') ask('', 0);
      },
      onBlur: close,
      onKeyDown,
    },
  } as const;
}
