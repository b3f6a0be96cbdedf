import { Badge, Button, Container } from '../ui/index.ts';
import { pluralRu } from '@detal/contract/browser';
import type { Template } from '@detal/contract';
import { Link, useLocation, useParams } from 'react-router';
import { useBasketCount } from '../features/basket/held-basket.ts';
import { ArticleSearch } from '../features/search/ArticleSearch.tsx';
import { useRememberVisitorSearch } from '../features/search/search-history.ts';
import { HeaderAccount } from '../features/clients/HeaderAccount.tsx';
import { CartIcon } from '../components/icons.tsx';
import { MenuLink } from '../components/MenuLink.tsx';
import { SITE_NAME } from '../lib/meta.ts';
import { MobileMenu } from './MobileMenu.tsx';
import classes from './SiteHeader.module.css';
import { paths } from '../paths.ts';

/** Said after "Корзина" in the cart link's name: "Корзина 3 позиции". */
const positionsText = (positions: number) => `${positions} ${pluralRu(positions, 'позиция', 'позиции', 'позиций')}`;

const SEARCH_BY_LIST = { title: 'Поиск по списку', url: paths.searchList() };

interface SiteHeaderProps {
  signedIn: boolean;
  /** The shop's template: the header menu, and the phone the phone menu shows. */
  template: Template | null;
}

export function SiteHeader({ signedIn, template }: SiteHeaderProps) {
  const menu = template?.menu.header ?? [];
  const { pathname } = useLocation();
  const { article, brand_name: brandName } = useParams();
  const positions = useBasketCount();
  useRememberVisitorSearch(signedIn, article, brandName);

  return (
    <header className={classes.header}>
      <Container size="content">
        <div className={classes.bar}>
          <Link to={paths.home()} className={classes.logo}>
            <span className={classes.logoMark} aria-hidden="true">
              Д
            </span>
            {SITE_NAME}
          </Link>
          {/* Keyed by the article so that the box follows navigation between search pages. */}
          <ArticleSearch
            key={article ?? ''}
            initialValue={article ?? ''}
            autoFocusOnDesktop={pathname === '/'}
            signedIn={signedIn}
          />
          <nav className={classes.actions} aria-label="Корзина и кабинет">
            <Button
              component={Link}
              to={paths.cart()}
              variant="default"
              className={classes.cart}
              leftSection={<CartIcon />}
              rightSection={
                <Badge
                  aria-hidden="true"
                  size="sm"
                  circle={positions < 10}
                  variant={positions > 0 ? 'filled' : 'light'}
                  color={positions > 0 ? 'orange' : 'gray'}
                >
                  {positions}
                </Badge>
              }
            >
              {/* The name comes from the content, so it always holds what the link shows (WCAG label-in-name). */}
              <span className={classes.wideOnly}>Корзина</span>{' '}
              <span className={classes.visuallyHidden}>{positionsText(positions)}</span>
            </Button>
            <HeaderAccount signedIn={signedIn} />
            <MobileMenu template={template} signedIn={signedIn} />
          </nav>
        </div>
        <nav className={classes.menu} aria-label="Разделы магазина">
          {menu.map((entry) => (
            <MenuLink key={`${entry.url}-${entry.title}`} entry={entry} />
          ))}
          {/* Search by list (decision 0029) in the sections' row rather than beside the box, which keeps its room. */}
          <MenuLink entry={SEARCH_BY_LIST} />
        </nav>
      </Container>
    </header>
  );
}
