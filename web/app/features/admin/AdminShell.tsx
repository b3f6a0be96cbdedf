import type { ReactNode } from 'react';
import { AppShell, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { Form, NavLink as RouterNavLink } from 'react-router';
import { STAFF_ROLE_LABELS, type StaffMember } from '@detal/contract';
import { paths } from '../../paths.ts';

/** The back office's sections; the ones not built yet show «Раздел в разработке». */
export const ADMIN_SECTIONS = [
  { label: 'Заказы', to: paths.adminOrders() },
  { label: 'Платежи', to: paths.adminPayments() },
  { label: 'Клиенты', to: paths.adminClients() },
  { label: 'Сотрудники', to: paths.adminStaff() },
  { label: 'Журнал', to: paths.adminAudit() },
] as const;

/** The back office's own layout: a narrow side navigation and the signed-in member, dense content beside it. */
export function AdminShell({ staff, children }: { staff: StaffMember; children: ReactNode }) {
  return (
    <AppShell header={{ height: 48 }} navbar={{ width: 200, breakpoint: 'xs' }} padding="md">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Text fw={700}>Деталь · панель управления</Text>
          <Group gap="sm" wrap="nowrap">
            <Text size="sm" c="gray.7" data-testid="admin-staff">
              {staff.name} · {STAFF_ROLE_LABELS[staff.role]}
            </Text>
            <Form method="post" action={paths.adminLogin()}>
              <input type="hidden" name="intent" value="sign-out" />
              <Button type="submit" size="compact-sm" variant="default">
                Выйти
              </Button>
            </Form>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Разделы">
        <Stack gap={2}>
          {ADMIN_SECTIONS.map((section) => (
            <NavLink key={section.to} component={RouterNavLink} to={section.to} label={section.label} />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}

export function UnderConstruction({ title }: { title: string }) {
  return (
    <Stack gap="xs">
      <Text component="h1" fw={700} fz="xl">
        {title}
      </Text>
      <Text c="gray.7">Раздел в разработке</Text>
    </Stack>
  );
}
