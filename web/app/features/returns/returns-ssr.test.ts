// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CancelRequest, Order, OrderLine, Return, Shipment } from '@detal/contract';
import { FIREFOX, startSsrHarness } from '../../../test/ssr-harness.ts';
import type { SsrHarness } from '../../../test/ssr-harness.ts';

/**
 * The client's cancels and returns (issue 32) rendered on the server from a stand-in for the shop API that records
 * what it was asked: the order page's line actions and its cancel posted without scripts, «Возвраты», and the
 * return form with its checks and its photos sent on by the page's server.
 */

const TOKEN = 'b'.repeat(43);

const line = (id: number, status: OrderLine['status'], statusName: string): OrderLine => ({
  id,
  article: `A${id}`,
  brand_name: 'KNECHT',
  description: `Фильтр ${id}`,
  supplier_name: 'Склад',
  delivery: 2,
  price: 500,
  quantity: 2,
  status,
  status_name: statusName,
  expected_day: null,
});

const order: Order = {
  id: 42,
  created_at: '2026-11-20T07:00:00.000Z',
  status: 'in_work',
  status_name: 'В работе',
  delivery_method: { id: 1, name: 'Самовывоз', price: 0, description: '' },
  delivery_address: null,
  desired_date: null,
  desired_time: null,
  comment: null,
  total_price: 4000,
  count_position: 4,
  items: [
    line(501, 'new', 'Новый'),
    line(502, 'ordered', 'Заказан у поставщика'),
    line(503, 'ordered', 'Заказан у поставщика'),
    line(504, 'issued', 'Выдан'),
  ],
  bill_id: 9,
  payer: null,
};

const request502: CancelRequest = {
  id: 7,
  created_at: '2026-11-21T07:00:00.000Z',
  client_id: 1,
  order_id: 42,
  order_item_id: 502,
  article: 'A502',
  brand: 'KNECHT',
  quantity: 2,
  comment: '',
  state: 'rejected',
  state_name: 'Отказано',
  decision_reason: 'Поставщик уже отгрузил',
  withdrawn_from_supplier_order: false,
};

const shipment: Shipment = {
  id: 30,
  number: '30',
  created_at: '2026-11-22T07:00:00.000Z',
  date: '22.11.2026',
  status: 2,
  client_id: 1,
  buyer: 'Иван Петров',
  buyer_inn: '',
  total: 1000,
  vat: null,
  lines: [
    {
      id: 801,
      order_item_id: 504,
      order_id: 42,
      article: 'A504',
      brand: 'KNECHT',
      description: 'Фильтр 504',
      quantity: 2,
      price: 500,
      sum: 1000,
      country: '',
      customs_declaration: '',
    },
  ],
  corrections: [],
  xml_file_name: 'x.xml',
};

const aReturn = (id: number, change: Partial<Return>): Return => ({
  id,
  created_at: '2026-11-23T07:00:00.000Z',
  client_id: 1,
  supplier_id: null,
  shipment_id: 30,
  shipment_line_id: 801,
  order_id: 42,
  order_item_id: 504,
  article: 'A504',
  brand: 'KNECHT',
  description: 'Фильтр 504',
  quantity: 1,
  price: 500,
  reason: 'not_fit',
  reason_name: 'Не подошла',
  comment: '',
  state: 'requested',
  state_name: 'Заявка',
  decision_reason: null,
  good_quantity: null,
  defective_quantity: null,
  credit_amount: null,
  refunded_amount: 0,
  correction_id: null,
  supplier_return_id: null,
  photos: [],
  ...change,
});

const page = <T>(data: T[]) => ({ data, current_page: 1, last_page: 1, per_page: 30, total: data.length });

interface Call {
  path: string;
  query: string;
  contentType: string | null;
  body: unknown;
}

let harness: SsrHarness;
let calls: Call[] = [];
/** The stand-in's answer by endpoint path; a `{ refusal: status, body }` is a refusal. */
let answers: Record<string, unknown> = {};

