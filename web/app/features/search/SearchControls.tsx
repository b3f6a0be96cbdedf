import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Anchor, Button, Checkbox, NumberInput, SegmentedControl } from '../../ui/index.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { SearchSort } from '@detal/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  DEFAULT_SEARCH_OPTIONS,
  MAX_DELIVERY_LIMIT,
  SEARCH_QUERY_KEYS,
  hasFilters,
  searchOptionsQuery,
} from './search-options.ts';
import type { SearchOptions } from './search-options.ts';
import classes from './search.module.css';

const SORT_CHOICES: { value: SearchSort; label: string }[] = [
  { value: 'price', label: 'Дешевле' },
  { value: 'delivery', label: 'Быстрее' },
];

/**
 * Sort and filters of a full result. Each change goes into the URL query (shareable, rendered on the server);
 * the page's loader then asks the API again. The delivery limit applies on Enter or when the box loses focus.
 * Before the scripts run (or without them) it is a plain GET form of the same query keys with its own button.
 */
export function SearchControls({ options }: { options: SearchOptions }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sortLabelId = useId();
  const scripted = useHydrated();
  // The parent keys this form by the options of the URL, so it restarts whenever they change.
  const [maxDelivery, setMaxDelivery] = useState<string | number>(options.maxDelivery ?? '');

  const apply = (next: SearchOptions) => {
    void navigate(`${pathname}${searchOptionsQuery(next)}`, { replace: true, preventScrollReset: true });
  };

  const typedMaxDelivery = (): number | null => {
    const days = typeof maxDelivery === 'number' ? maxDelivery : Number.parseInt(maxDelivery, 10);
    return Number.isInteger(days) && days >= 0 ? Math.min(days, MAX_DELIVERY_LIMIT) : null;
  };

  const applyMaxDelivery = () => {
    const days = typedMaxDelivery();
    if (days !== options.maxDelivery) apply({ ...options, maxDelivery: days });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    applyMaxDelivery();
  };

  return (
    <form
      className={classes.controls}
      method="get"
      action={pathname}
      onSubmit={submit}
      aria-label="Сортировка и фильтры"
    >
      <div className={classes.inlineField}>
        <span className={classes.controlLabel} id={sortLabelId}>
          Сортировка
        </span>
        <SegmentedControl
          size="xs"
          aria-labelledby={sortLabelId}
          name={SEARCH_QUERY_KEYS.sort}
          data={SORT_CHOICES}
          value={options.sort}
          onChange={(value) => apply({ ...options, sort: value as SearchSort })}
        />
      </div>
      <Checkbox
        size="sm"
        label="Только в наличии"
        name={SEARCH_QUERY_KEYS.inStock}
        checked={options.inStock}
        onChange={(event) => apply({ ...options, inStock: event.currentTarget.checked })}
      />
      <div className={classes.deliveryControl}>
        <NumberInput
          size="xs"
          className={classes.inlineField}
          label="Срок до, дн."
          name={SEARCH_QUERY_KEYS.maxDelivery}
          placeholder="любой"
          min={0}
          max={MAX_DELIVERY_LIMIT}
          allowDecimal={false}
          allowNegative={false}
          value={maxDelivery}
          onChange={setMaxDelivery}
          onBlur={applyMaxDelivery}
        />
        {scripted ? null : (
          <Button type="submit" size="xs" variant="light">
            Применить
          </Button>
        )}
        {hasFilters(options) ? (
          <Anchor
            component={Link}
            to={`${pathname}${searchOptionsQuery({ ...DEFAULT_SEARCH_OPTIONS, sort: options.sort })}`}
            replace
            preventScrollReset
            size="sm"
          >
            Сбросить фильтры
          </Anchor>
        ) : null}
      </div>
    </form>
  );
}
