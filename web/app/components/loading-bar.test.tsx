import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Outlet } from 'react-router';
import { LoadingBar } from './LoadingBar.tsx';
import { loadingStore } from './loading.ts';
import { renderRoutes } from '../../test/render.tsx';

afterEach(() => {
  act(() => loadingStore.getState().setLoading(false));
});

describe('loading bar', () => {
  it('appears from the first tick while the flag is on and disappears when it goes off', async () => {
    renderRoutes([{ path: '/', Component: LoadingBar }], ['/']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => loadingStore.getState().setLoading(true));
    expect(screen.queryByRole('progressbar')).toBeNull();
    await screen.findByRole('progressbar', { name: 'Загрузка' });
    act(() => loadingStore.getState().setLoading(false));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('runs while a navigation waits for its loader', async () => {
    let finish: () => void = () => undefined;
    renderRoutes(
      [
        {
          path: '/',
          HydrateFallback: () => null,
          Component: () => (
            <>
              <LoadingBar />
              <Outlet />
            </>
          ),
          children: [
            { index: true, Component: () => <Link to="/slow">Дальше</Link> },
            {
              path: 'slow',
              loader: () => new Promise<null>((resolve) => (finish = () => resolve(null))),
              Component: () => <h1>Готово</h1>,
            },
          ],
        },
      ],
      ['/'],
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Дальше' }));
    await waitFor(() => expect(loadingStore.getState().loading).toBe(true));
    await screen.findByRole('progressbar');
    act(() => finish());
    await screen.findByRole('heading', { name: 'Готово' });
    expect(loadingStore.getState()).toMatchObject({ loading: false, counter: 0 });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
