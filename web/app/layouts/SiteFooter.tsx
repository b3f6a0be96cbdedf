import type { Template } from '@detal/contract';
import { SITE_NAME } from '../lib/meta.ts';
import { MenuLink } from '../components/MenuLink.tsx';
import { paths } from '../paths.ts';
import { telHref } from './phone.ts';
import classes from './SiteFooter.module.css';

/** The footer from the shop's template; without one (the call failed) it shows just the shop's name. */
export function SiteFooter({ template }: { template: Template | null }) {
  const shop = template?.shop;
  const menu = template?.menu.footer ?? [];
  const name = shop?.name || SITE_NAME;

  return (
    <footer id="contacts-footer" className={classes.footer}>
      <div className={classes.inner}>
        {shop ? (
          <div className={classes.columns}>
            <div className={classes.column}>
              <p className={classes.name}>{name}</p>
              {shop.address ? <p className={classes.line}>{shop.address}</p> : null}
              {shop.work_hours ? <p className={`${classes.line} ${classes.dimmed}`}>{shop.work_hours}</p> : null}
            </div>
            <div className={classes.column}>
              {shop.phone ? (
                <a href={telHref(shop.phone)} className={`${classes.link} ${classes.phone}`}>
                  {shop.phone}
                </a>
              ) : null}
              {shop.email ? (
                <a href={`mailto:${shop.email}`} className={`${classes.link} ${classes.email}`}>
                  {shop.email}
                </a>
              ) : null}
            </div>
            <nav className={classes.column} aria-label="Информация">
              <MenuLink entry={{ title: 'Каталог', url: paths.catalog() }} />
              {menu.map((entry) => (
                <MenuLink key={`${entry.url}-${entry.title}`} entry={entry} />
              ))}
            </nav>
          </div>
        ) : null}
        <p className={classes.note}>{`© ${name}`}</p>
      </div>
    </footer>
  );
}
