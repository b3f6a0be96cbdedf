import { Pagination } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** `?page=n` on the current address, other parameters kept; page 1 is the address without it. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('page');
  else params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

const CONTROL_LABELS = {
  first: 'Первая страница',
  previous: 'Предыдущая страница',
  next: 'Следующая страница',
  last: 'Последняя страница',
} as const;

/**
 * Pages of a list as real links (`?page=n`): each page has its own address, which crawlers follow and visitors
 * can share, and the loader of the next page runs as for any navigation.
 */
export function PageLinks({ page, lastPage }: { page: number; lastPage: number }) {
  const { pathname, search } = useLocation();
  if (lastPage <= 1) return null;
  const linkTo = (target: number) => ({
    component: Link,
    to: pageHref(pathname, search, target),
    preventScrollReset: false,
  });
  return (
    <nav aria-label="Страницы списка">
      <Pagination
        total={lastPage}
        value={page}
        siblings={1}
        boundaries={1}
        size="sm"
        getItemProps={(target) => ({
          ...linkTo(target),
          'aria-label': `Страница ${target}`,
          'aria-current': target === page ? 'page' : undefined,
        })}
        getControlProps={(control) => {
          const target = { first: 1, previous: page - 1, next: page + 1, last: lastPage }[control];
          const outside = target < 1 || target > lastPage || target === page;
          return outside
            ? { 'aria-label': CONTROL_LABELS[control], disabled: true }
            : { ...linkTo(target), 'aria-label': CONTROL_LABELS[control] };
        }}
      />
    </nav>
  );
}
