import type { ReactNode } from 'react';
import { Alert, Anchor, Text } from '../../ui/index.ts';
import { normalizeArticle } from '@detal/contract/browser';
import type { SearchResult } from '@detal/contract';
import { Link, useNavigation } from 'react-router';
import { BrandChips } from './BrandChips.tsx';
import { GeneralInfo } from './GeneralInfo.tsx';
import { OfferList } from './OfferList.tsx';
import { SearchControls } from './SearchControls.tsx';
import { hasFilters, searchOptionsQuery } from './search-options.ts';
import type { SearchOptions } from './search-options.ts';
import { chipOf, displayArticle, splitGroups } from './search-text.ts';
import classes from './search.module.css';
import { paths } from '../../paths.ts';

interface FullResultProps {
  /** A result with `brand_name` set. */
  result: SearchResult;
  options: SearchOptions;
}

/** Said when the article was found only after swapping a wrong keyboard layout ('щс90' -> 'OC90'). */
export function LayoutSwapNotice({ result }: { result: SearchResult }) {
  if (normalizeArticle(result.article) === result.normalized_article) return null;
  return (
    <Alert color="yellow" className={classes.layoutNotice} title="Исправили раскладку">
      По «{result.article}» ничего нет, показываем {result.normalized_article}: похоже, артикул набран в русской
      раскладке.
    </Alert>
  );
}

function Section({
  title,
  count,
  aside,
  children,
}: {
  title: string;
  count: number;
  /** Beside the heading when there is room: the sort and filters. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={classes.section} aria-label={title}>
      <div className={classes.sectionHead}>
        <h2 className={classes.sectionTitle}>
          {title} <span className={classes.sectionCount}>{count}</span>
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * The full result of a brand's article, dense enough for a laptop's first screen to hold ten offers: the part
 * and its facts on one line, the other brands as one row of links, then the requested offers (the sort and
 * filters beside their heading) and the analogs, each grouped by part.
 */
export function FullResult({ result, options }: FullResultProps) {
  const navigation = useNavigation();
  const brandName = result.brand_name ?? '';
  const article = displayArticle(result);
  const chip = chipOf(result);
  const otherBrands = result.brands.filter((brand) => brand.brand_name !== result.brand_name);
  const { requested, analogs } = splitGroups(result.items);
  const filtered = hasFilters(options);
  const emptyText = (what: string) => (filtered ? `${what} с такими условиями нет: смягчите фильтры.` : `${what} нет.`);

  return (
    <>
      <div className={classes.resultHead}>
        <h1 className={classes.resultTitle}>
          {brandName} {article}
        </h1>
        <GeneralInfo chip={chip} requested={requested} />
      </div>
      <LayoutSwapNotice result={result} />
      <div className={navigation.state === 'loading' ? `${classes.sections} ${classes.pending}` : classes.sections}>
        {otherBrands.length > 0 ? (
          <div className={classes.otherBrands}>
            <span className={classes.otherBrandsLabel}>Этот артикул есть и у других брендов:</span>
            <BrandChips
              chips={otherBrands}
              article={result.normalized_article}
              options={options}
              compact
              label={`Другие бренды с артикулом ${article}`}
            />
            <Anchor
              component={Link}
              to={paths.searchArticle(result.normalized_article, searchOptionsQuery(options))}
              className={classes.allBrandsLink}
            >
              Все бренды с артикулом {article}
            </Anchor>
          </div>
        ) : null}
        <Section
          title={`Предложения ${brandName} ${article}`}
          count={requested.length}
          aside={<SearchControls key={searchOptionsQuery(options)} options={options} />}
        >
          {requested.length > 0 ? (
            <OfferList items={requested} label={`Предложения ${brandName} ${article}`} options={options} />
          ) : (
            <Text className={classes.dimmed}>
              {chip && chip.offers_count > 0
                ? emptyText('Предложений')
                : 'Этот артикул сейчас не продаётся: посмотрите аналоги.'}
            </Text>
          )}
        </Section>
        <Section title="Аналоги" count={analogs.length}>
          {analogs.length > 0 ? (
            <OfferList
              items={analogs}
              label={`Аналоги ${brandName} ${article}`}
              options={options}
              analogOf={brandName ? { article: result.normalized_article, brand_name: brandName } : undefined}
            />
          ) : (
            <Text className={classes.dimmed}>{emptyText('Аналогов')}</Text>
          )}
        </Section>
      </div>
    </>
  );
}
