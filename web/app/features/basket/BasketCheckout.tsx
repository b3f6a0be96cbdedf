import { useState } from 'react';
import { Box, Button, Card, Flex, Group, Modal, Text } from '../../ui/index.ts';
import { useNavigate } from 'react-router';
import { formatRoubles, multiplyMoney, pluralRu, sumMoney } from '@detal/contract/browser';
import type { BasketItem } from '@detal/contract';
import { paths } from '../../paths.ts';
import classes from './basket.module.css';

/**
 * Where "Оформить заказ" leads: a signed-in client to the order form with the chosen basket lines (the orders
 * page runs step 1 for them), a visitor to sign-in first and back to the basket after.
 */
export function checkoutPath(signedIn: boolean, chosenLineIds: readonly number[]): string {
  if (!signedIn) return paths.login(paths.cart());
  return paths.orderCreate(chosenLineIds);
}

/** Sum of price × quantity of the lines, in kopecks underneath (no float arithmetic on money). */
export const linesTotal = (lines: readonly BasketItem[]): number =>
  sumMoney(lines.map((line) => multiplyMoney(line.price, line.quantity_in_basket)));

const positions = (count: number) => `${count} ${pluralRu(count, 'позиция', 'позиции', 'позиций')}`;

interface BasketCheckoutProps {
  items: BasketItem[];
  chosen: BasketItem[];
  signedIn: boolean;
  onClear: () => void;
}

/** The total, "clear basket" (confirmed first) and the button that starts the order. */
export function BasketCheckout({ items, chosen, signedIn, onClear }: BasketCheckoutProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const allChosen = chosen.length === items.length;

  return (
    <Card withBorder radius="md" padding="md">
      {/* Phones: the total and the order button first, full width; clearing last. */}
      <Flex
        direction={{ base: 'column-reverse', md: 'row' }}
        justify="space-between"
        align={{ base: 'stretch', md: 'center' }}
        gap="md"
      >
        <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
          Очистить корзину
        </Button>
        <Flex direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'center' }} gap="md">
          <Box className={classes.total}>
            <Text size="sm" tone="dimmed">
              {allChosen ? `В заказе ${positions(chosen.length)}` : `Выбрано ${chosen.length} из ${items.length}`}
            </Text>
            <Text weight={700} size="xl" aria-live="polite">
              Итого: {formatRoubles(linesTotal(chosen))}
            </Text>
            {allChosen ? null : (
              <Text size="xs" tone="dimmed">
                Вся корзина: {formatRoubles(linesTotal(items))}
              </Text>
            )}
          </Box>
          <Button
            size="md"
            disabled={chosen.length === 0}
            onClick={() =>
              void navigate(
                checkoutPath(
                  signedIn,
                  chosen.map((line) => line.id),
                ),
              )
            }
          >
            Оформить заказ
          </Button>
        </Flex>
      </Flex>
      {signedIn ? null : (
        <Text size="xs" tone="dimmed" className={classes.signInHint}>
          Чтобы оформить заказ, войдите или зарегистрируйтесь: корзина сохранится.
        </Text>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Очистить корзину?" centered>
        <Text size="sm">Все позиции будут удалены из корзины. Это действие нельзя отменить.</Text>
        <Group justify="flex-end" className={classes.confirmActions}>
          <Button variant="default" onClick={() => setConfirming(false)}>
            Отмена
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirming(false);
              onClear();
            }}
          >
            Очистить
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
