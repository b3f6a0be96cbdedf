import { redirect } from 'react-router';
import type { Route } from './+types/search-form';
import { searchPath } from '../features/search/ArticleSearch.tsx';
import { paths } from '../paths.ts';

/**
 * `/search?article=oc+90`: where the search forms land when they are sent before the page's scripts run, or
 * without them (a plain GET form). Sends the browser on to the search page's own address; blank input, home.
 */
export function loader({ request }: Route.LoaderArgs) {
  const article = new URL(request.url).searchParams.get('article') ?? '';
  return redirect(searchPath(article) ?? paths.home());
}
