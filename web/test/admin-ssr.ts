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
