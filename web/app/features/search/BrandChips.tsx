import { Kbd } from '../../ui/index.ts';
import type { BrandChip } from '@detal/contract';
import { Link, useNavigate } from 'react-router';
import { brandResultPath } from './search-options.ts';
import type { SearchOptions } from './search-options.ts';
import { deliveryTermText, fromPriceText, offersText } from './search-text.ts';
import classes from './search.module.css';
import { usePageKeys, type PageKey } from '../../lib/use-page-keys.ts';

interface BrandChipsProps {
  chips: readonly BrandChip[];
  /** The article every chip links to (normalized: one address per part). */
  article: string;
  options: SearchOptions;
  /** Keys 1–9 open the first nine chips (the chips page; not where chips are a side list). */
  withHotkeys?: boolean;
  /** Small one-line links without the description, in a row: where the chips are a side list (the full result). */
  compact?: boolean;
  label: string;
}

const HOTKEY_COUNT = 9;

/**
 * The brands that have an article: brand, description, offer count, lowest price and fastest delivery, each
 * linking to the brand's full result. People who buy parts every day pick a brand with the keys 1–9.
 */
export function BrandChips({ chips, article, options, withHotkeys = false, compact = false, label }: BrandChipsProps) {
  const navigate = useNavigate();
  const paths = chips.map((chip) => brandResultPath(chip.brand_name, article, options));
  usePageKeys(
    withHotkeys
      ? paths.slice(0, HOTKEY_COUNT).map((path, index): PageKey => [String(index + 1), () => void navigate(path)])
      : [],
  );

  return (
    <ul className={compact ? classes.chipsInline : classes.chips} aria-label={label}>
      {chips.map((chip, index) => (
        <li key={chip.brand_name}>
          <Link
            to={paths[index]!}
            className={compact ? `${classes.chip} ${classes.chipCompact}` : classes.chip}
            prefetch="intent"
          >
            <span className={classes.chipHead}>
              <span className={classes.chipBrand}>{chip.brand_name}</span>
              <span className={classes.chipArticle}>{chip.article}</span>
              {withHotkeys && index < HOTKEY_COUNT ? (
                <Kbd size="xs" className={classes.chipKey} aria-hidden="true">
                  {index + 1}
                </Kbd>
              ) : null}
            </span>
            {chip.description && !compact ? <span className={classes.chipDescription}>{chip.description}</span> : null}
            <span className={classes.chipStats}>
              {chip.offers_count > 0 ? (
                <>
                  <span>{offersText(chip.offers_count)}</span>
                  <span className={classes.chipPrice}>{fromPriceText(chip.min_price)}</span>
                  {chip.min_delivery !== null ? <span>{deliveryTermText(chip.min_delivery)}</span> : null}
                </>
              ) : (
                <span>нет предложений, есть аналоги</span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
