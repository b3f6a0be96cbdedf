import { useEffect, useRef } from 'react';
import type { FormEvent } from 'react';
import { Button, Kbd, TextInput } from '../../ui/index.ts';
import { useNavigate } from 'react-router';
import { breakpoints, toEm } from '../../design/tokens.ts';
import { usePageKeys } from '../../lib/use-page-keys.ts';
import classes from './ArticleSearch.module.css';
import { paths } from '../../paths.ts';
import { useArticleSuggestions } from './use-article-suggestions.ts';

/**
 * The header's search path for what the visitor typed, in any written form ('oc-90', 'ОС 90'):
 * `/search/<trimmed input>`, or null for blank input. The search page normalizes it.
 */
export function searchPath(input: string): string | null {
  const article = input.trim();
  return article === '' ? null : paths.searchArticle(article);
}

interface ArticleSearchProps {
  /** What the box shows at first (the article being looked at on a search page). */
  initialValue?: string;
  /** Focus the box when the page opens on a desktop-wide screen (the home page). */
  autoFocusOnDesktop?: boolean;
  /** Whose search history the empty box shows: the server's for a signed-in client, else this browser's. */
  signedIn?: boolean;
}

/**
 * What a search form needs: a real GET form to `/search` (so a search sent before the scripts load, or without
 * them, still lands on the result), taken over by the router once they run. The box is uncontrolled, so letters
 * typed before hydration stay in it.
 */
export function useSearchForm(beforeNavigate?: () => void) {
  const navigate = useNavigate();
  return {
    method: 'get',
    action: paths.searchForm(),
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const path = searchPath(String(new FormData(event.currentTarget).get('article') ?? ''));
      if (!path) return;
      beforeNavigate?.();
      void navigate(path);
    },
  } as const;
}

/**
 * Article search, keyboard first: Enter searches and leaves the box, `/` anywhere on the page jumps back into it
 * with its text selected, so the next article replaces the last one. While typing, the parts whose article starts
 * with the input are suggested; the empty box shows the search history (use-article-suggestions.ts).
 */
export function ArticleSearch({ initialValue = '', autoFocusOnDesktop = false, signedIn = false }: ArticleSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  // Out of the box, so that the result page's keys (1–9 pick a brand) work at once; '/' comes back to it.
  const leaveBox = () => input.current?.blur();
  const form = useSearchForm(leaveBox);
  const suggestions = useArticleSuggestions(signedIn, leaveBox);

  usePageKeys([
    [
      '/',
      () => {
        input.current?.focus();
        input.current?.select();
      },
    ],
  ]);

  useEffect(() => {
    // Phones would open the on-screen keyboard over the page, so only wide screens get the focus, and never
    // away from a box the visitor is already typing into.
    if (!autoFocusOnDesktop || !window.matchMedia(`(min-width: ${toEm(breakpoints.md)})`).matches) return;
    if (document.activeElement === document.body || document.activeElement === null) input.current?.focus();
  }, [autoFocusOnDesktop]);

  return (
    <form role="search" className={classes.search} {...form}>
      <TextInput
        ref={input}
        {...suggestions.inputProps}
        className={classes.searchInput}
        defaultValue={initialValue}
        name="article"
        type="search"
        placeholder="Артикул, например OC 90"
        aria-label="Поиск по артикулу"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        rightSection={
          <Kbd size="xs" className={classes.shortcut}>
            /
          </Kbd>
        }
        rightSectionPointerEvents="none"
      />
      <Button type="submit">Найти</Button>
      <div className={classes.popup} hidden={!suggestions.open}>
        <div id={`${suggestions.listId}-label`} className={classes.popupTitle}>
          {suggestions.kind === 'history' ? 'История поиска' : 'Подсказки'}
        </div>
        <ul
          id={suggestions.listId}
          role="listbox"
          aria-labelledby={`${suggestions.listId}-label`}
          className={classes.list}
          // The box keeps the focus (and its keys) while a line is clicked.
          onMouseDown={(event) => event.preventDefault()}
        >
          {suggestions.options.map((option, index) => (
            <li
              key={option.key}
              id={suggestions.optionId(index)}
              role="option"
              aria-selected={index === suggestions.highlighted}
              className={classes.option}
              onClick={() => suggestions.choose(option)}
            >
              <span className={classes.article}>{option.article}</span>
              {option.brandName ? <span className={classes.brand}>{option.brandName}</span> : null}
              {option.description ? <span className={classes.description}>{option.description}</span> : null}
            </li>
          ))}
        </ul>
      </div>
    </form>
  );
}
