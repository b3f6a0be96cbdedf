import { AccountLink } from './AccountLink.tsx';
import { ACCOUNT_LINKS, useAwaitingBills } from './account-links.ts';
import classes from './AccountTabs.module.css';

/** Tabs across the client's pages (/account, /orders, /bills); the current one is marked for assistive technology. */
export function AccountTabs() {
  const awaiting = useAwaitingBills();
  return (
    <nav className={classes.tabs} aria-label="Личный кабинет">
      {ACCOUNT_LINKS.map((link) => (
        <AccountLink
          key={link.to}
          link={link}
          awaiting={awaiting}
          className={classes.tab}
          countClassName={classes.count}
        />
      ))}
    </nav>
  );
}
