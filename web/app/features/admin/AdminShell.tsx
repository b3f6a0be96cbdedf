import type { ReactNode } from 'react';
import { AppShell, Group, NavLink, Stack, Text } from '@mantine/core';
import { Form, NavLink as RouterNavLink } from 'react-router';
import { STAFF_ROLE_LABELS, type StaffMember, type StaffRole } from '@detal/contract';
import { adminRoutes } from 'virtual:detal/endpoint-routes';
import { paths } from '../../paths.ts';
import { SubmitButton } from '../clients/SubmitButton.tsx';

/** Orders, payments and clients: the manager's work (issue 14), and the owner's. */
const SALES: readonly StaffRole[] = ['owner', 'manager'];

/**
 * The back office's sections and who sees them in the navigation (the server refuses the others' calls anyway;
 * a page opened by its address says it is not theirs).
 */
export const ADMIN_SECTIONS: readonly { label: string; to: string; roles: readonly StaffRole[] }[] = [
  { label: 'Заказы', to: paths.adminOrders(), roles: SALES },
  { label: 'Платежи', to: paths.adminPayments(), roles: SALES },
  { label: 'Клиенты', to: paths.adminClients(), roles: SALES },
  { label: 'Поставщики', to: paths.adminSuppliers(), roles: adminRoutes['supplier-admin-list'].roles },
  { label: 'Сотрудники', to: paths.adminStaff(), roles: adminRoutes['staff-list'].roles },
  { label: 'Журнал', to: paths.adminAudit(), roles: adminRoutes['audit-log-list'].roles },
  { label: 'Цены', to: paths.adminPricing(), roles: adminRoutes['pricing-show'].roles },
  { label: 'Контент', to: paths.adminContent(), roles: adminRoutes['content-show'].roles },
  { label: 'Настройки', to: paths.adminSettings(), roles: adminRoutes['settings-show'].roles },
];

/**
 * The back office's own layout: a narrow side navigation (narrower below 1440 px, so that tables keep their room on
 * a 768 px tablet) and the signed-in member, dense content beside it.
 */
export function AdminShell({ staff, children }: { staff: StaffMember; children: ReactNode }) {
  return (
    <AppShell header={{ height: 48 }} navbar={{ width: { base: 150, lg: 200 }, breakpoint: 'xs' }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Text fw={700}>Деталь · панель управления</Text>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="gray.7" data-testid="admin-staff">
              {staff.name} · {STAFF_ROLE_LABELS[staff.role]}
            </Text>
            <Form method="post" action={paths.adminLogin()}>
              <input type="hidden" name="intent" value="sign-out" />
              <SubmitButton size="compact-sm" variant="default">
                Выйти
              </SubmitButton>
            </Form>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Разделы">
        <Stack gap={2}>
          {ADMIN_SECTIONS.filter((section) => section.roles.includes(staff.role)).map((section) => (
            <NavLink key={section.to} component={RouterNavLink} to={section.to} label={section.label} />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
