import classes from '../features/search/search.module.css';
import type { Route } from './+types/search-brand-article';
import { BrandChips } from '../features/search/BrandChips.tsx';
import { FullResult } from '../features/search/FullResult.tsx';
import { SearchNotFound } from '../features/search/SearchNotFound.tsx';
import { loadSearch } from '../features/search/search-loader.server.ts';
import { chipOf, displayArticle, fullResultText, notFoundText } from '../features/search/search-text.ts';
import { enforceAccess } from '../lib/access.ts';
import type { AccessHandle } from '../lib/access.ts';
import { pageMeta } from '../lib/meta.ts';

export const handle = { access: 'public' } satisfies AccessHandle;

export function loader({ request, context, params }: Route.LoaderArgs) {
  enforceAccess(request, handle);
  return loadSearch(request, context, params.article, params.brand_name);
}

export const meta: Route.MetaFunction = ({ data, params }) => {
  const result = data?.result;
  if (!result?.brand_name || !chipOf(result)) {
    const text = notFoundText(`${params.brand_name} ${params.article}`);
    return [...pageMeta(text.title, text.description), { name: 'robots', content: 'noindex' }];
  }
  const text = fullResultText(result);
  return pageMeta(text.title, text.description);
};

/** A brand's full result; when the brand has nothing of the article, the brands that do. */
export default function SearchBrandArticlePage({ loaderData, params }: Route.ComponentProps) {
  const { article, result, problem, options } = loaderData;
  if (result?.brand_name && chipOf(result)) return <FullResult result={result} options={options} />;

  const brandName = result?.brand_name ?? params.brand_name;
  return (
    <SearchNotFound
      article={article}
      normalizedArticle={result?.normalized_article ?? null}
      brandName={brandName}
      problem={problem}
    >
      {result && result.brands.length > 0 ? (
        <div className={classes.section}>
          <p className={classes.notFoundLead}>
            У бренда {brandName} нет артикула {displayArticle(result)}, но он есть у других брендов:
          </p>
          <BrandChips
            chips={result.brands}
            article={result.normalized_article}
            options={options}
            withHotkeys
            label={`Бренды с артикулом ${displayArticle(result)}`}
          />
        </div>
      ) : null}
    </SearchNotFound>
  );
}
