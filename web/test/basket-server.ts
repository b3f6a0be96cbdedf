import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createElement, isValidElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { notificationsStore } from '../app/ui/index.ts';
import { forgetBasket } from '../app/features/basket/held-basket.ts';
import { sendJson, startServer } from './http-server.ts';
import type { ReceivedRequest, TestServer } from './http-server.ts';

/**
 * A real HTTP server answering the basket endpoints as a test scripts them, with the browser's request layer
 * pointed at it: the app's relative `/api/...` URLs go to this server's origin.
 */

export type BasketAnswer = [status: number, body: unknown];
export type BasketResponder = (path: string, body: Record<string, unknown>) => BasketAnswer;

export interface BasketServer {
  /** Requests to /api/v1/shop/*, with their endpoint path and parsed JSON body, in the order received. */
  calls: () => Array<{ path: string; body: Record<string, unknown> }>;
  respond: (responder: BasketResponder) => void;
}

export const basketNotFound: BasketAnswer = [404, { message: 'Корзина не найдена', error: 'not_found' }];

const SHOP_PREFIX = '/api/v1/shop/';

/** Registers the server and the per-test reset (stores, notifications, calls) in the calling test file. */
export function serveBasketApi(): BasketServer {
  let server: TestServer;
  let responder: BasketResponder = () => [500, { message: 'Нет ответа для этого теста', error: 'test' }];
  const realFetch = globalThis.fetch;

  const parse = (request: ReceivedRequest) => ({
    path: request.url.slice(SHOP_PREFIX.length).split('?')[0] ?? '',
    body: (request.body ? JSON.parse(request.body) : {}) as Record<string, unknown>,
  });

  beforeAll(async () => {
    server = await startServer((request, response) => {
      const { path, body } = parse(request);
      const [status, answer] = responder(path, body);
      sendJson(response, status, answer);
    });
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    server.received.length = 0;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      realFetch(url.startsWith('/') ? server.origin + url : url, init),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.clear();
    forgetBasket();
    notificationsStore.clean();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  return {
    calls: () => server.received.map(parse),
    respond: (next) => {
      responder = next;
    },
  };
}

/** Texts of the notifications on screen, links' text included. */
export const shownNotifications = (): string[] => {
  const { notifications } = notificationsStore.getState();
  return notifications.map((notification) =>
    isValidElement(notification.message)
      ? renderToStaticMarkup(createElement(MemoryRouter, null, notification.message)).replace(/<[^>]+>/g, '')
      : String(notification.message),
  );
};
