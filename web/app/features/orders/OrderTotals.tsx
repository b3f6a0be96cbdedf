import { Divider, Group, Stack, Text } from '../../ui/index.ts';
import { formatRoubles, sumMoney } from '@detal/contract/browser';

/** 'Бесплатно' for a free delivery, else its price. */
export const deliveryPriceText = (price: number) => (price === 0 ? 'Бесплатно' : formatRoubles(price));

/** Goods, delivery and the total the bill asks for (computed in kopecks underneath). */
export function OrderTotals({ goods, delivery }: { goods: number; delivery: number | null }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="md">
        <Text size="sm" tone="muted">
          Товары
        </Text>
        <Text size="sm">{formatRoubles(goods)}</Text>
      </Group>
      <Group justify="space-between" gap="md">
        <Text size="sm" tone="muted">
          Доставка
        </Text>
        <Text size="sm">{delivery === null ? 'выберите способ' : deliveryPriceText(delivery)}</Text>
      </Group>
      <Divider />
      <Group justify="space-between" gap="md">
        <Text weight={700}>Итого</Text>
        <Text weight={700} size="xl" aria-live="polite" data-testid="order-total">
          {formatRoubles(sumMoney([goods, delivery ?? 0]))}
        </Text>
      </Group>
    </Stack>
  );
}
