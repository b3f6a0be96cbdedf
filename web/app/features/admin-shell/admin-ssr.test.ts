// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_API_PREFIX, SHOP_API_PREFIX } from '@detal/contract/browser';
import type { StaffMember } from '@detal/contract';
import { ssrHarnessPerFile } from '../../../test/ssr-harness.ts';
import { ADMIN_TEMPLATE, pageGetter } from '../../../test/admin-ssr.ts';

/**
 * The back office rendered on the server against a stand-in API: the sign-in page, the guard that sends
 * anonymous visitors there, and the staff list of the owner (the real API's rules are tested in the server).
 */

const owner: StaffMember = {
  id: 1,
  email: 'owner@shop.example.ru',
  name: 'Анна Петрова',
  role: 'owner',
  blocked: false,
  has_password: true,
  created_at: '2026-11-20T09:00:00.000Z',
  last_sign_in_at: '2026-11-24T06:30:00.000Z',
};
const manager: StaffMember = {
  ...owner,
  id: 2,
  email: 'manager@shop.example.ru',
  name: 'Мария Иванова',
  role: 'manager',
  blocked: true,
  last_sign_in_at: null,
};
const template = ADMIN_TEMPLATE;
/** The setup link's token the stand-in API takes (the shop printed it at start, no staff yet). */
const USABLE_SETUP_TOKEN = 'printed-at-start';

let signedInAs: StaffMember | null = null;
const calls: { path: string; cookie: string | null; authorization: string | null }[] = [];

async function apiFetch(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === `${SHOP_API_PREFIX}template`) return Response.json({ data: template });
  const path = pathname.replace(ADMIN_API_PREFIX, '');
  calls.push({ path, cookie: request.headers.get('cookie'), authorization: request.headers.get('authorization') });
  if (path === 'staff-setup-check') {
    const { token } = (await request.json()) as { token: string };
    return Response.json({ data: { usable: token === USABLE_SETUP_TOKEN } });
  }
  const live = signedInAs !== null && request.headers.get('cookie')?.includes('staff_session=live');
  if (!live) return Response.json({ message: 'Войдите в панель управления', error: 'unauthorized' }, { status: 401 });
  if (path === 'staff-me') return Response.json({ data: { staff: signedInAs } });
  if (path === 'staff-list') {
    if (signedInAs?.role !== 'owner') {
      return Response.json({ message: 'Недостаточно прав для этого действия', error: 'forbidden' }, { status: 403 });
    }
    return Response.json({ data: { data: [manager, owner], current_page: 1, last_page: 1, per_page: 100, total: 2 } });
  }
  return Response.json({ message: 'Не найдено', error: 'not_found' }, { status: 404 });
}

const harness = ssrHarnessPerFile();

beforeEach(() => {
  signedInAs = null;
  calls.length = 0;
});

const get = pageGetter(harness, apiFetch);

describe('the back office on the server', () => {
  it('renders /admin/login in Russian, not indexed, with the sign-in form', async () => {
    const response = await get('/admin/login');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Вход для сотрудников — Деталь</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('Панель управления');
    expect(html).toMatch(/name="email"/);
    expect(html).toMatch(/name="password"/);
  });

  it('renders the first owner\u2019s setup page for a live link, and the way to sign in for a dead one', async () => {
    const live = await get(`/admin/setup?token=${USABLE_SETUP_TOKEN}`);
    expect(live.status).toBe(200);
    const form = await live.text();
    expect(form).toContain('<title>Первый запуск магазина — Деталь</title>');
    expect(form).toContain('<meta name="robots" content="noindex, nofollow"/>');
    for (const field of ['token', 'email', 'name', 'password', 'password_confirmation'])
      expect(form).toMatch(new RegExp(`name="${field}"`));
    expect(form).toContain('Создать владельца и войти');
    expect(calls.map((call) => call.path)).toEqual(['staff-setup-check']);

    for (const pathname of ['/admin/setup?token=used-already', '/admin/setup']) {
      const dead = await (await get(pathname)).text();
      expect(dead).toContain('Ссылка больше не действует');
      expect(dead).not.toMatch(/name="password"/);
      expect(dead).toContain('href="/admin/login"');
    }
    // Without a token the API is not asked.
    expect(calls).toHaveLength(2);
  });

  it('opens /admin at its first section', async () => {
    const response = await get('/admin');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/admin/orders');
  });

  it.each(['/admin/orders', '/admin/payments', '/admin/clients', '/admin/staff', '/admin/audit'])(
    'sends an anonymous visitor of %s to /admin/login',
    async (pathname) => {
      const response = await get(pathname);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/admin/login');
    },
  );

  it("lists the staff for the owner, passing the visitor's cookie to the API", async () => {
    signedInAs = owner;
    const response = await get('/admin/staff', 'staff_session=live');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Сотрудники — Деталь</title>');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    for (const section of ['Заказы', 'Платежи', 'Клиенты', 'Сотрудники', 'Журнал'])
      expect(html).toContain(`>${section}<`);
    expect(html).toContain('data-testid="staff-table"');
    expect(html).toContain('Мария Иванова');
    expect(html).toContain('manager@shop.example.ru');
    expect(html).toContain('Заблокирован');
    expect(html).toContain('>Разблокировать<');
    expect(html).toContain('>Пригласить<');
    expect(calls.find((call) => call.path === 'staff-list')?.cookie).toBe('staff_session=live');
  });

  it('sends every back office page and its data private, no-store: no browser or proxy may keep them', async () => {
    signedInAs = owner;
    const answers = {
      '/admin/login': await get('/admin/login'),
      '/admin/set-password?token=…': await get('/admin/set-password?token=abc'),
      '/admin/staff': await get('/admin/staff', 'staff_session=live'),
      '/admin/staff.data': await get('/admin/staff.data', 'staff_session=live'),
    };
    for (const [what, response] of Object.entries(answers)) {
      expect(response.headers.get('cache-control'), `${what}: ${response.status}`).toBe('private, no-store');
    }
  });

  it('tells a manager the staff list is the owner’s', async () => {
    signedInAs = { ...manager, blocked: false };
    const staffPage = await (await get('/admin/staff', 'staff_session=live')).text();
    expect(staffPage).toContain('Этот раздел доступен только владельцу магазина');
    expect(staffPage).not.toContain('data-testid="staff-table"');
  });
});
