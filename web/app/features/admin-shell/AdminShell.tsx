import type { ReactNode } from 'react';
import { AppShell, Badge, Burger, Group, Indicator, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Form, Link, NavLink as RouterNavLink } from 'react-router';
import { STAFF_ROLE_LABELS, type AdminOrderCounts, type StaffMember, type StaffRole } from '@detal/contract';
import { adminRoutes } from 'virtual:detal/endpoint-routes';
import { paths } from '../../paths.ts';
import { SubmitButton } from './SubmitButton.tsx';
import classes from './AdminShell.module.css';

/** Orders, payments and clients: the manager's work (issue 14), and the owner's. */
const SALES: readonly StaffRole[] = ['owner', 'manager'];

/**
 * The back office's sections and who sees them in the navigation (the server refuses the others' calls anyway;
 * a page opened by its address says it is not theirs).
 */
export const ADMIN_SECTIONS: readonly { label: string; to: string; roles: readonly StaffRole[] }[] = [
  { label: 'Заказы', to: paths.adminOrders(), roles: SALES },
  { label: 'Закупки', to: paths.adminPurchasing(), roles: adminRoutes['supplier-order-queue'].roles },
  { label: 'Отгрузки', to: paths.adminShipments(), roles: adminRoutes['shipment-list'].roles },
  { label: 'Возвраты', to: paths.adminReturns(), roles: adminRoutes['return-list'].roles },
  { label: 'Платежи', to: paths.adminPayments(), roles: SALES },
  { label: 'Клиенты', to: paths.adminClients(), roles: SALES },
  { label: 'Поставщики', to: paths.adminSuppliers(), roles: adminRoutes['supplier-admin-list'].roles },
  { label: 'Сотрудники', to: paths.adminStaff(), roles: adminRoutes['staff-list'].roles },
  { label: 'Журнал', to: paths.adminAudit(), roles: adminRoutes['audit-log-list'].roles },
  { label: 'Цены', to: paths.adminPricing(), roles: adminRoutes['pricing-show'].roles },
  { label: 'Контент', to: paths.adminContent(), roles: adminRoutes['content-show'].roles },
  { label: 'Настройки', to: paths.adminSettings(), roles: adminRoutes['settings-show'].roles },
];

/** Where the navigation's counts lead: the queue of new lines, the queue of late ones. */
export const NEW_LINES_PATH = paths.adminOrders('status=new');
export const LATE_LINES_PATH = paths.adminOrders('late=1');

/** The counts beside «Заказы»: lines no one has taken up, lines past their expected day. */
function OrderCounts({ counts }: { counts: AdminOrderCounts }) {
  return (
    <Group gap={4} wrap="nowrap" data-testid="order-counts">
      {counts.new_lines > 0 && (
        <Badge
          component={Link}
          to={NEW_LINES_PATH}
          size="sm"
          color="blue"
          variant="filled"
          title={`Новых позиций: ${counts.new_lines}`}
          aria-label={`Новых позиций: ${counts.new_lines}`}
          style={{ cursor: 'pointer' }}
        >
          {counts.new_lines}
        </Badge>
      )}
      {counts.late_lines > 0 && (
        <Badge
          component={Link}
          to={LATE_LINES_PATH}
          size="sm"
          color="red"
          variant="filled"
          title={`Просрочено позиций: ${counts.late_lines}`}
          aria-label={`Просрочено позиций: ${counts.late_lines}`}
          style={{ cursor: 'pointer' }}
        >
          {counts.late_lines}
        </Badge>
      )}
    </Group>
  );
}

/**
 * The back office's own layout: a side navigation from 1024 px, folded behind a burger on tablets and phones (so
 * that tables keep the whole width), the signed-in member, dense content beside it. `counts` (owner and managers)
 * are the new and late lines, refreshed at every navigation (the layout's loader).
 */
export function AdminShell({
  staff,
  counts,
  children,
}: {
  staff: StaffMember;
  counts: AdminOrderCounts | null;
  children: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const waiting = counts !== null && counts.new_lines + counts.late_lines > 0;
  return (
    <AppShell
      header={{ height: 48 }}
      navbar={{ width: 200, breakpoint: '64em', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <div className={classes.burger}>
              <Indicator disabled={!waiting || opened} color="red" size={8} offset={4}>
                <Burger opened={opened} onClick={toggle} size="sm" aria-label="Разделы" aria-expanded={opened} />
              </Indicator>
            </div>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              Деталь<span className={classes.wide}> · панель управления</span>
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <div className={classes.wide}>
              <Text size="sm" c="gray.7" data-testid="admin-staff" lineClamp={1}>
                {staff.name} · {STAFF_ROLE_LABELS[staff.role]}
              </Text>
            </div>
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
            <NavLink
              key={section.to}
              component={RouterNavLink}
              to={section.to}
              label={section.label}
              onClick={close}
              rightSection={section.to === paths.adminOrders() && counts ? <OrderCounts counts={counts} /> : undefined}
            />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
