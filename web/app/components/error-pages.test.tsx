import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { data, Outlet } from 'react-router';
import DefaultLayout, { ErrorBoundary as LayoutErrorBoundary } from '../layouts/default.tsx';
import { ErrorBoundary as RootErrorBoundary } from '../root.tsx';
import { loader as notFoundLoader } from '../routes/not-found.tsx';
import { botErrorResponse } from '../lib/bot-response.ts';
import { renderRoutes, template } from '../../test/render.tsx';

function renderAt(pathname: string) {
  return renderRoutes(
    [
      {
        id: 'root',
        path: '/',
        Component: Outlet,
        ErrorBoundary: RootErrorBoundary,
        HydrateFallback: () => null,
        loader: () => ({ template, signedIn: false, techCatalogUrl: null }),
        children: [
          {
            id: 'default',
            Component: DefaultLayout,
            ErrorBoundary: LayoutErrorBoundary,
            children: [
              { path: 'forbidden', Component: () => null, loader: () => Promise.reject(data(null, { status: 403 })) },
              {
                path: 'broken',
                Component: () => null,
                loader: () => Promise.reject(new Error('database is down')),
              },
              { path: '*', Component: () => null, loader: notFoundLoader },
            ],
          },
        ],
      },
    ],
    [pathname],
  );
}

describe('error pages', () => {
  it('404: "Page Not Found" with a Russian explanation, inside the header and footer', async () => {
    renderAt('/no/such/page');
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Page Not Found');
    expect(screen.getByText(/Такой страницы нет/)).toBeTruthy();
    expect(screen.getByText('Ошибка 404')).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(within(screen.getByRole('contentinfo')).getByText('Москва, Складская ул., 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
  });

  it.each([
    ['/broken', 500],
    ['/forbidden', 403],
  ])('%s: any other status shows "Internal Server Error"', async (pathname, status) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt(pathname);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Internal Server Error');
    expect(screen.getByText(`Ошибка ${status}`)).toBeTruthy();
    expect(screen.getByText(/На сервере произошла ошибка/)).toBeTruthy();
  });
});

describe('error responses for bots', () => {
  const request = (userAgent: string, method = 'GET') =>
    new Request('http://shop.test/missing', { method, headers: { 'user-agent': userAgent } });

  it('answers search-engine and link-preview bots with the status and a bare text body', async () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    ]) {
      const response = botErrorResponse(request(agent), 404, new Headers());
      expect(response?.status).toBe(404);
      expect(await response?.text()).toBe('404 Page Not Found');
    }
    const failed = botErrorResponse(request('Googlebot/2.1 (+http://www.google.com/bot.html)'), 500, new Headers());
    expect(failed?.status).toBe(500);
    expect(await failed?.text()).toBe('500 Internal Server Error');
    const head = botErrorResponse(request('Googlebot/2.1', 'HEAD'), 404, new Headers());
    expect(head?.status).toBe(404);
    expect(await head?.text()).toBe('');
  });

  it('leaves people, automated browsers and successful pages to the normal render', () => {
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
    expect(botErrorResponse(request(firefox), 404, new Headers())).toBeNull();
    expect(botErrorResponse(request(headless), 404, new Headers())).toBeNull();
    expect(botErrorResponse(request('Googlebot/2.1'), 200, new Headers())).toBeNull();
  });
});
