// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, SHOP_API_PREFIX } from '@detal/contract/browser';
import type { AdminSupplierDetail, SupplierImport } from '@detal/contract';
import { ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import { ADMIN_TEMPLATE, STAFF_MANAGER, pageGetter } from '../../../test/admin-ssr.ts';
import { saveRequestOf } from './supplier-actions.ts';

/**
 * A supplier's screen rendered on the server against a stand-in API (issue 26 point 5): the profile's rules for
 * reading stock and delivery, the header's row, and an upload that stopped because it would remove most of the
 * offers, asking to replace the list or keep the old one.
 */

const supplier: AdminSupplierDetail = {
  id: 7,
  name: 'ООО АвтоСнаб',
  display_name: 'Склад Юг',
  active: true,
  offers_count: 424,
  max_age_days: 3,
  stale: false,
  last_import: null,
  default_delivery_days: 2,
  delivery_probability: 90,
  learned_delivery_days: true,
  learned_delivery_probability: false,
  delivery_learned: {
    enough: true,
    delivered_lines: 41,
    late_open_lines: 2,
    refused_lines: 3,
    median_days: 4,
    p80_days: 6,
    p90_days: 9,
    on_time_percent: 88,
    refusal_percent: 7,
    computed_at: '2026-11-26T08:53:00.000Z',
  },
  last_success_at: '2026-11-25T09:00:00.000Z',
  import_profile: {
    columns: null,
    headers: null,
    encoding: 'cp1251',
    delimiter: ';',
    header_row: true,
    header_line: 5,
    default_delivery_days: null,
    stock_more: 'bound',
    stock_less: 'most',
    stock_present: 3,
    stock_plenty: 50,
    delivery_range: 'min',
  },
};

const awaiting: SupplierImport = {
  id: 31,
  supplier_id: 7,
  kind: 'price_list',
  source: 'upload',
  status: 'awaiting_confirmation',
  file_name: 'прайс-одна-строка.csv',
  file_bytes: 40,
  bytes_read: 40,
  rows_read: 1,
  rows_loaded: null,
  rows_refused: 0,
  rows_per_second: 10,
  queued_at: '2026-11-26T09:00:00.000Z',
  started_at: '2026-11-26T09:00:01.000Z',
  finished_at: '2026-11-26T09:00:02.000Z',
  cancel_requested: false,
  error: null,
  has_report: false,
  staff_name: 'Мария Иванова',
  removal: { offers: 424, removed: 423, loaded: 1 },
};

const refused: SupplierImport = {
  ...awaiting,
  id: 30,
  status: 'failed',
  file_name: 'шапка.xlsx',
  removal: null,
  error:
    'Не найдена строка заголовка: в первых 30 строках нет строки с названиями столбцов «Артикул», «Бренд» и «Цена»',
};

const calls: string[] = [];

async function apiFetch(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === `${SHOP_API_PREFIX}template`) return Response.json({ data: ADMIN_TEMPLATE });
  const path = url.pathname.replace(ADMIN_API_PREFIX, '');
  calls.push(path);
  if (!request.headers.get('cookie')?.includes('staff_session=live')) {
    return Response.json({ message: 'Войдите в панель управления', error: 'unauthorized' }, { status: 401 });
  }
  if (path === 'staff-me') return Response.json({ data: { staff: STAFF_MANAGER } });
  if (path === 'supplier-show') return Response.json({ data: { supplier } });
  if (path === 'import-list') {
    return Response.json({
      data: { data: [awaiting, refused], current_page: 1, last_page: 1, per_page: 20, total: 2 },
    });
  }
  return Response.json({ message: 'Не найдено', error: 'not_found' }, { status: 404 });
}

const harness = ssrHarnessPerFile();
const getPage = pageGetter(harness, apiFetch);

