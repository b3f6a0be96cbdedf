import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLACEHOLDER_BEARER } from '@detal/contract/browser';
import { notificationsStore } from '../../ui/index.ts';
import { createBrowserApi, configureBrowserApi, provideBrowserEffects } from './browser.ts';
import { ApiError } from './errors.ts';
import { readToken, removeToken } from './token.ts';
import { loadingStore } from '../../components/loading.ts';
import { notifyError } from '../notify.ts';
import { sendJson, startServer } from '../../../test/http-server.ts';
import type { ReceivedRequest, TestServer } from '../../../test/http-server.ts';

/** What the test server answers on each path: the statuses of the spec's error catalogue and then some. */
function answer(request: ReceivedRequest, response: ServerResponse): void {
  const path = request.url.split('?')[0];
  switch (path) {
    case '/api/v1/echo':
    case '/api/tech/echo':
      return sendJson(response, 200, {
        data: { method: request.method, url: request.url, headers: request.headers, body: request.body },
      });
    case '/api/v1/status/401':
      return sendJson(response, 401, { message: 'Требуется вход', error: 'unauthorized' });
    case '/api/v1/status/404':
      return sendJson(response, 404, { message: 'Корзина не найдена', error: 'not_found' });
    case '/api/v1/status/404-bare':
      response.writeHead(404);
      return void response.end();
    case '/api/v1/status/422':
      return sendJson(response, 422, {
        message: 'Проверьте данные',
        error: { email: ['Некорректный e-mail', 'Слишком длинный e-mail'], password: ['Не короче 8 символов'] },
      });
    case '/api/v1/status/500':
      return sendJson(response, 500, { message: 'Внутренняя ошибка', error: 'db down' });
    case '/api/v1/status/500-error-only':
      return sendJson(response, 500, { error: 'Ошибка базы данных' });
    case '/api/v1/status/500-bare':
      response.writeHead(500, { 'Content-Type': 'text/html' });
      return void response.end('<h1>Bad gateway</h1>');
    case '/api/v1/status/409':
      return sendJson(response, 409, { message: 'Цена изменилась', error: 'conflict' });
    case '/api/v1/status/429':
      return sendJson(response, 429, { message: 'Слишком много запросов', error: 'rate_limited' });
    case '/api/v1/shop/basket-show':
      return sendJson(response, 404, { message: 'Корзина не найдена', error: 'not_found' });
    case '/api/v1/hang-up':
      // The connection dies without an answer.
      return void response.socket?.destroy();
    case '/api/v1/slow':
      // Answers much later than the test waits: only an abort ends it.
      setTimeout(() => sendJson(response, 200, { data: 'late' }), 5_000).unref();
      return;
    case '/api/v1/shop/page/about':
      return sendJson(response, 200, { data: { id: 1, slug: 'about', title: 'О нас' } });
    case '/api/v1/shop/client-bill-download-post':
      response.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="schet-7.pdf"',
      });
      return void response.end(Buffer.from('%PDF-1.4 test'));
    default:
      return sendJson(response, 404, { message: 'Нет такого пути', error: 'not_found' });
  }
}

let server: TestServer;
let external: TestServer;
const notify = vi.fn<(message: string) => void>();
const dropSession = vi.fn(removeToken);
let api: ReturnType<typeof createBrowserApi>;
let consoleError: ReturnType<typeof vi.spyOn>;

const lastReceived = (target: TestServer = server): ReceivedRequest => {
  const request = target.received.at(-1);
  if (!request) throw new Error('the server received nothing');
  return request;
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call succeeded but was expected to fail');
}

beforeAll(async () => {
  server = await startServer(answer);
  external = await startServer(answer);
});

afterAll(async () => {
  await server.close();
  await external.close();
});

beforeEach(() => {
  notify.mockReset();
  dropSession.mockClear();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  provideBrowserEffects({ dropSession, notify: notifyError, beginLoading: () => loadingStore.getState().begin() });
  api = createBrowserApi({ apiOrigin: server.origin, notify });
  document.cookie = 'token=; Path=/; Max-Age=0';
  configureBrowserApi({ techCatalogUrl: null });
});

afterEach(() => {
  loadingStore.getState().setLoading(false);
});

