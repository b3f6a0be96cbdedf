import { useEffect, useState } from 'react';
import { Drawer } from '../ui/index.ts';
import type { MenuEntry, Template } from '@detal/contract';
import { NavLink, useLocation } from 'react-router';
import { MenuIcon } from '../components/icons.tsx';
import { isExternal } from '../components/MenuLink.tsx';
import { ACCOUNT_LINKS, useAwaitingBills } from '../features/clients/account-links.ts';
import { AccountLink } from '../features/clients/AccountLink.tsx';
import { useLogout } from '../features/clients/HeaderAccount.tsx';
import { paths } from '../paths.ts';
import { telHref } from './phone.ts';
import classes from './MobileMenu.module.css';

/** The catalogue, the shop's header menu and contacts, each address once. */
function shopLinks(template: Template | null): MenuEntry[] {
  const entries = [
    { title: 'Каталог', url: paths.catalog() },
    // Below 768 px the header's sections row is hidden: the menu has search by list there (decision 0029).
    { title: 'Поиск по списку', url: paths.searchList() },
    ...(template?.menu.header ?? []),
  ];
  entries.push({ title: 'Контакты', url: paths.contacts() });
  return entries.filter((entry, index) => entries.findIndex((other) => other.url === entry.url) === index);
}

function EntryLink({ entry }: { entry: MenuEntry }) {
  return isExternal(entry.url) ? (
    <a className={classes.link} href={entry.url} rel="noopener">
      {entry.title}
    </a>
  ) : (
    <NavLink className={classes.link} to={entry.url}>
      {entry.title}
    </NavLink>
  );
}

/**
 * The menu of phones and tablets (below 992 px, where the header has no room for all its links): the catalogue, the shop's pages,
 * contacts with a tappable phone number, and the client's own pages. The drawer is rendered only while open,
 * so it costs the server nothing; it closes on every navigation.
 */
export function MobileMenu({ template, signedIn }: { template: Template | null; signedIn: boolean }) {
  const [opened, setOpened] = useState(false);
  const location = useLocation();
  const awaiting = useAwaitingBills();
  const { logout, leaving } = useLogout();
  useEffect(() => setOpened(false), [location.key]);
  const phone = template?.shop.phone;

  return (
    <>
      <button
        type="button"
        className={classes.toggle}
        aria-label="Меню"
        aria-expanded={opened}
        aria-controls="phone-menu"
        onClick={() => setOpened(true)}
      >
        <MenuIcon />
      </button>
      <Drawer opened={opened} onClose={() => setOpened(false)} title="Меню" size="85%" id="phone-menu">
        <nav aria-label="Меню магазина">
          <div className={classes.section}>
            {shopLinks(template).map((entry) => (
              <EntryLink key={entry.url} entry={entry} />
            ))}
            {phone ? (
              <a className={`${classes.link} ${classes.phone}`} href={telHref(phone)}>
                {phone}
              </a>
            ) : null}
          </div>
          <div className={classes.section}>
            {signedIn ? (
              <>
                {ACCOUNT_LINKS.map((link) => (
                  <AccountLink
                    key={link.to}
                    link={link}
                    awaiting={awaiting}
                    className={classes.link}
                    countClassName={classes.count}
                  />
                ))}
                <button
                  type="button"
                  className={`${classes.link} ${classes.logout}`}
                  aria-busy={leaving}
                  onClick={() => void logout().then(() => setOpened(false))}
                >
                  Выйти
                </button>
              </>
            ) : (
              <NavLink className={classes.link} to={paths.login()}>
                Войти
              </NavLink>
            )}
          </div>
        </nav>
      </Drawer>
    </>
  );
}
