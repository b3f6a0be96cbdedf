import { VisuallyHidden } from '../../ui/index.ts';
import type { BrandChip, SearchItem } from '@detal/contract';
import { formatWeight, deliveryTermText, fromPriceText, offersText } from './search-text.ts';
import { FactList, type Fact } from './FactList.tsx';
import classes from './search.module.css';

interface GeneralInfoProps {
  /** The brand's figures for the article, whatever the filters; absent when the brand has no offer of it. */
  chip: BrandChip | undefined;
  /** The requested article's offers: the part's weight is read from them. */
  requested: readonly SearchItem[];
}

/**
 * What the part is, on one line beside its heading (the brand and article are the heading): description,
 * weight, and the brand's offers of it at a glance.
 */
export function GeneralInfo({ chip, requested }: GeneralInfoProps) {
  const weight = requested.find((item) => item.weight !== null)?.weight ?? null;
  const offers = chip && chip.offers_count > 0 ? chip : null;
  const facts: Fact[] = [
    ['Описание', chip?.description || '-'],
    // Unknown weight is left out rather than shown as a dash: the line is for what is known.
    ...(weight === null ? [] : [['Вес', formatWeight(weight)] as const]),
    [
      'Предложения',
      offers
        ? [offersText(offers.offers_count), fromPriceText(offers.min_price), deliveryTermText(offers.min_delivery)]
            .filter(Boolean)
            .join(', ')
        : 'нет, только аналоги',
    ],
  ];
  return (
    <section aria-labelledby="general-info-title">
      <VisuallyHidden component="h2" id="general-info-title">
        Общая информация
      </VisuallyHidden>
      <FactList facts={facts} className={classes.infoLine} />
    </section>
  );
}
