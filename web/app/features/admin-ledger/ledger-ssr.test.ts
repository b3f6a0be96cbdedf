// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminClient, CreditTerms, LedgerAccount, LedgerDebtor, LedgerEntry, StaffMember } from '@detal/contract';
import { ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import {
  STAFF_EDITOR,
  STAFF_MANAGER,
  pageGetter,
  staffApiStandIn,
  type StandInCall,
  staffPageHtml,
} from '../../../test/admin-ssr.ts';

/** The ledger's back office screens (issue 31) rendered on the server against a stand-in API. */

const account: LedgerAccount = {
  id: 11,
  client_id: 5,
  payer_id: 3,
  name: 'ООО «Колесо»',
  balance: '-42000.00',
  debt: '42000.00',
  overdue: '12000.00',
  oldest_due: '2026-11-10',
  stop: { kind: 'manual', reason: 'Не платит с октября', at: '2026-11-25T10:00:00.000Z' },
};
const own: LedgerAccount = {
  ...account,
  id: 12,
  payer_id: null,
  name: 'Колёсов Олег',
  balance: '500.00',
  debt: '0.00',
  overdue: '0.00',
  oldest_due: null,
  stop: null,
};

const entry = (id: number, fields: Partial<LedgerEntry>): LedgerEntry => ({
  id,
  kind: 'shipment',
  side: 'debit',
  amount: '12000.00',
  date: '2026-10-27',
  due_on: '2026-11-10',
  bill_id: null,
  shipment_id: null,
  reverses_id: null,
  reversed: false,
  reason: '',
  running_balance: '-12000.00',
  open: '12000.00',
  ...fields,
});
const entries: LedgerEntry[] = [
  entry(1, { shipment_id: 71 }),
  entry(2, {
    kind: 'payment',
    side: 'credit',
    amount: '5000.00',
    bill_id: 41,
    due_on: null,
    running_balance: '-7000.00',
    open: null,
  }),
  entry(3, {
    kind: 'adjustment',
    amount: '35000.00',
    running_balance: '-42000.00',
    reason: 'Долг по старой программе',
    due_on: null,
  }),
];
const terms: CreditTerms = {
  own: { credit_limit: '50000.00', deferral_days: 14, prepay_required: null },
  effective: { credit_limit: '50000.00', deferral_days: 14, prepay_required: false },
};
const debtor = (fields: Partial<LedgerDebtor>): LedgerDebtor => ({
  account,
  client_name: 'Колёсов Олег',
  email: 'oleg@koleso.example.ru',
  phone: '+79161234567',
  days_overdue: 17,
  credit_limit: '50000.00',
  limit_used_percent: 84,
  limit_over_80: true,
  ...fields,
});

const client = {
  id: 5,
  name: 'Колёсов Олег',
  email: 'oleg@koleso.example.ru',
  phone_number: '+79161234567',
  company_name: 'ООО «Колесо»',
  inn: '7707083893',
  group_name: 'Опт',
  blocked: false,
  created_at: '2026-11-01T09:00:00.000Z',
  first_name: 'Олег',
  last_name: 'Колёсов',
  middle_name: null,
  is_business: true,
  group_id: 2,
  personal_discount: 0,
  blocked_at: null,
  balance: { billed: 0, paid: 0, balance: 0 },
  orders: [],
  orders_total: 0,
  bills: [],
  bills_total: 0,
  payments: [],
  payments_total: 0,
  groups: [{ id: 2, name: 'Опт', is_default: false }],
} as unknown as AdminClient;

let signedInAs: StaffMember | null = null;
const calls: StandInCall[] = [];

const apiFetch = staffApiStandIn({ who: () => signedInAs, calls }, (path, body) => {
  if (path === 'client-show') return Response.json({ data: { client } });
  if (path === 'payer-list') return Response.json({ data: { payers: [] } });
  // The client screen's returns (issue 32): none here.
  if (path === 'return-list') {
    return Response.json({ data: { data: [], current_page: 1, last_page: 1, per_page: 30, total: 0 } });
  }
  if (path === 'supplier-list') return Response.json({ data: { suppliers: [] } });
  if (path === 'ledger-account-list') return Response.json({ data: { accounts: [account, own] } });
  if (path === 'ledger-terms-get') return Response.json({ data: terms });
  if (path === 'ledger-entry-list') {
    // As the server pages them (decision 0057): filtered, newest first when asked, with the total.
    const kind = body?.kind;
    const listed = entries.filter((e) => !kind || e.kind === kind);
    return Response.json({
      data: { account, entries: body?.newest_first ? [...listed].reverse() : listed, total: listed.length },
    });
  }
  if (path === 'ledger-debtor-list') {
    return Response.json({
      data: {
        debtors: [
          debtor({}),
          debtor({
            account: { ...own, id: 13 },
            client_name: 'Петров Пётр',
            days_overdue: 0,
            limit_used_percent: 20,
            limit_over_80: false,
            phone: null,
          }),
        ],
        total: 2,
      },
    });
  }
  if (path === 'ledger-unmatched-list') {
    return Response.json({
      data: {
        lines: [
          { id: 4, inn: '500100732259', amount: '777.00', date: '2026-11-20', reference: 'П/п № 501 от 20.11.2026' },
        ],
      },
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

describe('the ledger in the back office', () => {
  it('the client screen: each ledger, the chosen one filtered by the URL, newest first, documents linked, the forms', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/clients/5?account=11&kind=shipment&from=2026-11-30&to=2026-10-01');
    expect(html).toContain('Взаиморасчёты');
    // A reversed period is put right; the kind and the account go to the API.
    expect(calls.find((call) => call.path === 'ledger-entry-list')!.body).toEqual({
      account_id: 11,
      kind: 'shipment',
      date_from: '2026-10-01',
      date_to: '2026-11-30',
      newest_first: true,
      page: 1,
      per_page: 50,
    });
    expect(html).toContain('data-ledger-account="11"');
    expect(html).toContain('data-ledger-account="12"');
    expect(html).toContain('Не платит с октября');
    expect(html).toContain('Остаток лимита');
    // The limit is 50 000, the debt 42 000: 8 000 left.
    expect(html).toContain('8 000,00\u00a0₽'.replace(' ', '\u00a0'));
    expect(html).toContain('href="/admin/shipments?client=5"');
    expect(html).not.toContain('data-ledger-entry="2"');
    expect(html).toContain('Снять стоп-лист');
    expect(html).toContain('Провести корректировку');
    expect(html).toContain('Записать аванс');
    expect(html).toContain('Сторнировать');
    expect(html).toContain('Сохранить условия');
    expect(html).toContain('value="50000.00"');
    expect(html).toMatch(/<option value="shipment" selected="">Отгрузка<\/option>/);
  });

  it('all kinds: newest first with the running balance; a payment links its bill', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/clients/5');
    expect(html.indexOf('data-ledger-entry="3"')).toBeLessThan(html.indexOf('data-ledger-entry="1"'));
    expect(html).toContain('href="/admin/payments?bill_id=41"');
    expect(html).toContain('Долг по старой программе');
    expect(html).toContain('-42\u00a0000,00\u00a0₽');
  });

  it('debtors: the sort in the URL goes to the API, limit over 80 % flagged, contacts and the ledger linked', async () => {
    signedInAs = STAFF_MANAGER;
    const html = await htmlOf('/admin/clients/debtors?sort=days_overdue&attention=1');
    expect(calls.find((call) => call.path === 'ledger-debtor-list')!.body).toEqual({
      sort: 'days_overdue',
      only_attention: true,
      page: 1,
      per_page: 50,
    });
    expect(html).toContain('<title>Должники — Деталь</title>');
    expect(html).toContain('data-testid="limit-over-80"');
    expect(html).toContain('href="tel:+79161234567"');
    expect(html).toContain('href="mailto:oleg@koleso.example.ru"');
    expect(html).toContain('href="/admin/clients/5?account=11#ledger"');
    expect(html).toMatch(/aria-sort="descending"[^>]*>.*?data-sort="days_overdue"/s);
    expect(html).toContain('href="/admin/clients/debtors?sort=debt&amp;attention=1"');
    // A sort the API does not know is the default.
    await htmlOf('/admin/clients/debtors?sort=drop');
    expect(calls.filter((call) => call.path === 'ledger-debtor-list').at(-1)!.body).toMatchObject({ sort: 'overdue' });
  });

  it('unmatched statement lines: listed; the chosen client’s ledgers offered to take each as an advance', async () => {
    signedInAs = STAFF_MANAGER;
    let html = await htmlOf('/admin/clients/unmatched-payments');
    expect(html).toContain('500100732259');
    expect(html).toContain('Выберите клиента выше');
    html = await htmlOf('/admin/clients/unmatched-payments?client=5');
    expect(html).toContain('Зачесть авансом');
    expect(html).toContain('<option value="11">ООО «Колесо»</option>');
  });

  it('a content editor sees neither the debtors nor the unmatched lines', async () => {
    signedInAs = STAFF_EDITOR;
    for (const path of ['/admin/clients/debtors', '/admin/clients/unmatched-payments']) {
      const html = await (await get(path, 'staff_session=live')).text();
      expect(html).not.toContain('data-testid="debtors"');
      expect(html).not.toContain('Зачесть авансом');
      expect(html).toMatch(/доступны владельцу и менеджерам магазина/);
    }
  });
});
