import { Badge, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../../paths.ts';
import classes from '../admin-purchasing/Purchasing.module.css';

/**
 * The «Возвраты» section's pages as tabs (issue 32): the queue, the cancel requests (with how many wait for a
 * manager), the supplier returns, the policies and the return rates.
 */
export function ReturnsNav({ pendingCancels }: { pendingCancels?: number }) {
  const { pathname } = useLocation();
  const tabs = [
    { to: paths.adminReturns(), label: 'Возвраты клиентов' },
    { to: paths.adminCancelRequests(), label: 'Запросы на отмену', count: pendingCancels },
    { to: paths.adminSupplierReturns(), label: 'Возвраты поставщикам' },
    { to: paths.adminReturnPolicies(), label: 'Сроки и «без возврата»' },
    { to: paths.adminReturnRates(), label: 'Доля возвратов' },
  ];
  return (
    <Group gap={6} component="nav" aria-label="Возвраты" wrap="wrap">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          className={classes.tab}
          aria-current={pathname === tab.to ? 'page' : undefined}
          prefetch="intent"
        >
          {tab.label}
          {tab.count ? (
            <Badge
              ml={6}
              size="sm"
              color="orange"
              variant="filled"
              aria-label={`ждут решения: ${tab.count}`}
              data-testid="pending-cancels"
            >
              {tab.count}
            </Badge>
          ) : null}
        </Link>
      ))}
    </Group>
  );
}
