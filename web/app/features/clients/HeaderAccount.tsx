import { useState } from 'react';
import { Badge, Button } from '../../ui/index.ts';
import type { ClientProfile } from '@detal/contract';
import { Link, useLocation, useMatches, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { resolveAccess } from '../../lib/access.ts';
import type { AccessHandle } from '../../lib/access.ts';
import { signOut } from './sign-in.ts';
import classes from './HeaderAccount.module.css';
import { BillIcon, LogoutIcon, OrdersIcon, UserIcon } from '../../components/icons.tsx';
import { accountLinkName, useAwaitingBills } from './account-links.ts';
import { paths } from '../../paths.ts';

const fullName = (client: ClientProfile) => `${client.first_name} ${client.last_name}`.trim();

/** Whether the page now shown is for signed-in clients only (a session route), by the leaf route's access mark. */
function useOnSessionPage(): boolean {
  const matches = useMatches();
  const location = useLocation();
  const leaf = matches[matches.length - 1];
  const access = (leaf?.handle as Partial<AccessHandle> | undefined)?.access;
  return resolveAccess(access, false, `${location.pathname}${location.search}`) !== null;
}

/** Signing out from the header or the menu: the token goes, and a page for signed-in clients gives way to home. */
export function useLogout(): { logout: () => Promise<void>; leaving: boolean } {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const onSessionPage = useOnSessionPage();
  const [leaving, setLeaving] = useState(false);
  const logout = async () => {
    setLeaving(true);
    try {
      await signOut();
      // A page for signed-in clients has nothing to show any more; a public one stays.
      if (onSessionPage) await navigate(paths.home());
      // The root loader then finds no token (the header), and the page what it shows of the basket.
      await revalidator.revalidate();
    } finally {
      setLeaving(false);
    }
  };
  return { logout, leaving };
}

/**
 * The header's account corner: "Войти" for a visitor; for a signed-in client their orders, their bills (with the
 * count awaiting payment), their name (a link to the account) and logout. The name comes from the root loader's session check, which the router runs again after every action.
 */
export function HeaderAccount({ signedIn }: { signedIn: boolean }) {
  const client = useRouteLoaderData<{ client?: ClientProfile | null }>('root')?.client ?? null;
  const { logout, leaving } = useLogout();
  const awaitingBills = useAwaitingBills();

  if (!signedIn) {
    return (
      <Button component={Link} to={paths.login()} variant="subtle" className={classes.button}>
        Войти
      </Button>
    );
  }

  const name = client ? fullName(client) : null;
  return (
    <>
      {/* Orders and bills one click away from every page (below wide screens they are in the menu). */}
      <Button
        component={Link}
        to={paths.orders()}
        variant="subtle"
        color="gray"
        aria-label="Мои заказы"
        leftSection={<OrdersIcon />}
        className={`${classes.button} ${classes.fromDesktop}`}
      >
        Заказы
      </Button>
      <Button
        component={Link}
        to={paths.bills()}
        variant="subtle"
        color="gray"
        aria-label={accountLinkName('Счета', awaitingBills)}
        leftSection={<BillIcon />}
        rightSection={
          awaitingBills ? (
            <Badge size="sm" circle={awaitingBills < 10} color="orange.9" aria-hidden="true">
              {awaitingBills}
            </Badge>
          ) : null
        }
        className={`${classes.button} ${classes.fromDesktop}`}
      >
        Счета
      </Button>
      <Button
        component={Link}
        to={paths.account()}
        variant="subtle"
        aria-label={name ? `Кабинет: ${name}` : 'Кабинет'}
        title={name ?? undefined}
        leftSection={<UserIcon />}
        className={classes.button}
      >
        <span className={classes.firstName}>{client?.first_name ?? 'Кабинет'}</span>
        <span className={classes.fullName}>{name ?? 'Кабинет'}</span>
      </Button>
      <Button
        variant="subtle"
        color="gray"
        onClick={() => void logout()}
        loading={leaving}
        aria-label="Выйти"
        leftSection={<LogoutIcon />}
        className={`${classes.button} ${classes.fromTablet}`}
      >
        <span className={classes.logoutText}>Выйти</span>
      </Button>
    </>
  );
}
