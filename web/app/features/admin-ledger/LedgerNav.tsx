import { Anchor, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { paths } from '../../paths.ts';

/** The «Клиенты» section's ledger pages, one link away from each other and from the clients list. */
export function LedgerNav() {
  const { pathname } = useLocation();
  const links = [
    { to: paths.adminClients(), label: 'Клиенты' },
    { to: paths.adminDebtors(), label: 'Должники' },
    { to: paths.adminUnmatchedLines(), label: 'Платежи без плательщика' },
  ];
  return (
    <Group gap="md" component="nav" aria-label="Клиенты и взаиморасчёты">
      {links.map((link) => (
        <Anchor
          key={link.to}
          component={Link}
          to={link.to}
          fz="sm"
          fw={pathname === link.to ? 700 : 400}
          aria-current={pathname === link.to ? 'page' : undefined}
        >
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