beforeEach(() => {
  calls.length = 0;
});

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe("a supplier's screen on the server", () => {
  it('shows the reading rules and the header row of the profile, in Russian, with their values', async () => {
    const response = await getPage('/admin/suppliers/7', 'staff_session=live');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="reading-rules"');
    const text = textOf(html);
    for (const label of [
      'Заголовок в строке',
      'Остаток «&gt;10», «10+»',
      'Остаток «&lt;5»',
      '«есть», «+», шт.',
      '«много», шт.',
      'Срок «3-5 дн.»',
    ]) {
      expect(text).toContain(label);
    }
    expect(html).toMatch(/name="header_line"[^>]*value="5"|value="5"[^>]*name="header_line"/);
    expect(html).toMatch(/name="stock_present"[^>]*value="3"|value="3"[^>]*name="stock_present"/);
    expect(html).toMatch(/name="stock_plenty"[^>]*value="50"|value="50"[^>]*name="stock_plenty"/);
    expect(html).toMatch(/<option value="most" selected="">4 шт\. \(наибольшее\)<\/option>/);
    expect(html).toMatch(/<option value="min" selected="">3 дн\. \(раньше\)<\/option>/);
    // No English column key has to be typed: the columns field takes the Russian names.
    expect(html).toContain('placeholder="артикул, бренд, , цена, наличие"');
  });

  it('asks about an upload that would remove most of the offers, and lists a refused file in the history', async () => {
    const text = textOf(await (await getPage('/admin/suppliers/7', 'staff_session=live')).text());
    expect(text).toContain('Прайс уберёт большую часть предложений');
    expect(text).toContain(
      'В файле «прайс-одна-строка.csv» 1 строка: он уберёт 423 из 424 предложений поставщика. Загрузка остановлена до вашего решения, предложения пока не изменены.',
    );
    expect(text).toContain('Заменить прайс');
    expect(text).toContain('Отменить, оставить прежний');
    expect(text).toContain('ждёт подтверждения');
    expect(text).toContain('убрал бы 423 из 424 предложений');
    expect(text).toContain('шапка.xlsx');
    expect(text).toContain('Не найдена строка заголовка');
    expect(calls).toContain('import-list');
  });
});

describe('delivery learned from the history (issue 33)', () => {
  it('shows the figures and the two switches, set as saved', async () => {
    const html = await (await getPage('/admin/suppliers/7', 'staff_session=live')).text();
    const text = textOf(html);
    expect(text).toContain('Срок и вероятность по истории заказов');
    expect(text).toContain(
      'По истории заказов (43 позиции, пересчитано 26.11.2026 11:53): обычно 4 дн., 80 % — за 6 дн., 90 % — за 9 дн.; вовремя 88 %; отказы 7 %.',
    );
    expect(html).toMatch(/<input[^>]*name="learned_delivery_days"[^>]*checked=""/);
    expect(html).not.toMatch(/<input[^>]*name="learned_delivery_probability"[^>]*checked=""/);
  });

  it('sends the switches as the save request’s learned fields', () => {
    const form = new FormData();
    form.set('name', 'ООО АвтоСнаб');
    form.set('learned_delivery_probability', 'on');
    expect(saveRequestOf(form)).toMatchObject({ learned_delivery_days: false, learned_delivery_probability: true });
  });
});

describe('the profile form', () => {
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  };

  it('sends the reading rules and the header row; empty counts fall back to the defaults', () => {
    const request = saveRequestOf(
      formOf({
        id: '7',
        name: 'ООО АвтоСнаб',
        header_line: '5',
        stock_more: 'bound_plus_one',
        stock_less: 'most',
        stock_present: '3',
        stock_plenty: '',
        delivery_range: 'min',
        columns: 'артикул, бренд, , цена',
      }),
    );
    expect(request.import_profile).toEqual({
      columns: 'артикул, бренд, , цена',
      headers: null,
      encoding: null,
      delimiter: null,
      header_row: false,
      header_line: 5,
      default_delivery_days: null,
      stock_more: 'bound_plus_one',
      stock_less: 'most',
      stock_present: 3,
      stock_plenty: 10,
      delivery_range: 'min',
    });
    expect(saveRequestOf(formOf({ name: 'Новый' })).import_profile).toMatchObject({
      header_line: null,
      stock_less: 'one',
      stock_present: 1,
      delivery_range: 'max',
    });
  });
});
