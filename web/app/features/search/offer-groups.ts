import { normalizeArticle } from '@detal/contract/browser';
import type { SearchItem } from '@detal/contract';

/** How many offers of one part a result shows before «ещё N»: the best ones by the chosen sort. */
export const OFFERS_SHOWN_PER_PART = 3;

/** The offers of one part (a brand's article, whatever its written form), in the order the result sorted them. */
export interface PartOffers {
  /** Brand and normalized article: 'KNECHT OC90'. */
  key: string;
  brandName: string;
  /** The written form of the part's best offer. */
  article: string;
  items: SearchItem[];
}

/**
 * Groups a sorted list of offers by part, keeping the order: a part comes where its best offer came, and its
 * offers follow in their order ('OC 90' and 'OC-90' of one brand are one part).
 */
export function groupByPart(items: readonly SearchItem[]): PartOffers[] {
  const parts = new Map<string, PartOffers>();
  for (const item of items) {
    const key = `${item.brand_name} ${normalizeArticle(item.article)}`;
    const part = parts.get(key);
    if (part) part.items.push(item);
    else parts.set(key, { key, brandName: item.brand_name, article: item.article, items: [item] });
  }
  return [...parts.values()];
}