async function apiFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace('/api/v1/shop/', '');
  const contentType = request.headers.get('content-type');
  const body =
    request.method !== 'POST'
      ? null
      : contentType === 'application/octet-stream'
        ? (await request.arrayBuffer()).byteLength
        : await request.json();
  calls.push({ path, query: url.search, contentType, body });
  const answer = answers[path];
  if (answer && typeof answer === 'object' && 'refusal' in answer) {
    const { refusal: status, body: refusal } = answer as { refusal: number; body: unknown };
    return Response.json(refusal, { status });
  }
  return Response.json({ data: answer ?? null });
}

const textOf = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

async function send(pathname: string, init: RequestInit = {}) {
  const response = await harness.handle(
    new Request(`http://shop.internal:3000${pathname}`, {
      ...init,
      headers: { 'user-agent': FIREFOX, cookie: `token=${TOKEN}`, ...(init.headers as Record<string, string>) },
    }),
    { apiFetch },
  );
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, text: textOf(html) };
}

const orderAnswers = () => ({
  template: null,
  'show-client-order-post': order,
  'client-cancel-request-all-post': page([request502]),
  'client-shipment-all-post': page([shipment]),
});

beforeAll(async () => {
  harness = await startSsrHarness();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

describe('the order page: cancel and return beside each line', () => {
  it('offers a cancel for a new and an ordered line, shows a refused request with its reason and links the return', async () => {
    calls = [];
    answers = orderAnswers();
    const { status, html, text } = await send('/orders/42');
    expect(status).toBe(200);
    // The new line at once, the ordered one without a request as a request, the refused one may ask again.
    expect(html).toContain('aria-label="Отменить позицию KNECHT A501"');
    expect(text).toContain('она будет отменена сразу');
    expect(html).toContain('aria-label="Отменить позицию KNECHT A503"');
    expect(text).toContain('Запросить отмену');
    expect(text).toContain('Запрос на отмену: отказано. Причина: Поставщик уже отгрузил');
    // The issued line: its return names the shipment line that issued it.
    expect(html).toContain('href="/returns/new?order=42&amp;line=801"');
    expect(html).not.toContain('Отменить позицию KNECHT A504');
    expect(calls.find((call) => call.path === 'client-cancel-request-all-post')?.query).toBe('?page=1');
  });

  it('cancels a line without scripts: the form posts to the page, which says a manager was asked', async () => {
    calls = [];
    answers = {
      ...orderAnswers(),
      'client-cancel-line-post': {
        canceled: false,
        request: {
          ...request502,
          id: 8,
          order_item_id: 503,
          state: 'requested',
          state_name: 'На рассмотрении',
          decision_reason: null,
        },
      },
    };
    const { status, text } = await send('/orders/42', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'cancel', order_item_id: '503', comment: 'Передумал' }).toString(),
    });
    expect(status).toBe(200);
    expect(calls.find((call) => call.path === 'client-cancel-line-post')?.body).toEqual({
      order_item_id: 503,
      comment: 'Передумал',
    });
    expect(text).toContain('Запрос на отмену отправлен менеджеру. О решении мы сообщим по e-mail.');
  });

  it('shows the refusal of a line that moved on under its form', async () => {
    answers = {
      ...orderAnswers(),
      'client-cancel-line-post': {
        refusal: 409,
        body: { message: 'Эту позицию уже нельзя отменить', error: 'conflict' },
      },
    };
    const { text } = await send('/orders/42', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent: 'cancel', order_item_id: '501' }).toString(),
    });
    expect(text).toContain('Эту позицию уже нельзя отменить');
  });
});

