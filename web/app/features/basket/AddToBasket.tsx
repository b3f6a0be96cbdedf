import { useState } from 'react';
import { useFetcher } from 'react-router';
import { BASKET_QUANTITY_STEP } from '@detal/contract/browser';
import { basketSubmit } from './basket-route.ts';
import { usePiecesInBasket } from './held-basket.ts';
import type { BasketActionResult } from './basket-route.ts';
import type { AnalogOf } from './basket-api.ts';
import classes from './AddToBasket.module.css';

export interface AddToBasketProps {
  offerId: number;
  /** The offer's stock: the most that can be put in the basket. */
  stock: number;
  /** A narrow form for dense tables: smaller input, the button's text hidden behind its icon. */
  compact?: boolean;
  /** The part as the notice after an add names it: brand and article. */
  part?: string;
  /** The part searched, when this offer is shown as its analog: the order line then counts for the pair. */
  analogOf?: AnalogOf;
}

/**
 * Quantity and "В корзину" for one offer: adds it to the held basket (a new one when there is none) and keeps
 * the header's count. A refusal (more than the stock, counting what is already in the basket) is shown under
 * the control; other failures go through the error catalogue.
 *
 * Plain elements rather than Mantine's NumberInput and Button: a result page holds one control per offer, and
 * on the server those components cost most of the page's render time. A quantity typed past the stock becomes
 * the stock, with a hint that says so (never cut silently).
 */
export function AddToBasket({ offerId, stock, compact = false, part, analogOf }: AddToBasketProps) {
  const inBasket = usePiecesInBasket(offerId);
  const fetcher = useFetcher<BasketActionResult>();
  // A refusal shows until the quantity changes or the next add.
  const [refusalSeen, setRefusalSeen] = useState<unknown>(null);
  const [clamped, setClamped] = useState(false);
  const answer = fetcher.state === 'idle' ? fetcher.data : null;
  const refusal = answer && 'refusal' in answer && answer !== refusalSeen ? answer.refusal : null;
  const busy = fetcher.state !== 'idle';
  const sizeClass = compact ? classes.compact : '';

  if (stock <= 0) return <span className={`${classes.none} ${sizeClass}`}>Нет в наличии</span>;

  return (
    <div className={`${classes.control} ${sizeClass}`}>
      <fetcher.Form {...basketSubmit} className={classes.row}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="offer" value={offerId} />
        <input type="hidden" name="stock" value={stock} />
        {part ? <input type="hidden" name="part" value={part} /> : null}
        {analogOf ? (
          <>
            <input type="hidden" name="analog_article" value={analogOf.article} />
            <input type="hidden" name="analog_brand" value={analogOf.brand_name} />
          </>
        ) : null}
        <input
          className={classes.quantity}
          type="number"
          name="quantity"
          aria-label="Количество"
          inputMode="numeric"
          defaultValue={1}
          min={1}
          step={BASKET_QUANTITY_STEP}
          max={stock}
          onChange={(event) => {
            setRefusalSeen(answer);
            const typed = Number.parseInt(event.target.value, 10);
            if (typed > stock) event.target.value = String(stock);
            setClamped(typed > stock);
          }}
        />
        {/* Never disabled while busy: a disabled button would drop the keyboard focus to the page body. */}
        <button
          className={classes.button}
          type="submit"
          aria-label="В корзину"
          aria-busy={busy}
          onClick={(event) => busy && event.preventDefault()}
        >
          <span className={classes.cartIcon} aria-hidden="true" />
          {compact ? null : 'В корзину'}
        </button>
      </fetcher.Form>
      {inBasket > 0 ? <span className={classes.hint}>в корзине: {inBasket}</span> : null}
      {clamped ? (
        <span className={classes.hint} role="status">
          В наличии {stock} шт.
        </span>
      ) : null}
      {refusal ? (
        <span className={classes.refusal} role="alert">
          {refusal}
        </span>
      ) : null}
    </div>
  );
}
