import type { ReactNode } from 'react';
import { Badge, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../../paths.ts';
import classes from '../admin-purchasing/Purchasing.module.css';

interface Tab {
  to: string;
  current: boolean;
  label: ReactNode;
  /** A view's name, on the link as `data-kind`. */
  kind?: string;
}

/** Links as tabs in a row named `label`, the current one marked; `prefetch` as the links' own. */
export function TabLinks({ label, tabs, prefetch }: { label: string; tabs: readonly Tab[]; prefetch?: 'intent' }) {
  return (
    <Group gap={6} component="nav" aria-label={label} wrap="wrap">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className={classes.tab}
          aria-current={tab.current ? 'page' : undefined}
          prefetch={prefetch}
          data-kind={tab.kind}
        >
          {tab.label}
        </Link>
      ))}
    </Group>
  );
}

/**
 * The «Возвраты» section's pages as tabs (issue 32): the queue, the cancel requests (with how many wait for a
 * manager), the supplier returns, the policies and the return rates.
 */
export function ReturnsNav({ pendingCancels }: { pendingCancels?: number }) {
  const { pathname } = useLocation();
  const pages: { to: string; label: string; count?: number }[] = [
    { to: paths.adminReturns(), label: 'Возвраты клиентов' },
    { to: paths.adminCancelRequests(), label: 'Запросы на отмену', count: pendingCancels },
    { to: paths.adminSupplierReturns(), label: 'Возвраты поставщикам' },
    { to: paths.adminReturnPolicies(), label: 'Сроки и «без возврата»' },
    { to: paths.adminReturnRates(), label: 'Доля возвратов' },
  ];
  const tabs = pages.map(({ to, label, count }) => ({
    to,
    current: pathname === to,
    label: (
      <>
        {label}
        {count ? (
          <Badge
            ml={6}
            size="sm"
            color="orange"
            variant="filled"
            aria-label={`ждут решения: ${count}`}
            data-testid="pending-cancels"
          >
            {count}
          </Badge>
        ) : null}
      </>
    ),
  }));
  return <TabLinks label="Возвраты" tabs={tabs} prefetch="intent" />;
}
