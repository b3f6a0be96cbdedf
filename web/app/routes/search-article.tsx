import { Kbd } from '../ui/index.ts';
import classes from '../features/search/search.module.css';
import { redirect } from 'react-router';
import type { Route } from './+types/search-article';
import { PageIntro } from '../components/PageIntro.tsx';
import { BrandChips } from '../features/search/BrandChips.tsx';
import { LayoutSwapNotice } from '../features/search/FullResult.tsx';
import { SearchNotFound } from '../features/search/SearchNotFound.tsx';
import { loadSearch } from '../features/search/search-loader.server.ts';
import { brandResultPath } from '../features/search/search-options.ts';
import { brandsText, chipsPageText, displayArticle, notFoundText, offersText } from '../features/search/search-text.ts';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

/**
 * The brand chips of an article. When exactly one brand has it, the visitor is sent on to that brand's full
 * result (a temporary redirect, keeping sort and filters): the full result lives at one address, the one shared
 * and indexed, and tomorrow's price list may add a second brand.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  const data = await loadSearch(request, context, params.article, null);
  const brandName = data.result?.brand_name;
  if (data.result && brandName)
    throw redirect(brandResultPath(brandName, data.result.normalized_article, data.options));
  return data;
}

export const meta: Route.MetaFunction = ({ data, params }) => {
  if (!data?.result || data.result.brands.length === 0) {
    const text = notFoundText(params.article);
    return [...pageMeta(text.title, text.description), { name: 'robots', content: 'noindex' }];
  }
  const text = chipsPageText(data.result);
  return pageMeta(text.title, text.description);
};

export default function SearchArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, result, problem, options } = loaderData;
  if (!result || result.brands.length === 0) {
    return (
      <SearchNotFound article={article} normalizedArticle={result?.normalized_article ?? null} problem={problem} />
    );
  }
  const shown = displayArticle(result);
  const offers = result.brands.reduce((total, chip) => total + chip.offers_count, 0);
  return (
    <>
      <PageIntro title={`Артикул ${shown}`}>
        Вы искали «{result.article}»: {brandsText(result.brands.length)}, {offersText(offers)}. Выберите бренд, чтобы
        сравнить цены, сроки поставки и аналоги.
      </PageIntro>
      <LayoutSwapNotice result={result} />
      <div className={classes.brandsBlock}>
        <BrandChips
          chips={result.brands}
          article={result.normalized_article}
          options={options}
          withHotkeys
          label={`Бренды с артикулом ${shown}`}
        />
        <div className={classes.hotkeysHint}>
          <p className={classes.hint}>Быстрый выбор: клавиши</p>
          <Kbd>1</Kbd>
          <p className={classes.hint}>…</p>
          <Kbd>{Math.min(result.brands.length, 9)}</Kbd>
        </div>
      </div>
    </>
  );
}
