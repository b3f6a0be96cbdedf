import { Group, Title } from '@mantine/core';
import { NavLink } from 'react-router';
import type { ReactNode } from 'react';
import { paths } from '../../paths.ts';
import classes from './Purchasing.module.css';

/** The three rooms of purchasing, linked above each of them: «К заказу», the supplier orders, the receipts. */
export function PurchasingNav({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
      <Title order={1} fz="h3">
        {title}
      </Title>
      <Group gap={4} wrap="wrap" component="nav" aria-label="Закупки">
        <NavLink to={paths.adminPurchasing()} end className={classes.tab}>
          К заказу
        </NavLink>
        <NavLink to={paths.adminSupplierOrders()} className={classes.tab}>
          Заказы поставщикам
        </NavLink>
        <NavLink to={paths.adminGoodsReceipts()} className={classes.tab}>
          Приходы
        </NavLink>
        {children}
      </Group>
    </Group>
  );
}
