import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createRoutesStub, useLocation } from 'react-router';
import { theme } from './theme.ts';
import { ListPager, pageHref } from './ListPager.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

describe('the pages of a back office list', () => {
  it('keeps the filters and drops the page for the first', () => {
    const url = new URL('http://admin/admin/clients?q=%D0%98%D0%B2%D0%B0%D0%BD&page=3');
    expect(pageHref(url, 4)).toBe('/admin/clients?q=%D0%98%D0%B2%D0%B0%D0%BD&page=4');
    expect(pageHref(url, 1)).toBe('/admin/clients?q=%D0%98%D0%B2%D0%B0%D0%BD');
  });

  it('shows nothing for one page and goes to the page clicked', async () => {
    const Stub = createRoutesStub([
      {
        path: '/admin/clients',
        Component: () => (
          <>
            <ListPager list={{ current_page: 1, last_page: 1 }} />
            <ListPager list={{ current_page: 2, last_page: 5 }} />
            <Where />
          </>
        ),
      },
    ]);
    render(
      <MantineProvider theme={theme}>
        <Stub initialEntries={['/admin/clients?blocked=1&page=2']} />
      </MantineProvider>,
    );
    expect((await screen.findByTestId('where')).textContent).toBe('/admin/clients?blocked=1&page=2');
    // One pager only: the list of one page shows none.
    expect(screen.getAllByRole('button', { name: '3' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    expect(await screen.findByText('/admin/clients?blocked=1&page=3')).toBeTruthy();
  });
});