describe('request headers and bearer', () => {
  it('sends the JSON headers, the visited domain and URL, and the token cookie as the bearer', async () => {
    document.cookie = 'token=tok%2Fen-123; Path=/';
    const body = await api.request<{ data: { method: string } }>('api:echo', {
      method: 'POST',
      body: { article: 'OC 90' },
      query: { page: 2, empty: null, brands: ['MANN', 'KNECHT'] },
    });
    expect(body.data.method).toBe('POST');
    const { headers, url, body: sent } = lastReceived();
    expect(url).toBe('/api/v1/echo?page=2&brands=MANN&brands=KNECHT');
    expect(JSON.parse(sent)).toEqual({ article: 'OC 90' });
    expect(headers.accept).toBe('application/json');
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(headers['x-visited-domain']).toBe(location.host);
    expect(headers['x-visited-url']).toBe(location.href);
    expect(headers.authorization).toBe('Bearer tok/en-123');
  });

  it('sends the placeholder bearer when there is no token cookie', async () => {
    await api.request('api:echo');
    expect(PLACEHOLDER_BEARER).toMatch(/^\d{7}$/);
    expect(lastReceived().headers.authorization).toBe(`Bearer ${PLACEHOLDER_BEARER}`);
    expect(lastReceived().method).toBe('GET');
    expect(lastReceived().body).toBe('');
  });

  it.each(['PUT', 'DELETE', 'PATCH'] as const)('sends %s with a JSON body', async (method) => {
    await api.request('api:echo', { method, body: { id: 5 } });
    expect(lastReceived().method).toBe(method);
    expect(lastReceived().body).toBe('{"id":5}');
  });

  it('maps the tech: scheme to /api/tech/, or to the configured external catalogue without the token', async () => {
    document.cookie = 'token=secret; Path=/';
    await api.request('tech:echo', { method: 'POST', body: { key: 'k' } });
    expect(lastReceived().url).toBe('/api/tech/echo');
    expect(lastReceived().headers.authorization).toBe('Bearer secret');

    configureBrowserApi({ techCatalogUrl: `${external.origin}/api/tech/` });
    await api.request('tech:echo', { method: 'POST', body: { key: 'k' } });
    expect(lastReceived(external).url).toBe('/api/tech/echo');
    expect(lastReceived(external).headers.authorization).toBe(`Bearer ${PLACEHOLDER_BEARER}`);
  });

  it('calls a contract endpoint by its path, filling path parameters, and returns the data payload', async () => {
    const page = await api.callShop('page/:id', { params: { id: 'about' } });
    expect(page).toEqual({ id: 1, slug: 'about', title: 'О нас' });
    expect(lastReceived().method).toBe('GET');
    expect(lastReceived().url).toBe('/api/v1/shop/page/about');
  });
});

