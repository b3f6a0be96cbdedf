import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createRoutesStub } from 'react-router';
import type { Template } from '@detal/contract';
import { theme } from '../app/theme.ts';

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

/** Renders routes in a memory router inside Mantine, as the app's root does. */
export function renderRoutes(routes: StubRoutes, initialEntries: string[]) {
  const Stub = createRoutesStub(routes);
  return render(
    <MantineProvider theme={theme}>
      <Stub initialEntries={initialEntries} />
    </MantineProvider>,
  );
}
