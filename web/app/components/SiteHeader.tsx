import { Badge, Button, Container } from '@mantine/core';
import type { MenuEntry } from '@detal/contract';
import { Link, useLocation, useParams } from 'react-router';
import { useBasketStore } from '../stores/basket.ts';
import { ArticleSearch } from './ArticleSearch.tsx';
import { CartIcon } from './CartIcon.tsx';
import { MenuLink } from './MenuLink.tsx';
import { SITE_NAME } from '../lib/meta.ts';
import classes from './SiteHeader.module.css';

export const CONTENT_WIDTH = 1320;

interface SiteHeaderProps {
  signedIn: boolean;
  menu: MenuEntry[];
}

export function SiteHeader({ signedIn, menu }: SiteHeaderProps) {
  const { pathname } = useLocation();
  const { article } = useParams();
  const positions = useBasketStore((state) => state.total_positions_in_basket);

  return (
    <header className={classes.header}>
      <Container size={CONTENT_WIDTH}>
        <div className={classes.bar}>
          <Link to="/" className={classes.logo} aria-label={`${SITE_NAME} — на главную`}>
            <span className={classes.logoMark} aria-hidden="true">
              Д
            </span>
            {SITE_NAME}
          </Link>
          {/* Keyed by the article so that the box follows navigation between search pages. */}
          <ArticleSearch key={article ?? ''} initialValue={article ?? ''} autoFocusOnDesktop={pathname === '/'} />
          <nav className={classes.actions} aria-label="Корзина и кабинет">
            <Button
              component={Link}
              to="/cart"
              variant="default"
              aria-label={`Корзина, позиций: ${positions}`}
              leftSection={<CartIcon />}
              rightSection={
                <Badge
                  size="sm"
                  circle={positions < 10}
                  variant={positions > 0 ? 'filled' : 'light'}
                  color={positions > 0 ? 'orange' : 'gray'}
                >
                  {positions}
                </Badge>
              }
            >
              <span className={classes.wideOnly}>Корзина</span>
            </Button>
            {signedIn ? (
              <Button component={Link} to="/account" variant="subtle">
                Кабинет
              </Button>
            ) : (
              <Button component={Link} to="/login" variant="subtle">
                Войти
              </Button>
            )}
          </nav>
        </div>
        {menu.length > 0 ? (
          <nav className={classes.menu} aria-label="Разделы магазина">
            {menu.map((entry) => (
              <MenuLink key={`${entry.url}-${entry.title}`} entry={entry} />
            ))}
          </nav>
        ) : null}
      </Container>
    </header>
  );
}
