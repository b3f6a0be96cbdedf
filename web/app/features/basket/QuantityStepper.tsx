import { ActionIcon, Group, Text } from '../../ui/index.ts';
import { BASKET_QUANTITY_STEP } from '@detal/contract/browser';

interface QuantityStepperProps {
  quantity: number;
  /** The offer's stock: the upper bound. */
  stock: number;
  /** What the quantity is of, for the buttons' names ("Увеличить количество: OC 90"). */
  label: string;
  onStep: (step: 1 | -1) => void;
}

/** − n + with the spec's step of 1, bounded by 1 and the stock (the server keeps the same bounds). */
export function QuantityStepper({ quantity, stock, label, onStep }: QuantityStepperProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`Уменьшить количество: ${label}`}
        disabled={quantity <= 1}
        onClick={() => onStep(-BASKET_QUANTITY_STEP as -1)}
      >
        <span aria-hidden="true">−</span>
      </ActionIcon>
      <Text
        component="output"
        aria-live="polite"
        aria-label={`Количество: ${label}`}
        w={36}
        ta="center"
        fw={600}
        size="sm"
      >
        {quantity}
      </Text>
      <ActionIcon
        variant="default"
        size="md"
        aria-label={`Увеличить количество: ${label}`}
        disabled={quantity >= stock}
        onClick={() => onStep(BASKET_QUANTITY_STEP as 1)}
      >
        <span aria-hidden="true">+</span>
      </ActionIcon>
    </Group>
  );
}
