import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BASKET_QUANTITY_STEP, NOTIFICATION_DURATION_MS } from '@detal/contract';
import { isApiError } from '../../lib/api/index.ts';
import { CartIcon } from '../icons.tsx';
import { addToBasket, reportBasketFailure } from './basket-api.ts';

export interface AddToBasketProps {
  offerId: number;
  /** The offer's stock: the most that can be put in the basket. */
  stock: number;
  /** A narrow form for dense tables: smaller input, the button's text hidden behind its icon. */
  compact?: boolean;
}

/** A whole number of pieces within 1 and the stock, from what the quantity box holds. */
export function boundedQuantity(value: number | string, stock: number): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(number)) return 1;
  return Math.min(Math.max(Math.trunc(number), 1), Math.max(stock, 1));
}

/**
 * Quantity and "В корзину" for one offer: adds it to the held basket (a new one when there is none) and keeps
 * the header's count. A refusal (more than the stock, counting what is already in the basket) is shown under
 * the control; other failures go through the error catalogue.
 */
export function AddToBasket({ offerId, stock, compact = false }: AddToBasketProps) {
  const [quantity, setQuantity] = useState<number | string>(1);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const size = compact ? 'xs' : 'sm';

  if (stock <= 0) {
    return (
      <Text size={size} c="dimmed">
        Нет в наличии
      </Text>
    );
  }

  const add = async () => {
    setPending(true);
    setRefusal(null);
    try {
      const pieces = boundedQuantity(quantity, stock);
      await addToBasket(offerId, pieces);
      notifications.show({
        color: 'green',
        message: `Добавлено в корзину: ${pieces} шт.`,
        autoClose: NOTIFICATION_DURATION_MS,
        withBorder: true,
      });
    } catch (error) {
      if (isApiError(error) && error.status === 409) setRefusal(error.message);
      else reportBasketFailure(error);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap={4} align="flex-start">
      <Group gap={6} wrap="nowrap">
        <NumberInput
          aria-label="Количество"
          size={size}
          w={compact ? 64 : 84}
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            setRefusal(null);
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
          onClick={() => void add()}
          loading={pending}
          aria-label="В корзину"
          px={compact ? 8 : undefined}
          leftSection={compact ? undefined : <CartIcon size={16} />}
        >
          {compact ? <CartIcon size={16} /> : 'В корзину'}
        </Button>
      </Group>
      {refusal ? (
        <Text size="xs" c="red" role="alert" maw={compact ? 180 : 260}>
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}