describe('«Возвраты»', () => {
  it('lists the returns with their state, the refusal reason, what was received and credited', async () => {
    calls = [];
    answers = {
      template: null,
      'client-return-all-post': page([
        aReturn(3, {
          state: 'credited',
          state_name: 'Зачтён',
          good_quantity: 1,
          defective_quantity: 0,
          credit_amount: 500,
          photos: [
            { id: 71, content_type: 'image/jpeg', size: 4 },
            { id: 72, content_type: 'image/png', size: 4 },
          ],
        }),
        aReturn(2, { state: 'rejected', state_name: 'Отклонён', decision_reason: 'Следы установки' }),
      ]),
    };
    const { status, html, text } = await send('/returns?created=3');
    expect(status).toBe(200);
    expect(text).toContain('Заявка на возврат отправлена');
    expect(text).toContain('Зачтён');
    expect(text).toContain('Принято: 1 шт. годных');
    expect(text).toContain('Зачтено: 500,00 ₽');
    expect(text).toContain('Причина отказа: Следы установки');
    // The photos sent come back as thumbnails from the storefront's own address (the table's and the cards').
    expect(html.match(/<img[^>]*src="\/returns\/photo\/71"/g)).toHaveLength(2);
    expect(html).toContain('alt="Фото 2 к возврату № 3"');
    expect(html).not.toMatch(/к возврату № 2"/);
    // The account's tabs name the page as the current one.
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/returns"|<a[^>]*href="\/returns"[^>]*aria-current="page"/,
    );
  });
});

describe('«Оформить возврат» from the closing documents', () => {
  it("links a document's one line to its return form, and lists a document's several lines to choose from", async () => {
    const twoLines: Shipment = {
      ...shipment,
      id: 31,
      number: '31',
      lines: [
        { ...shipment.lines[0]!, id: 811, order_id: 43, article: 'B1', brand: 'BOSCH' },
        { ...shipment.lines[0]!, id: 812, order_id: 44, article: 'C2', brand: 'MANN', quantity: 1 },
      ],
    };
    answers = { template: null, 'client-shipment-all-post': page([shipment, twoLines]) };
    const { status, html, text } = await send('/bills/documents');
    expect(status).toBe(200);
    // The table's and the cards' copies: each document once in each.
    const oneLine = html.match(/<a[^>]*aria-label="Оформить возврат по УПД № 30: KNECHT A504"[^>]*>/g) ?? [];
    expect(oneLine).toHaveLength(2);
    expect(oneLine[0]).toContain('href="/returns/new?order=42&amp;line=801"');
    expect(html.match(/<summary[^>]*aria-label="Оформить возврат по УПД № 31"/g)).toHaveLength(2);
    expect(html).toContain('href="/returns/new?order=43&amp;line=811"');
    expect(html).toContain('href="/returns/new?order=44&amp;line=812"');
    expect(text).toContain('MANN C2, 1 шт.');
  });

  it('offers no return for a document whose lines hand over no piece', async () => {
    const corrected: Shipment = { ...shipment, lines: [{ ...shipment.lines[0]!, quantity: 0 }] };
    answers = { template: null, 'client-shipment-all-post': page([corrected]) };
    const { status, text } = await send('/bills/documents');
    expect(status).toBe(200);
    expect(text).toContain('УПД № 30');
    expect(text).not.toContain('Оформить возврат');
  });
});

describe('a return photo shown back to its client', () => {
  it("passes on the API's image for the client's token, and answers 404 for what the API does not show", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
    const asked: { path: string; body: unknown; authorization: string | null }[] = [];
    const photoApi = async (request: Request) => {
      const body = await request.json();
      asked.push({
        path: new URL(request.url).pathname,
        body,
        authorization: request.headers.get('authorization'),
      });
      return (body as { photo_id: number }).photo_id === 71
        ? new Response(jpeg, { headers: { 'content-type': 'image/jpeg' } })
        : Response.json({ message: 'Фотография не найдена', error: 'not_found' }, { status: 404 });
    };
    const open = (path: string) =>
      harness.handle(new Request(`http://shop.internal:3000${path}`, { headers: { cookie: `token=${TOKEN}` } }), {
        apiFetch: photoApi,
      });
    const shown = await open('/returns/photo/71');
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await shown.arrayBuffer())).toEqual(jpeg);
    expect(asked[0]).toEqual({
      path: '/api/v1/shop/client-return-photo-post',
      body: { photo_id: 71 },
      authorization: `Bearer ${TOKEN}`,
    });
    // Another client's photo (the API's 404) and an id that is none: 404, and the latter asks the API nothing.
    expect((await open('/returns/photo/72')).status).toBe(404);
    expect((await open('/returns/photo/x1')).status).toBe(404);
    expect(asked).toHaveLength(2);
  });
});

