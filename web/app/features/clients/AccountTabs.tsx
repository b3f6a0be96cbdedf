import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { AccountLink } from './AccountLink.tsx';
import { ACCOUNT_LINKS, useAwaitingBills } from './account-links.ts';
import classes from './AccountTabs.module.css';

/**
 * Tabs across the client's pages (/account, /orders, /bills, /returns); the current one is marked for assistive
 * technology.
 */
export function AccountTabs() {
  const awaiting = useAwaitingBills();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: the current one is brought into view (the last ones start hidden), again
  // when the window's width changes (a phone turned).
  useEffect(() => {
    const reveal = () => {
      const current = nav.current?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!nav.current || !current) return;
      const { offsetLeft, offsetWidth } = current;
      const { scrollLeft, clientWidth } = nav.current;
      if (offsetLeft < scrollLeft || offsetLeft + offsetWidth > scrollLeft + clientWidth) {
        nav.current.scrollLeft = offsetLeft + offsetWidth - clientWidth;
      }
    };
    reveal();
    window.addEventListener('resize', reveal);
    return () => window.removeEventListener('resize', reveal);
  }, [pathname]);
  return (
    <nav ref={nav} className={classes.tabs} aria-label="Личный кабинет">
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
