import { useState } from 'react';
import { Button } from '@mantine/core';
import type { ClientProfile } from '@detal/contract';
import { Link, useLocation, useMatches, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { resolveAccess } from '../../lib/access.ts';
import type { AccessHandle } from '../../lib/access.ts';
import { signOut } from './sign-in.ts';
import classes from './HeaderAccount.module.css';
import { LogoutIcon, UserIcon } from '../../components/icons.tsx';
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

/**
 * The header's account corner: "Войти" for a visitor; for a signed-in client their name (a link to the account)
 * and logout. The name comes from the root loader's session check, which the router runs again after every action.
 */
export function HeaderAccount({ signedIn }: { signedIn: boolean }) {
  const client = useRouteLoaderData<{ client?: ClientProfile | null }>('root')?.client ?? null;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const onSessionPage = useOnSessionPage();
  const [leaving, setLeaving] = useState(false);

  if (!signedIn) {
    return (
      <Button component={Link} to={paths.login()} variant="subtle">
        Войти
      </Button>
    );
  }

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

  const name = client ? fullName(client) : null;
  return (
    <>
      <Button
        component={Link}
        to={paths.account()}
        variant="subtle"
        aria-label={name ? `Кабинет: ${name}` : 'Кабинет'}
        title={name ?? undefined}
        leftSection={<UserIcon />}
        px={{ base: 8, md: 'sm' }}
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
        px={{ base: 8, md: 'sm' }}
      >
        <span className={classes.logoutText}>Выйти</span>
      </Button>
    </>
  );
}
