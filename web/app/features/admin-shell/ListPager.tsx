import { Group, Pagination } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/** The same address with another page of its list (`?page=`, left out for the first), its filters kept. */
export function pageHref(url: URL, page: number): string {
  const next = new URLSearchParams(url.search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const query = next.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}

/** The page numbers under a back office list of more than one page: each opens the same address on that page. */
export function ListPager({ list }: { list: { current_page: number; last_page: number } }) {
  const location = useLocation();
  const navigate = useNavigate();
  if (list.last_page <= 1) return null;
  const url = new URL(`${location.pathname}${location.search}`, 'http://admin');
  return (
    <Group justify="center">
      <Pagination
        total={list.last_page}
        value={list.current_page}
        onChange={(page) => void navigate(pageHref(url, page))}
        size="sm"
      />
    </Group>
  );
}