describe('the error catalogue (spec section 8)', () => {
  it('401: removes the token cookie, message "invalid", no notification', async () => {
    document.cookie = 'token=expired; Path=/';
    const error = await failure(api.request('api:status/401'));
    expect(error.message).toBe('invalid');
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ message: 'Требуется вход', error: 'unauthorized' });
    expect(readToken()).toBeNull();
    expect(dropSession).toHaveBeenCalledTimes(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('404: an error notification with the response message', async () => {
    const error = await failure(api.request('api:status/404'));
    expect(error.message).toBe('Корзина не найдена');
    expect(notify.mock.calls).toEqual([['Корзина не найдена']]);
  });

  it('404 without a body: a notification with a Russian fallback text', async () => {
    const error = await failure(api.request('api:status/404-bare'));
    expect(error.message).toBe('Не найдено');
    expect(notify.mock.calls).toEqual([['Не найдено']]);
  });

  it('422: one notification per message per field', async () => {
    const error = await failure(api.request('api:status/422', { method: 'POST', body: {} }));
    expect(error.status).toBe(422);
    expect(error.message).toBe('Проверьте данные');
    expect(notify.mock.calls).toEqual([['Некорректный e-mail'], ['Слишком длинный e-mail'], ['Не короче 8 символов']]);
  });

  it('500: a notification with the response message', async () => {
    const error = await failure(api.request('api:status/500'));
    expect(error.message).toBe('Внутренняя ошибка');
    expect(notify.mock.calls).toEqual([['Внутренняя ошибка']]);
  });

  it('500 without a message: a notification with its error field', async () => {
    const error = await failure(api.request('api:status/500-error-only'));
    expect(error.message).toBe('Ошибка базы данных');
    expect(notify.mock.calls).toEqual([['Ошибка базы данных']]);
  });

  it('500 with a non-JSON body: a notification with a Russian fallback text', async () => {
    const error = await failure(api.request('api:status/500-bare'));
    expect(error.body).toBe('<h1>Bad gateway</h1>');
    expect(notify.mock.calls).toEqual([['Внутренняя ошибка сервера. Попробуйте позже.']]);
  });

  it.each([
    [409, 'Цена изменилась'],
    [429, 'Слишком много запросов'],
  ])('any other status (%i): a notification with the response message', async (status, message) => {
    const error = await failure(api.request(`api:status/${status}`));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(notify.mock.calls).toEqual([[message]]);
  });

  it('network error (connection dropped): message "timeout", status 0, no notification', async () => {
    const error = await failure(api.request('api:hang-up'));
    expect(error.message).toBe('timeout');
    expect(error.status).toBe(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('network error (nothing listening): message "timeout"', async () => {
    const closed = await startServer(answer);
    await closed.close();
    const offline = createBrowserApi({ apiOrigin: closed.origin, notify });
    const error = await failure(offline.request('api:echo'));
    expect(error.message).toBe('timeout');
  });

  it('aborted by the caller: message "timeout"', async () => {
    const controller = new AbortController();
    const pending = api.request('api:slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(pending);
    expect(error.message).toBe('timeout');
    expect(error.status).toBe(0);
    // The caller's own abort (a suggestion replaced by a newer one) is no failure to log.
    expect(consoleError).not.toHaveBeenCalledWith(
      'API request failed',
      expect.objectContaining({ url: `${server.origin}/api/v1/slow` }),
    );
  });

  it('logs every failure with method, URL and status, and re-throws it', async () => {
    await failure(api.request('api:status/409', { method: 'POST', body: {} }));
    await failure(api.request('api:hang-up'));
    expect(consoleError).toHaveBeenCalledWith('API request failed', {
      method: 'POST',
      url: `${server.origin}/api/v1/status/409`,
      status: 409,
      message: 'Цена изменилась',
    });
    expect(consoleError).toHaveBeenCalledWith('API request failed', {
      method: 'GET',
      url: `${server.origin}/api/v1/hang-up`,
      status: 0,
      message: 'timeout',
    });
  });

  it('leaves a status the call handles to the caller: no notification, the error still thrown', async () => {
    const error = await failure(
      api.callShop('basket-show', { body: { basket_id: 1, basket_key: 'k' }, handles: [404] }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('Корзина не найдена');
    expect(notify).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('applies the catalogue to every status the call does not handle, and to none when it handles all', async () => {
    await failure(api.request('api:status/409', { handles: [404] }));
    expect(notify).toHaveBeenCalledTimes(1);
    notify.mockReset();
    dropSession.mockClear();
    expect((await failure(api.request('api:registered-skip', { handles: 'all' }))).message).toBe('Нет такого пути');
    await failure(api.request('api:status/404', { handles: [404] }));
    document.cookie = 'token=kept; Path=/';
    await failure(api.request('api:status/401', { handles: 'all' }));
    expect(notify).not.toHaveBeenCalled();
    expect(readToken()).toBe('kept');
  });

  it('shows the notification in the corner, closing after 4000 ms', async () => {
    const browserApi = createBrowserApi({ apiOrigin: server.origin });
    await failure(browserApi.request('api:status/404'));
    const shown = notificationsStore.getState().notifications;
    expect(shown.map(({ message, autoClose, color }) => ({ message, autoClose, color }))).toContainEqual({
      message: 'Корзина не найдена',
      autoClose: 4000,
      color: 'red',
    });
  });
});

describe('loading indicator and downloads', () => {
  it('keeps the loading flag on while a request runs and turns it off after', async () => {
    const pending = api.request('api:echo');
    expect(loadingStore.getState().loading).toBe(true);
    await pending;
    expect(loadingStore.getState()).toMatchObject({ loading: false, counter: 0 });
    await failure(api.request('api:status/404'));
    expect(loadingStore.getState().loading).toBe(false);
  });

  it('saves a binary answer as a file named by the caller or by Content-Disposition', async () => {
    const saved: { name: string; text: string }[] = [];
    // jsdom has no object URLs: these two stand in for the browser's.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:bill');
    const revokeObjectURL = vi.fn((_url: string) => undefined);
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, text: this.href });
    });

    await api.download('api:shop/client-bill-download-post', { billId: 7 }, 'bill-7.pdf');
    await api.download('api:shop/client-bill-download-post', { billId: 7 });

    expect(lastReceived().method).toBe('POST');
    expect(JSON.parse(lastReceived().body)).toEqual({ billId: 7 });
    expect(saved).toEqual([
      { name: 'bill-7.pdf', text: 'blob:bill' },
      { name: 'schet-7.pdf', text: 'blob:bill' },
    ]);
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toBe('application/pdf');
    expect(await blob?.text()).toBe('%PDF-1.4 test');
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:bill'));
    click.mockRestore();
  });
});
