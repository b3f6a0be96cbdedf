import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Button, Kbd, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useNavigate } from 'react-router';
import { breakpoints } from '../../theme.ts';
import classes from './ArticleSearch.module.css';
import { paths } from '../../paths.ts';

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
}

/**
 * Article search, keyboard first: Enter searches and leaves the box, `/` anywhere on the page jumps back into it
 * with its text selected, so the next article replaces the last one.
 */
export function ArticleSearch({ initialValue = '', autoFocusOnDesktop = false }: ArticleSearchProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initialValue);
  const input = useRef<HTMLInputElement>(null);

  useHotkeys([
    [
      '/',
      () => {
        input.current?.focus();
        input.current?.select();
      },
    ],
  ]);

  useEffect(() => {
    // Phones would open the on-screen keyboard over the page, so only wide screens get the focus.
    if (autoFocusOnDesktop && window.matchMedia(`(min-width: ${breakpoints.md})`).matches) input.current?.focus();
  }, [autoFocusOnDesktop]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const path = searchPath(value);
    if (!path) return;
    // Out of the box, so that the result page's keys (1–9 pick a brand) work at once; '/' comes back to it.
    input.current?.blur();
    void navigate(path);
  };

  return (
    <form role="search" className={classes.search} onSubmit={submit}>
      <TextInput
        ref={input}
        className={classes.searchInput}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        name="article"
        type="search"
        placeholder="Артикул, например OC 90"
        aria-label="Поиск по артикулу"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        rightSection={
          <Kbd size="xs" visibleFrom="md">
            /
          </Kbd>
        }
        rightSectionPointerEvents="none"
      />
      <Button type="submit">Найти</Button>
    </form>
  );
}
