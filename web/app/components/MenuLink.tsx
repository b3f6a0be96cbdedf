import { Anchor } from '../ui/index.ts';
import type { MenuEntry } from '@detal/contract';
import { Link } from 'react-router';
import classes from './MenuLink.module.css';

/** Whether a menu URL leaves the app (a scheme such as https: or tel:, or a protocol-relative address). */
export const isExternal = (url: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');

/** A menu entry of the shop's template: in-app paths navigate client-side, other URLs are plain links. */
export function MenuLink({ entry }: { entry: MenuEntry }) {
  return isExternal(entry.url) ? (
    <Anchor href={entry.url} size="sm" rel="noopener" className={classes.menuLink}>
      {entry.title}
    </Anchor>
  ) : (
    <Anchor component={Link} to={entry.url} size="sm" className={classes.menuLink}>
      {entry.title}
    </Anchor>
  );
}
