import { render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import type { Template } from '@detal/contract';
import { MantineRoot } from '../app/features/admin-shell/MantineRoot.tsx';

export const template: Template = {
  shop: {
    name: 'Деталь',
    phone: '+7 (495) 123-45-67',
    email: 'shop@detal.example',
    address: 'Москва, Складская ул., 1',
    work_hours: 'Пн–Сб 9:00–20:00',
  },
  menu: { header: [], footer: [{ title: 'Контакты', url: '/contacts' }] },
  delivery_calendar: {
    now: '2026-11-25T07:00:00.000Z',
    time_zone: 'Europe/Moscow',
    working_weekdays: [1, 2, 3, 4, 5],
    holidays: ['2026-12-31'],
    orders_until: '18:00',
  },
};

type StubRoutes = Parameters<typeof createRoutesStub>[0];

/** Renders storefront routes in a memory router, as the app's root does (no provider: web/app/ui needs none). */
export function renderRoutes(routes: StubRoutes, initialEntries: string[]) {
  const Stub = createRoutesStub(routes);
  return render(<Stub initialEntries={initialEntries} />);
}

/** Renders back-office routes, inside Mantine's provider as layouts/admin.tsx does. */
export function renderAdminRoutes(routes: StubRoutes, initialEntries: string[]) {
  const Stub = createRoutesStub(routes);
  return render(
    <MantineRoot>
      <Stub initialEntries={initialEntries} />
    </MantineRoot>,
  );
}
