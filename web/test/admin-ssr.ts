import { expect } from 'vitest';
import { ADMIN_API_PREFIX, SHOP_API_PREFIX } from '@detal/contract/browser';
import type { StaffMember } from '@detal/contract';
import { FIREFOX, type SsrHarness } from './ssr-harness.ts';

/** The back office's SSR tests' shared pieces: staff members, the shop template the layout loads, a page getter. */

export const STAFF_MANAGER: StaffMember = {
  id: 2,
  email: 'manager@shop.example.ru',
  name: 'Мария Иванова',
  role: 'manager',
  blocked: false,
  has_password: true,
  created_at: '2026-11-20T09:00:00.000Z',
  last_sign_in_at: null,
};

export const STAFF_EDITOR: StaffMember = { ...STAFF_MANAGER, id: 3, role: 'content_editor', name: 'Олег Редактор' };

/** The shop's template (name, contacts, menus) as the stand-in API answers it. */
export const ADMIN_TEMPLATE = {
  shop: { name: 'Деталь', phone: '', email: '', address: '', work_hours: '' },
  menu: { header: [], footer: [] },
};

/** GET of a page as a browser asks for it, with the staff cookie when given, against the stand-in API. */
export const pageGetter =
  (harness: () => SsrHarness, apiFetch: (request: Request) => Promise<Response>) =>
  (pathname: string, cookie?: string) =>
    harness().handle(
      new Request(`http://shop.test${pathname}`, {
        headers: { 'user-agent': FIREFOX, ...(cookie ? { cookie } : {}) },
      }),
      { apiFetch },
    );

/** A call the stand-in API received: the endpoint's name, its JSON body, its query string. */
export interface StandInCall {
  path: string;
  body: Record<string, unknown> | null;
  query: string;
}

/**
 * The staff API as the back office's SSR tests stand it in: the shop template; 401 without the live staff cookie or
 * with nobody signed in (`who`); `staff-me`; 403 for a content editor; the header's line counts; then the test's own
 * `answer`, else 404 with `notFound`. Every call is recorded in `calls`.
 */
export function staffApiStandIn(
  {
    who,
    calls,
    lineCounts = { new_lines: 0, late_lines: 0 },
    notFound = 'Не найдено',
  }: {
    who: () => StaffMember | null;
    calls: StandInCall[];
    lineCounts?: { new_lines: number; late_lines: number };
    notFound?: string;
  },
  answer: (path: string, body: Record<string, unknown> | null) => Response | undefined,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname === `${SHOP_API_PREFIX}template`) return Response.json({ data: ADMIN_TEMPLATE });
    const path = url.pathname.replace(ADMIN_API_PREFIX, '');
    const body = request.method === 'POST' ? ((await request.json()) as Record<string, unknown>) : null;
    calls.push({ path, body, query: url.search });
    const staff = who();
    if (!staff || !request.headers.get('cookie')?.includes('staff_session=live')) {
      return Response.json({ message: 'Войдите в панель управления', error: 'unauthorized' }, { status: 401 });
    }
    if (path === 'staff-me') return Response.json({ data: { staff } });
    if (staff.role === 'content_editor') {
      return Response.json({ message: 'Недостаточно прав для этого действия', error: 'forbidden' }, { status: 403 });
    }
    if (path === 'order-line-counts') return Response.json({ data: lineCounts });
    return answer(path, body) ?? Response.json({ message: notFound, error: 'not_found' }, { status: 404 });
  };
}

/** A signed-in staff page's HTML (status 200 asserted), without the empty comments React puts between texts. */
export const staffPageHtml = (get: ReturnType<typeof pageGetter>) => async (pathname: string) => {
  const response = await get(pathname, 'staff_session=live');
  expect(response.status).toBe(200);
  return (await response.text()).replaceAll('<!-- -->', '');
};