describe('the return form', () => {
  it('shows the issued line with its document, and a line of no shipment of the order is the 404 page', async () => {
    answers = orderAnswers();
    const found = await send('/returns/new?order=42&line=801');
    expect(found.status).toBe(200);
    expect(found.text).toContain('Выдано: 2 шт. по 500,00 ₽ · УПД № 30 от 22.11.2026');
    expect(found.text).toContain('Не подошла');
    expect(found.html).toContain('name="photos"');
    expect((await send('/returns/new?order=42&line=999')).status).toBe(404);
    expect((await send('/returns/new?order=42&line=abc')).status).toBe(404);
  });

  it('refuses a quantity that is no whole number on the page, asking the API nothing', async () => {
    calls = [];
    answers = orderAnswers();
    const form = new FormData();
    form.set('quantity', '1,5');
    form.set('reason', 'not_fit');
    const { status, text } = await send('/returns/new?order=42&line=801', { method: 'POST', body: form });
    expect(status).toBe(200);
    expect(text).toContain('Количество: целое число от 1');
    expect(calls.some((call) => call.path.startsWith('client-return'))).toBe(false);
  });

  it('sends the photos of a form without scripts on as uploads, then the request, and opens «Возвраты»', async () => {
    calls = [];
    answers = {
      ...orderAnswers(),
      'client-return-photo-upload-post': { photo: { id: 55, content_type: 'image/png', size: 4 } },
      'client-return-create-post': aReturn(12, {}),
    };
    const form = new FormData();
    form.set('quantity', '1');
    form.set('reason', 'defect');
    form.set('comment', 'Трещина');
    form.append('photos', new File([new Uint8Array([137, 80, 78, 71])], 'crack.png', { type: 'image/png' }));
    const { status, headers } = await send('/returns/new?order=42&line=801', { method: 'POST', body: form });
    expect(status).toBe(302);
    expect(headers.get('location')).toBe('/returns?created=12');
    const upload = calls.find((call) => call.path === 'client-return-photo-upload-post');
    expect(upload).toMatchObject({ contentType: 'application/octet-stream', body: 4 });
    expect(calls.find((call) => call.path === 'client-return-create-post')?.body).toEqual({
      shipment_line_id: 801,
      quantity: 1,
      reason: 'defect',
      comment: 'Трещина',
      photo_ids: [55],
    });
  });

  it("shows the API's refusal under its field and keeps what was typed", async () => {
    answers = {
      ...orderAnswers(),
      'client-return-create-post': {
        refusal: 422,
        body: {
          message: 'Нельзя вернуть больше, чем выдано (с учётом прежних возвратов)',
          error: { quantity: ['Нельзя вернуть больше, чем выдано (с учётом прежних возвратов)'] },
        },
      },
    };
    const form = new FormData();
    form.set('quantity', '3');
    form.set('reason', 'not_fit');
    form.set('comment', 'Не та модель');
    const { status, html, text } = await send('/returns/new?order=42&line=801', { method: 'POST', body: form });
    expect(status).toBe(200);
    expect(text).toContain('Нельзя вернуть больше, чем выдано (с учётом прежних возвратов)');
    expect(html).toContain('Не та модель');
    expect(html).toMatch(/name="quantity"[^>]*value="3"|value="3"[^>]*name="quantity"/);
  });
});
