import type { Offer } from '@detal/contract';
import { formatRoubles } from '@detal/contract/browser';
import { Link } from 'react-router';
import { AddToBasket } from '../basket/AddToBasket.tsx';
import { DeliveryTime } from '../../components/DeliveryTime.tsx';
import { offerSearchPath, stockText } from './offer-text.ts';
import classes from './OfferCard.module.css';

/** One offer as a card (recommendations, and the group's offers on narrow screens), with add to basket. */
export function OfferCard({ offer }: { offer: Offer }) {
  return (
    <article className={classes.card} aria-label={`${offer.brand_name} ${offer.article}`}>
      <div className={classes.body}>
        <div className={classes.top}>
          <div className={classes.head}>
            <p className={classes.part}>
              {offer.brand_name}{' '}
              <Link to={offerSearchPath(offer)} className={classes.article}>
                {offer.article}
              </Link>
            </p>
            <p className={offer.quantity > 0 ? `${classes.stock} ${classes.inStock}` : classes.stock}>
              {stockText(offer.quantity)}
            </p>
          </div>
          <p className={classes.description}>{offer.description}</p>
          <p className={classes.small}>
            Срок: <DeliveryTime days={offer.delivery} />
            {offer.supplier_name ? ` · ${offer.supplier_name}` : ''}
          </p>
        </div>
        <div className={classes.foot}>
          <p className={classes.price}>{formatRoubles(offer.price)}</p>
          <AddToBasket
            offerId={offer.id}
            stock={offer.quantity}
            part={`${offer.brand_name} ${offer.article}`}
            compact
          />
        </div>
      </div>
    </article>
  );
}
