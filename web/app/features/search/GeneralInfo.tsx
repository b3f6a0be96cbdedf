import { Paper, Title } from '../../ui/index.ts';
import type { BrandChip, SearchItem } from '@detal/contract';
import { formatWeight, fromDeliveryText, fromPriceText, offersText } from './search-text.ts';
import classes from './search.module.css';

interface GeneralInfoProps {
  brandName: string;
  article: string;
  /** The brand's figures for the article, whatever the filters; absent when the brand has no offer of it. */
  chip: BrandChip | undefined;
  /** The requested article's offers: the part's weight is read from them. */
  requested: readonly SearchItem[];
}

/** What the article is: brand, article, description, weight, and the brand's offers of it at a glance. */
export function GeneralInfo({ brandName, article, chip, requested }: GeneralInfoProps) {
  const weight = requested.find((item) => item.weight !== null)?.weight ?? null;
  const offers = chip && chip.offers_count > 0 ? chip : null;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="general-info-title">
      <Title order={2} fz={15} mb={6} id="general-info-title">
        Общая информация
      </Title>
      <dl className={classes.info}>
        <dt>Бренд</dt>
        <dd>
          <strong>{brandName}</strong>
        </dd>
        <dt>Артикул</dt>
        <dd className={classes.mono}>{article}</dd>
        <dt>Описание</dt>
        <dd>{chip?.description || '-'}</dd>
        <dt>Вес</dt>
        <dd>{formatWeight(weight)}</dd>
        <dt>Предложения</dt>
        <dd>
          {offers
            ? [
                offersText(offers.offers_count),
                fromPriceText(offers.min_price),
                offers.min_delivery === null ? null : `срок ${fromDeliveryText(offers.min_delivery)}`,
              ]
                .filter(Boolean)
                .join(', ')
            : 'нет, только аналоги'}
        </dd>
      </dl>
    </Paper>
  );
}
