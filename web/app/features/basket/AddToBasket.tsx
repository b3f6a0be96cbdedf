import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useFetcher } from 'react-router';
import { BASKET_QUANTITY_STEP } from '@detal/contract';
import { CartIcon } from '../../components/icons.tsx';
import { basketSubmit, boundedQuantity } from './basket-route.ts';
import type { BasketActionResult } from './basket-route.ts';

export interface AddToBasketProps {
  offerId: number;
  /** The offer's stock: the most that can be put in the basket. */
  stock: number;
  /** A narrow form for dense tables: smaller input, the button's text hidden behind its icon. */
  compact?: boolean;
}

/**
 * Quantity and "В корзину" for one offer: adds it to the held basket (a new one when there is none) and keeps
 * the header's count. A refusal (more than the stock, counting what is already in the basket) is shown under
 * the control; other failures go through the error catalogue.
 */
export function AddToBasket({ offerId, stock, compact = false }: AddToBasketProps) {
  const [quantity, setQuantity] = useState<number | string>(1);
  const fetcher = useFetcher<BasketActionResult>();
  // A refusal shows until the quantity changes or the next add.
  const [refusalSeen, setRefusalSeen] = useState<unknown>(null);
  const answer = fetcher.state === 'idle' ? fetcher.data : null;
  const refusal = answer && 'refusal' in answer && answer !== refusalSeen ? answer.refusal : null;
  const size = compact ? 'xs' : 'sm';

  if (stock <= 0) {
    return (
      <Text size={size} c="dimmed">
        Нет в наличии
      </Text>
    );
  }

  return (
    <Stack gap={4} align="flex-start">
      <fetcher.Form {...basketSubmit}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="offer" value={offerId} />
        <input type="hidden" name="stock" value={stock} />
        <Group gap={6} wrap="nowrap">
          <NumberInput
            aria-label="Количество"
            name="quantity"
            size={size}
            w={compact ? 64 : 84}
            value={quantity}
            onChange={(value) => {
              setQuantity(value);
              setRefusalSeen(answer);
            }}
            onBlur={() => setQuantity(boundedQuantity(quantity, stock))}
            min={1}
            max={stock}
            step={BASKET_QUANTITY_STEP}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            hideControls={compact}
          />
          <Button
            size={size}
            type="submit"
            loading={fetcher.state !== 'idle'}
            aria-label="В корзину"
            px={compact ? 8 : undefined}
            leftSection={compact ? undefined : <CartIcon size={16} />}
          >
            {compact ? <CartIcon size={16} /> : 'В корзину'}
          </Button>
        </Group>
      </fetcher.Form>
      {refusal ? (
        <Text size="xs" c="red" role="alert" maw={compact ? 180 : 260}>
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}
