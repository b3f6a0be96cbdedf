// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX } from '@detal/contract/browser';
import type { ReturnRateKind, ReturnRateRow, StaffMember } from '@detal/contract';
import { ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import {
  STAFF_EDITOR,
  STAFF_MANAGER,
  pageGetter,
  staffApiStandIn,
  staffPageHtml,
  type StandInCall,
} from '../../../test/admin-ssr.ts';
import {
  creditedReturn,
  openCancelRequest,
  pageOf,
  requestedReturn,
  sentSupplierReturn,
} from '../../../test/returns-fixtures.ts';

/** The «Возвраты» section (issue 32) rendered on the server against a stand-in API. */

/** A pair over the threshold, a withdrawn one, one fine; a brand and a supplier (decision 0065). */
const rateRows: ReturnRateRow[] = [
  {
    kind: 'pair',
    id: 5,
    name: 'MANN W 712/75 ↔ BOSCH 0451103316',
    purchases: 10,
    returns: 3,
    return_percent: 30,
    withdrawn: false,
    demoted: true,
  },
  {
    kind: 'pair',
    id: 6,
    name: 'KNECHT OC90 ↔ MAHLE OC 90',
    purchases: 4,
    returns: 1,
    return_percent: 25,
    withdrawn: true,
    demoted: true,
  },
  {
    kind: 'pair',
    id: 7,
    name: 'GATES 6PK1070 ↔ DAYCO 6PK1070',
    purchases: 40,
    returns: 0,
    return_percent: 0,
    withdrawn: false,
    demoted: false,
  },
  {
    kind: 'brand',
    id: null,
    name: 'KYB',
    purchases: 0,
    returns: 2,
    return_percent: null,
    withdrawn: false,
    demoted: false,
  },
  {
    kind: 'supplier',
    id: 3,
    name: 'ООО Автоальянс (настоящее имя)',
    purchases: 200,
    returns: 3,
    return_percent: 1.5,
    withdrawn: false,
    demoted: false,
  },
];

let signedInAs: StaffMember | null = null;
const calls: StandInCall[] = [];

const apiFetch = staffApiStandIn({ who: () => signedInAs, calls }, (path, body) => {
  if (path === 'supplier-list') {
    return Response.json({ data: { suppliers: [{ id: 3, name: 'ООО Автоальянс (настоящее имя)' }] } });
  }
  if (path === 'return-list') return Response.json(pageOf([requestedReturn, creditedReturn], 45));
  if (path === 'return-get') {
    const found = [requestedReturn, creditedReturn].find((item) => item.id === body?.return_id);
    if (found) return Response.json({ data: found });
    return Response.json({ message: 'Возврат не найден', error: 'not_found' }, { status: 404 });
  }
  if (path === 'return-cancel-request-list') return Response.json(pageOf([openCancelRequest], 3));
  if (path === 'supplier-return-list') return Response.json(pageOf([sentSupplierReturn]));
  if (path === 'return-rate-list') {
    const kind = (body as { kind: ReturnRateKind }).kind;
    return Response.json(
      pageOf(
        rateRows.filter((row) => row.kind === kind),
        31,
      ),
    );
  }
  if (path === 'return-rate-threshold') return Response.json({ data: { max_percent: 12.5, min_purchases: 8 } });
  if (path === 'return-policy-list') {
    return Response.json({
      data: [
        { id: 1, supplier_id: 3, brand_name: null, no_return: false, window_days: 30 },
        { id: 2, supplier_id: null, brand_name: 'KYB', no_return: true, window_days: null },
      ],
    });
  }
  return undefined;
});

const harness = ssrHarnessPerFile();
const get = pageGetter(harness, apiFetch);

beforeEach(() => {
  signedInAs = null;
  calls.length = 0;
});

const htmlOf = staffPageHtml(get);

describe('returns in the back office', () => {
  it('the queue: the URL’s filters go to the API, rows link client, order and return, bulk decisions, pending cancels', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf(
      '/admin/returns?state=requested&client_id=7&supplier_id=3&reason=defect&date_from=2026-11-30&date_to=2026-11-01&page=2',
    );
    expect(html).toContain('<title>Возвраты — Деталь</title>');
    // A reversed period is put right; an unknown state or reason would be left out.
    const listed = calls.find((call) => call.path === 'return-list')!;
    expect(listed.body).toEqual({
      state: 'requested',
      client_id: 7,
      supplier_id: 3,
      reason: 'defect',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
    });
    expect(listed.query).toBe('?page=2');
    expect(html).toContain('Возвратов: 45');
    expect(html).toContain('href="/admin/returns/71"');
    expect(html).toContain('href="/admin/clients/7"');
    // Who asked, by name, linking to the client's screen.
    expect(html).toMatch(/<a[^>]*href="\/admin\/clients\/7"[^>]*>Петров Иван Сергеевич, ООО Ромашка<\/a>/);
    expect(html).toContain('href="/admin/orders/42"');
    expect(html).toContain('Течёт по прокладке');
    // Sums: 2 × 412,40.
    expect(html).toContain('824,80\u00a0₽');
    expect(html).toContain('ООО Автоальянс (настоящее имя)');
    // Only a requested return can be chosen; the bulk buttons and the reason field are there.
    expect(html).toMatch(/aria-label="Выбрать возврат № 71"(?![^>]*disabled)/);
    expect(html).toMatch(
      /<input[^>]*disabled=""[^>]*aria-label="Выбрать возврат № 72"|aria-label="Выбрать возврат № 72"[^>]*disabled=""/,
    );
    expect(html).toContain('Одобрить выбранные');
    expect(html).toContain('Отклонить выбранные');
    expect(html).toContain('Причина отказа');
    expect(html).toContain('j/k или ↓/↑ — строка');
    expect(html).toMatch(/<option value="defect" selected="">Брак<\/option>/);
    // Open cancel requests counted beside their tab, asked for the open ones only.
    expect(html).toMatch(/data-testid="pending-cancels"><span[^>]*>3</);
    expect(calls.find((call) => call.path === 'return-cancel-request-list')!.body).toEqual({ state: 'requested' });
    // The section is in the navigation.
    expect(html).toMatch(/href="\/admin\/returns"[^>]*>[\s\S]*?Возвраты/);
  });

  it('malformed filters are left out rather than refused', async () => {
    signedInAs = STAFF_MANAGER;
    await htmlOf('/admin/returns?state=lost&client_id=abc&reason=&date_from=yesterday');
    expect(calls.find((call) => call.path === 'return-list')!.body).toEqual({
      state: null,
      client_id: null,
      supplier_id: null,
      reason: null,
      date_from: null,
      date_to: null,
    });
  });

  it('a requested return: client, order, shipment, the line, reason, comment, the photo from the staff endpoint, the decision form', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/returns/71');
    expect(html).toContain('<title>Возврат № 71 — Деталь</title>');
    expect(html).toContain('href="/admin/clients/7"');
    expect(html).toContain('href="/admin/orders/42"');
    expect(html).toContain('УПД № 31');
    expect(html).toContain('href="/admin/shipments?client=7"');
    expect(html).toContain('KNECHT OC90');
    expect(html).toContain('Брак');
    expect(html).toContain('Течёт по прокладке');
    expect(html).toContain(`src="${ADMIN_API_PREFIX}return-photo?photo_id=901"`);
    expect(html).toContain('alt="Фотография 1 к возврату № 71"');
    expect(html).toContain('Записать решение');
    expect(html).not.toContain('Зачесть (УКД)');
  });

  it('a credited return: what came back, the credit with its УКД, refunds left, close; its supplier return linked', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/returns/72');
    expect(html).toContain('годных 1 шт., брак 1 шт.');
    expect(html).toMatch(/data-testid="credit-amount"[^>]*>824,80\u00a0₽/);
    expect(html).toContain('выплачено 300,00\u00a0₽');
    expect(html).toContain('УКД № 55 (PDF)');
    expect(html).toContain('Выплачено клиенту, ₽');
    expect(html).toContain('осталось 524,80\u00a0₽');
    expect(html).toContain('Закрыть возврат');
    expect(html).toContain('href="/admin/returns/supplier#supplier-return-81"');
    expect(html).toContain('Клиент не приложил фотографий');
  });

  it('answers 404 for a return that does not exist or an address that names none', async () => {
    signedInAs = STAFF_MANAGER;
    expect((await get('/admin/returns/99', 'staff_session=live')).status).toBe(404);
    expect((await get('/admin/returns/abc', 'staff_session=live')).status).toBe(404);
  });

  it('cancel requests: the open ones by default, each with its decision form', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/returns/cancels');
    expect(calls.filter((call) => call.path === 'return-cancel-request-list')[0]!.body).toEqual({
      state: 'requested',
    });
    expect(html).toContain('GATES 6PK1070');
    expect(html).toMatch(/<a[^>]*href="\/admin\/clients\/7"[^>]*>Петров Иван Сергеевич, ООО Ромашка<\/a>/);
    expect(html).toContain('Передумал');
    expect(html).toContain('Отменить позицию');
    await htmlOf('/admin/returns/cancels?state=all');
    expect(calls.filter((call) => call.path === 'return-cancel-request-list').at(-2)!.body).toEqual({ state: null });
  });

  it('supplier returns: collect, each document with its lines and the next moves', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/returns/supplier?state=sent&supplier_id=3');
    expect(calls.find((call) => call.path === 'supplier-return-list')!.body).toEqual({ state: 'sent', supplier_id: 3 });
    expect(html).toContain('Собрать');
    expect(html).toContain('id="supplier-return-81"');
    expect(html).toContain('строка № 17');
    expect(html).toContain('<option value="credited">Зачтён поставщиком</option>');
    expect(html).toContain('Зачтено поставщиком, ₽');
  });

  it('policies: the rules in force, a supplier’s window and a brand’s «без возврата»', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/returns/policies');
    expect(html).toMatch(/ООО Автоальянс \(настоящее имя\)<\/td><td[^>]*>30<\/td>/);
    expect(html).toContain('Бренд KYB');
    expect(html).toContain('Срок не короче 7 дней');
  });

  it('return rates: pairs by rate with their place in search and withdraw or restore, the threshold, the tabs', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/returns/rates');
    expect(html).toContain('<title>Доля возвратов — Деталь</title>');
    const listed = calls.find((call) => call.path === 'return-rate-list')!;
    expect(listed.body).toEqual({ kind: 'pair', sort: 'rate' });
    expect(listed.query).toBe('?page=1');
    // The section's tab is current; the views as links keeping the sort; the sort headers keep the view.
    expect(html).toMatch(/<a(?=[^>]*aria-current="page")[^>]*href="\/admin\/returns\/rates"[^>]*>Доля возвратов/);
    expect(html).toMatch(/<a(?=[^>]*aria-current="page")[^>]*href="\/admin\/returns\/rates"[^>]*>Пары аналогов/);
    expect(html).toMatch(/href="\/admin\/returns\/rates\?kind=brand"[^>]*>Бренды/);
    expect(html).toMatch(/aria-sort="descending"[^>]*><a[^>]*href="\/admin\/returns\/rates"[^>]*>Доля ↓/);
    expect(html).toContain('href="/admin/returns/rates?sort=returns"');
    // The rows: the rate with a decimal comma, the place in search, the action each pair's state allows.
    expect(html).toContain('MANN W 712/75 ↔ BOSCH 0451103316');
    expect(html).toContain('30 %');
    expect(html).toContain('Выше порога');
    expect(html).toContain('aria-label="Снять пару MANN W 712/75 ↔ BOSCH 0451103316"');
    expect(html).toContain('Снята');
    expect(html).toContain('aria-label="Вернуть пару KNECHT OC90 ↔ MAHLE OC 90"');
    expect(html).toContain('в поиске как все');
    expect(html).toMatch(/name="pair_id" value="5"/);
    // The threshold as saved; 31 rows make two pages.
    expect(html).toMatch(/name="max_percent"[^>]*value="12.5"|value="12.5"[^>]*name="max_percent"/);
    expect(html).toMatch(/name="min_purchases"[^>]*value="8"|value="8"[^>]*name="min_purchases"/);
    expect(html).toContain('Сохранить порог');
    expect(html).toContain('Строк: 31');
  });

  it('return rates: brands link to the catalogue’s brand search, suppliers to their screen; a bad view is the default', async () => {
    signedInAs = STAFF_MANAGER;
    const brands = await htmlOf('/admin/returns/rates?kind=brand&sort=returns&page=2');
    expect(calls.find((call) => call.path === 'return-rate-list')!.body).toEqual({ kind: 'brand', sort: 'returns' });
    expect(calls.find((call) => call.path === 'return-rate-list')!.query).toBe('?page=2');
    expect(brands).toContain('href="/admin/suppliers/brands?q=KYB"');
    // No purchase counted: no rate; brands are never withdrawn.
    expect(brands).toMatch(/data-testid="rate"[^>]*>—</);
    expect(brands).not.toContain('Снять пару');
    // The sort headers keep the view; the views keep the sort.
    expect(brands).toMatch(/href="\/admin\/returns\/rates\?kind=brand"[^>]*>Доля</);
    expect(brands).toMatch(/href="\/admin\/returns\/rates\?kind=supplier&amp;sort=returns"[^>]*>Поставщики</);
    const suppliers = await htmlOf('/admin/returns/rates?kind=supplier');
    expect(suppliers).toMatch(/href="\/admin\/suppliers\/3"[^>]*>ООО Автоальянс/);
    expect(suppliers).toContain('1,5 %');
    calls.length = 0;
    await htmlOf('/admin/returns/rates?kind=parts&sort=cheap&page=x');
    expect(calls.find((call) => call.path === 'return-rate-list')!.body).toEqual({ kind: 'pair', sort: 'rate' });
  });

  it('a content editor is told the section is not theirs; a visitor without a session goes to sign in', async () => {
    signedInAs = STAFF_EDITOR;
    for (const path of [
      '/admin/returns',
      '/admin/returns/71',
      '/admin/returns/supplier',
      '/admin/returns/policies',
      '/admin/returns/rates',
    ]) {
      const html = await (await get(path, 'staff_session=live')).text();
      expect(html).toContain('Возвраты доступны владельцу и менеджерам магазина');
      expect(html).not.toContain('Одобрить выбранные');
    }
    signedInAs = null;
    const response = await get('/admin/returns');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin/login');
  });
});
