import { NavLink } from 'react-router';
import { accountLinkName, type ACCOUNT_LINKS } from './account-links.ts';

interface AccountLinkProps {
  link: (typeof ACCOUNT_LINKS)[number];
  /** Bills awaiting payment: shown beside the bills link. */
  awaiting: number | null;
  className?: string;
  countClassName?: string;
}

/** One of the client's pages, marked current when open, the bills one with the count awaiting payment. */
export function AccountLink({ link, awaiting, className, countClassName }: AccountLinkProps) {
  const count = 'counted' in link && awaiting ? awaiting : null;
  return (
    <NavLink className={className} to={link.to} aria-label={accountLinkName(link.label, count)}>
      {link.label}
      {count ? (
        <span className={countClassName} aria-hidden="true">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}
