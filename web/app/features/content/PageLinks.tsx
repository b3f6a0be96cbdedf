import { Link, useLocation } from 'react-router';
import classes from './PageLinks.module.css';

/** `?page=n` on the current address, other parameters kept; page 1 is the address without it. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The pages to show: the first and the last, the current one with one on each side, and «…» for a gap of more
 * than one page (a gap of one shows that page instead).
 */
export function pageItems(page: number, lastPage: number): (number | 'gap')[] {
  const shown = new Set([1, lastPage, page - 1, page, page + 1].filter((target) => target >= 1 && target <= lastPage));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const target of sorted) {
    const previous = items.at(-1);
    if (typeof previous === 'number' && target - previous === 2) items.push(previous + 1);
    else if (typeof previous === 'number' && target - previous > 2) items.push('gap');
    items.push(target);
  }
  return items;
}

/**
 * Pages of a list as real links (`?page=n`): each page has its own address, which crawlers follow and visitors
 * can share, and the loader of the next page runs as for any navigation.
 */
export function PageLinks({ page, lastPage }: { page: number; lastPage: number }) {
  const { pathname, search } = useLocation();
  if (lastPage <= 1) return null;
  const step = (target: number, label: string, text: string) =>
    target < 1 || target > lastPage ? (
      <span className={classes.control} aria-disabled="true" aria-label={label}>
        {text}
      </span>
    ) : (
      <Link className={classes.control} to={pageHref(pathname, search, target)} aria-label={label}>
        {text}
      </Link>
    );
  return (
    <nav aria-label="Страницы списка" className={classes.pages}>
      {step(page - 1, 'Предыдущая страница', '‹')}
      {pageItems(page, lastPage).map((target, index) =>
        target === 'gap' ? (
          <span key={`gap-${index}`} className={classes.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={target}
            className={classes.control}
            to={pageHref(pathname, search, target)}
            aria-label={`Страница ${target}`}
            aria-current={target === page ? 'page' : undefined}
          >
            {target}
          </Link>
        ),
      )}
      {step(page + 1, 'Следующая страница', '›')}
    </nav>
  );
}
