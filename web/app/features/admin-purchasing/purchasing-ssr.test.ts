// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import type {
  GoodsReceipt,
  PurchaseQueueGroup,
  PurchaseQueueLine,
  StaffMember,
  SupplierOrder,
  SupplierOrderChannelSettings,
} from '@detal/contract';
import { ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import {
  STAFF_EDITOR,
  STAFF_MANAGER,
  pageGetter,
  staffApiStandIn,
  type StandInCall,
  staffPageHtml,
} from '../../../test/admin-ssr.ts';

/** Purchasing's screens (issue 29) rendered on the server against a stand-in API. */

const waiting: PurchaseQueueLine = {
  order_item_id: 501,
  order_id: 42,
  created_at: '2026-11-24T07:15:00.000Z',
  client_id: 7,
  client_name: 'Петров Иван',
  supplier_id: 3,
  supplier_name: 'ООО Автоальянс',
  article: 'OC 90',
  brand_name: 'KNECHT',
  description: 'Фильтр масляный',
  quantity: 3,
  purchase_price: 300.5,
  price: 412.4,
  expected_day: '2026-11-28',
  status: 'new',
  status_name: 'Новый',
  refusal: null,
  credit_hold: null,
};

const refused: PurchaseQueueLine = {
  ...waiting,
  order_item_id: 502,
  order_id: 43,
  client_id: 8,
  client_name: 'Сидоров Борис',
  supplier_id: 4,
  supplier_name: 'Партс-Центр',
  article: 'W 712/75',
  brand_name: 'MANN-FILTER',
  quantity: 1,
  status: 'supplier_refused',
  status_name: 'Отказ поставщика',
  refusal: {
    reason: 'Нет на складе',
    supplier_id: 4,
    supplier_name: 'Партс-Центр',
    supplier_order_id: 12,
    supplier_order_number: 'ЗП-12',
    at: '2026-11-25T10:00:00.000Z',
  },
};

const groups: PurchaseQueueGroup[] = [
  { supplier_id: 3, supplier_name: 'ООО Автоальянс', lines: 1, quantity: 3, purchase_total: 901.5 },
  { supplier_id: 4, supplier_name: 'Партс-Центр', lines: 1, quantity: 1, purchase_total: 250 },
];

const order: SupplierOrder = {
  id: 12,
  number: 'ЗП-12',
  supplier_id: 4,
  supplier_name: 'Партс-Центр',
  channel: 'manual',
  supplier_number: 'ПЦ-77',
  state: 'partly_confirmed',
  state_name: 'Подтверждён частично',
  comment: null,
  created_by: 2,
  created_by_name: 'Мария Иванова',
  created_at: '2026-11-24T08:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  sent_at: '2026-11-24T09:00:00.000Z',
  lines_count: 2,
  quantity: 2,
  confirmed_quantity: 1,
  refused_quantity: 1,
  received_quantity: 0,
  total: 260,
  send_key: '7d3c9a8e-2f1b-4c5d-9e6f-0a1b2c3d4e5f',
  lines: [
    {
      id: 31,
      order_item_id: 601,
      order_id: 44,
      client_name: 'Петров Иван',
      item_status: 'in_transit',
      item_status_name: 'В пути',
      article: 'OC 456',
      brand_name: 'MAHLE',
      description: 'Фильтр',
      quantity: 1,
      confirmed_quantity: 1,
      refused_quantity: 0,
      refused_reason: null,
      received_quantity: 0,
      outstanding_quantity: 1,
      purchase_price: 260,
      confirmed_price: 260,
      client_price: 390,
      supplier_line_ref: null,
    },
    {
      id: 32,
      order_item_id: 502,
      order_id: 43,
      client_name: 'Сидоров Борис',
      item_status: 'supplier_refused',
      item_status_name: 'Отказ поставщика',
      article: 'W 712/75',
      brand_name: 'MANN-FILTER',
      description: 'Фильтр',
      quantity: 1,
      confirmed_quantity: 0,
      refused_quantity: 1,
      refused_reason: 'Нет на складе',
      received_quantity: 0,
      outstanding_quantity: 0,
      purchase_price: 250,
      confirmed_price: null,
      client_price: 412.4,
      supplier_line_ref: null,
    },
  ],
};

const template = {
  format: 'xlsx' as const,
  encoding: 'utf8' as const,
  delimiter: ';' as const,
  header_row: true,
};

const settings: SupplierOrderChannelSettings = {
  supplier_id: 4,
  supplier_name: 'Партс-Центр',
  channel: 'email',
  order_email: 'orders@parts.example.ru',
  order_template: {
    ...template,
    columns: [
      { field: 'article', header: 'Код' },
      { field: 'brand', header: null },
      { field: 'quantity', header: null },
    ],
  },
  confirmation_template: {
    ...template,
    columns: [
      { field: 'article', header: null },
      { field: 'brand', header: null },
      { field: 'confirmed', header: null },
    ],
  },
  api: null,
  status_map: {},
  last_polled_at: null,
  last_error: null,
  last_error_at: null,
  failures: 0,
  next_poll_at: null,
};

const receipt: GoodsReceipt = {
  id: 5,
  supplier_id: 3,
  supplier_name: 'ООО Автоальянс',
  document_number: 'УПД-901',
  document_date: '2026-11-26',
  comment: null,
  created_at: '2026-11-26T08:00:00.000Z',
  created_by_name: 'Мария Иванова',
  posted: true,
  posted_at: '2026-11-26T08:05:00.000Z',
  posted_by_name: 'Мария Иванова',
  lines_count: 1,
  quantity: 2,
  total: 601,
  unmatched_count: 0,
  lines: [
    {
      id: 9,
      supplier_order_line_id: 30,
      supplier_order_id: 11,
      supplier_order_number: 'ЗП-11',
      article: 'OC 90',
      brand_name: 'KNECHT',
      description: 'Фильтр масляный',
      quantity: 2,
      price: 300.5,
      country: 'Германия',
      customs_declaration: '10702070/011126/0012345',
      over_delivery: false,
      outstanding_quantity: 1,
      order_item_id: 501,
      order_id: 42,
    },
  ],
};

let signedInAs: StaffMember | null = null;
const bodies: StandInCall[] = [];

const apiFetch = staffApiStandIn({ who: () => signedInAs, calls: bodies }, (path, body) => {
  if (path === 'supplier-order-queue') {
    return Response.json({
      data: { data: [waiting, refused], current_page: 1, last_page: 1, per_page: 100, total: 2 },
    });
  }
  if (path === 'supplier-order-queue-suppliers') return Response.json({ data: { groups } });
  if (path === 'supplier-order-get' && body?.id === 12) return Response.json({ data: { order } });
  if (path === 'supplier-order-channel-show' && body?.supplier_id === 4) return Response.json({ data: { settings } });
  if (path === 'goods-receipt-get' && body?.id === 5) return Response.json({ data: { receipt } });
  if (path === 'supplier-list') return Response.json({ data: { suppliers: [{ id: 3, name: 'ООО Автоальянс' }] } });
  return undefined;
});

const harness = ssrHarnessPerFile();
const get = pageGetter(harness, apiFetch);

beforeEach(() => {
  signedInAs = null;
  bodies.length = 0;
});

const htmlOf = staffPageHtml(get);

describe('purchasing on the server', () => {
  it('«К заказу»: the URL filters go to the API, lines grouped by the real supplier, the refusal beside its line', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/purchasing?q=oc+90&refused=1&date_from=2026-11-30&date_to=2026-11-01&page=2');
    expect(html).toContain('<title>К заказу — Деталь</title>');
    const call = bodies.find((entry) => entry.path === 'supplier-order-queue')!;
    expect(call.query).toBe('?page=2');
    // A reversed range is put right, not refused.
    expect(call.body).toEqual({
      supplier_id: null,
      q: 'oc 90',
      refused: true,
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      per_page: 100,
    });
    expect(html).toContain('data-supplier-group="ООО Автоальянс"');
    expect(html).toContain('data-supplier-group="Партс-Центр"');
    expect(html).toContain('Партс-Центр · 1 поз. · 250,00\u00a0₽');
    expect(html).toContain('Отказ поставщика');
    expect(html).toContain('href="/admin/purchasing/orders/12"');
    expect(html).toContain('«Нет на складе»');
    expect(html).toContain('href="/admin/orders/42"');
    expect(html).toContain('href="/admin/clients/7"');
    expect(html).toMatch(/Клавиши: j\/k/);
    // The menu has the room, and the room its three tabs.
    expect(html).toMatch(/<a[^>]*href="\/admin\/purchasing"[^>]*>/);
    expect(html).toContain('href="/admin/purchasing/receipts"');
  });

  it('a supplier order: its state, the supplier number, per line the quantities and the client line, and the answer form', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/purchasing/orders/12');
    expect(html).toContain('<title>Заказ поставщику ЗП-12 — Деталь</title>');
    expect(html).toContain('Подтверждён частично');
    expect(html).toMatch(/data-testid="supplier-number"[^>]*>ПЦ-77</);
    expect(html).toContain('«Нет на складе»');
    expect(html).toContain('Сохранить ответ поставщика');
    expect(html).toContain('aria-label="Отказ: MANN-FILTER W 712/75"');
    expect(html).toContain('href="/admin/orders/43"');
    // The refused line waits: re-ordering is offered beside it; the receipt is one link away.
    expect(html).toContain('Перезаказать');
    expect(html).toContain('href="/admin/purchasing/receipts/new?supplier_id=4"');
    // The supplier's channel: its file, its confirmation file, its settings one link away.
    expect(html).toContain('Скачать файл (XLSX)');
    expect(html).toContain('Загрузить подтверждение');
    expect(html).toContain('href="/admin/suppliers/4/ordering"');
    expect((await get('/admin/purchasing/orders/13', 'staff_session=live')).status).toBe(404);
    expect((await get('/admin/purchasing/orders/abc', 'staff_session=live')).status).toBe(404);
  });

  it("a supplier's ordering: channel, e-mail, the order file's columns as typed, no API password shown", async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/suppliers/4/ordering');
    expect(html).toContain('Партс-Центр: как заказываем');
    expect(html).toContain('value="orders@parts.example.ru"');
    expect(html).toContain('Артикул = Код; Бренд; Количество');
    expect(html).toMatch(/<option value="email" selected="">По e-mail<\/option>/);
  });

  it('a posted receipt is read-only: country, ГТД, the supplier order and the client order it filled', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/purchasing/receipts/5');
    expect(html).toContain('Проведён');
    expect(html).toContain('Германия');
    expect(html).toContain('10702070/011126/0012345');
    expect(html).toContain('href="/admin/purchasing/orders/11"');
    expect(html).toContain('href="/admin/orders/42"');
    expect(html).not.toContain('Провести приход');
    expect(html).toContain('Проведённый приход не меняется');
  });

  it('a new receipt: the supplier chosen from the URL', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/purchasing/receipts/new?supplier_id=3');
    expect(html).toContain('Новый приход');
    expect(html).toMatch(/<option value="3" selected="">ООО Автоальянс<\/option>/);
    expect(html).toContain('Заполнить из открытых заказов');
  });

  it('tells a content editor purchasing is not theirs', async () => {
    signedInAs = STAFF_EDITOR;
    const html = await (await get('/admin/purchasing', 'staff_session=live')).text();
    expect(html).toContain('Закупки доступны владельцу и менеджерам');
    expect(html).not.toContain('data-testid="purchase-queue"');
  });
});
