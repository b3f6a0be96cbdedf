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
